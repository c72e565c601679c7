import Testing

@testable import Audit

/// ``HeadersAttribute`` (`td-headers-attr`): markup it reports, and markup it leaves alone.
@Suite struct HeadersAttributeTests {
  @Test(
    "reports",
    arguments: [
      (
        "<table><tr><th id=\"h\">H</th></tr><tr>⟦<td headers=\"nope\">⟧1</td></tr></table>",
        ["headers names \"nope\", which is not another cell of this table"]
      ),
      (
        "<table><tr>⟦<td id=\"me\" headers=\"me\">⟧1</td></tr></table>",
        ["headers names \"me\", which is not another cell of this table"]
      ),
    ] as [(String, [String])])
  func reports(_ marked: String, _ messages: [String]) throws {
    let result = try MarkedFindings("td-headers-attr", marked)
    #expect(result.positions == result.expected, "\(marked)")
    #expect(result.messages == messages, "\(marked)")
  }

  @Test(
    "leaves alone",
    arguments: [
      "<table><tr><th id=\"h\">H</th></tr><tr><td headers=\"h\">1</td></tr></table>"
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "td-headers-attr", in: body).isEmpty, "\(body)")
  }
}
