import Testing

@testable import Audit

/// ``LinkName`` (`link-name`): markup it reports, and markup it leaves alone.
@Suite struct LinkNameTests {
  @Test(
    "reports",
    arguments: [
      ("⟦<a href=\"/x\">⟧</a>", ["link has no accessible name"]),
      ("⟦<a href=\"/x\">⟧<img src=\"a.png\" alt=\"\"></a>", ["link has no accessible name"]),
      ("⟦<a href=\"/x\" role=\"doc-biblioref\">⟧</a>", ["link has no accessible name"]),
    ] as [(String, [String])])
  func reports(_ marked: String, _ messages: [String]) throws {
    let result = try MarkedFindings("link-name", marked)
    #expect(result.positions == result.expected, "\(marked)")
    #expect(result.messages == messages, "\(marked)")
  }

  @Test(
    "leaves alone",
    arguments: [
      "<a href=\"/x\">Home</a>",
      "<a href=\"/x\"><img src=\"a.png\" alt=\"Home\"></a>",
      "<a>no href</a>",
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "link-name", in: body).isEmpty, "\(body)")
  }
}
