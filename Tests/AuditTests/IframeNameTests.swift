import Testing

@testable import Audit

/// ``IframeName`` (`frame-title`): markup it reports, and markup it leaves alone.
@Suite struct IframeNameTests {
  @Test(
    "reports",
    arguments: [
      ("⟦<iframe src=\"a.html\">⟧</iframe>", ["iframe has no accessible name"])
    ] as [(String, [String])])
  func reports(_ marked: String, _ messages: [String]) throws {
    let result = try MarkedFindings("frame-title", marked)
    #expect(result.positions == result.expected, "\(marked)")
    #expect(result.messages == messages, "\(marked)")
  }

  @Test(
    "leaves alone",
    arguments: [
      "<iframe src=\"a.html\" title=\"Map\"></iframe>",
      "<iframe src=\"a.html\" tabindex=\"-1\"></iframe>",
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "frame-title", in: body).isEmpty, "\(body)")
  }
}
