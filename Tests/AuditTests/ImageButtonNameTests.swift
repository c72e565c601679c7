import Testing

@testable import Audit

/// ``ImageButtonName`` (`input-image-alt`): markup it reports, and markup it leaves alone.
@Suite struct ImageButtonNameTests {
  @Test(
    "reports",
    arguments: [
      ("⟦<input type=\"image\" src=\"go.png\">⟧", ["image button has no accessible name"])
    ] as [(String, [String])])
  func reports(_ marked: String, _ messages: [String]) throws {
    let result = try MarkedFindings("input-image-alt", marked)
    #expect(result.positions == result.expected, "\(marked)")
    #expect(result.messages == messages, "\(marked)")
  }

  @Test(
    "leaves alone",
    arguments: [
      "<input type=\"image\" src=\"go.png\" alt=\"Search\">",
      "<input type=\"image\" src=\"go.png\" title=\"Search\">",
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "input-image-alt", in: body).isEmpty, "\(body)")
  }
}
