import Testing

@testable import Audit

/// ``HeaderHasCells`` (`th-has-data-cells`, ACT d0f69e), clause by clause of the rule text: each
/// marked start tag is where a finding is expected.
@Suite struct HeaderHasCellsTests {
  static let rule = "th-has-data-cells"
  static let message = "header cell is assigned to no cell"

  @Test(
    "a visible header cell that HTML's table model assigns to no cell is reported",
    arguments: [
      // A column header over a column without cells.
      "<table><tr><th>A</th><th>B</th>⟦<th>⟧C</th></tr><tr><td>1</td><td>2</td></tr></table>",
      // A row header whose row has no other cell.
      "<table><tr><th>A</th><th>B</th></tr><tr><td>1</td><td>2</td></tr><tr>⟦<th scope=\"row\">⟧C</th></tr></table>",
      // An explicit columnheader role on a td, over a column without cells.
      "<table><tr><td>A</td>⟦<td role=\"columnheader\">⟧B</td></tr><tr><td>1</td></tr></table>",
      // An ARIA table.
      """
      <div role="table"><div role="row"><span role="columnheader">A</span>⟦<span role="columnheader">⟧B</span></div>\
      <div role="row"><span role="cell">1</span></div></div>
      """,
    ])
  func reports(_ body: String) throws {
    let result = try MarkedFindings(Self.rule, body)
    #expect(result.positions == result.expected, "\(body)")
    #expect(result.messages == [Self.message], "\(body)")
  }

  @Test(
    "a header cell assigned to a cell, or one the rule does not apply to, passes",
    arguments: [
      "<table><tr><th>A</th><th>B</th></tr><tr><td>1</td><td>2</td></tr></table>",
      // Expectation: a header assigned to another header cell (an inheriting cell role).
      "<table><tr><th>Name</th><th>Age</th></tr><tr><th>Ann</th><td>5</td></tr></table>",
      // Expectation: assigned through another cell's headers attribute.
      "<table><tr><th>A</th><th id=\"b\">B</th></tr><tr><td>1</td></tr><tr><td headers=\"b\">2</td></tr></table>",
      // Expectation: a header spanning columns is assigned to the cells under any of them.
      "<table><tr><th colspan=\"2\">A</th></tr><tr><td>1</td><td>2</td></tr></table>",
      // Applicability: not visible (empty), not in the accessibility tree.
      "<table><tr><th>A</th><th></th></tr><tr><td>1</td></tr></table>",
      "<table><tr><th>A</th><th aria-hidden=\"true\">B</th></tr><tr><td>1</td></tr></table>",
      "<table><tr><th>A</th><th style=\"display:none\">B</th></tr><tr><td>1</td></tr></table>",
      // Applicability: the closest table is not a semantic table (presentational) or is hidden.
      "<table role=\"presentation\"><tr><th>A</th><th>B</th></tr><tr><td>1</td></tr></table>",
      "<table aria-hidden=\"true\"><tr><th>A</th><th>B</th></tr><tr><td>1</td></tr></table>",
      // Applicability: a th that HTML's table model makes neither a column nor a row header is a cell.
      "<table><tr><td>1</td><th>B</th></tr><tr><td>2</td><td>3</td></tr></table>",
      // An ARIA grid whose headers head cells.
      """
      <div role="grid"><div role="row"><span role="columnheader">A</span><span role="columnheader">B</span></div>\
      <div role="row"><span role="gridcell">1</span><span role="gridcell">2</span></div></div>
      """,
    ])
  func passes(_ body: String) throws {
    #expect(try MarkedFindings(Self.rule, body).findings.isEmpty, "\(body)")
  }

  @Test("a header over more candidate cells than the limit, none assignable, is left undecided and not reported")
  func aHugeTableStopsUndecided() throws {
    let rows = String(repeating: "<tr><td headers=\"none\">x</td></tr>", count: HeaderHasCells.candidateLimit + 10)
    let result = try MarkedFindings(Self.rule, "<table><tr><th>Top</th></tr>\(rows)</table>")
    #expect(result.findings.isEmpty)
    let fewer = String(repeating: "<tr><td headers=\"none\">x</td></tr>", count: 100)
    let reported = try MarkedFindings(Self.rule, "<table><tr>⟦<th>⟧Top</th></tr>\(fewer)</table>")
    #expect(reported.positions == reported.expected)
  }
}
