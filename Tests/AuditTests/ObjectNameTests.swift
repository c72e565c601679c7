import Testing

@testable import Audit

/// ``ObjectName`` (`object-alt`): markup it reports, and markup it leaves alone.
@Suite struct ObjectNameTests {
  @Test(
    "reports",
    arguments: [
      ("⟦<object data=\"a.png\" type=\"image/png\">⟧</object>", ["object has no accessible name"]),
      ("⟦<object data=\"song.mp3\">⟧</object>", ["object has no accessible name"]),
    ] as [(String, [String])])
  func reports(_ marked: String, _ messages: [String]) throws {
    let result = try MarkedFindings("object-alt", marked)
    #expect(result.positions == result.expected, "\(marked)")
    #expect(result.messages == messages, "\(marked)")
  }

  @Test(
    "leaves alone",
    arguments: [
      "<object data=\"a.png\" type=\"image/png\" title=\"Map\"></object>",
      "<object data=\"page.html\"></object>",
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "object-alt", in: body).isEmpty, "\(body)")
  }
}
