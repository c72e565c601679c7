import Testing

@testable import Audit

/// ``HeadingName`` (`empty-heading`): markup it reports, and markup it leaves alone.
@Suite struct HeadingNameTests {
  @Test(
    "reports",
    arguments: [
      ("⟦<h1>⟧</h1>", ["heading has no text"]),
      ("⟦<h2>⟧<span aria-hidden=\"true\">x</span></h2>", ["heading has no text"]),
      ("⟦<div role=\"heading\">⟧</div>", ["heading has no text"]),
    ] as [(String, [String])])
  func reports(_ marked: String, _ messages: [String]) throws {
    let result = try MarkedFindings("empty-heading", marked)
    #expect(result.positions == result.expected, "\(marked)")
    #expect(result.messages == messages, "\(marked)")
  }

  @Test(
    "leaves alone",
    arguments: [
      "<h1>Title</h1>",
      "<h2><img src=\"a.png\" alt=\"Title\"></h2>",
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "empty-heading", in: body).isEmpty, "\(body)")
  }
}
