import Testing

@testable import Audit

/// ``EmptyTableHeader`` (`empty-table-header`): markup it reports, and markup it leaves alone.
@Suite struct EmptyTableHeaderTests {
  @Test(
    "reports",
    arguments: [
      ("<table><tr>⟦<th>⟧</th><th>B</th></tr><tr><td>1</td><td>2</td></tr></table>", ["table header cell is empty"])
    ] as [(String, [String])])
  func reports(_ marked: String, _ messages: [String]) throws {
    let result = try MarkedFindings("empty-table-header", marked)
    #expect(result.positions == result.expected, "\(marked)")
    #expect(result.messages == messages, "\(marked)")
  }

  @Test(
    "leaves alone",
    arguments: [
      "<table><tr><th>A</th></tr><tr><td>1</td></tr></table>"
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "empty-table-header", in: body).isEmpty, "\(body)")
  }
}
