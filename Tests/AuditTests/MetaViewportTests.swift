import Testing

@testable import Audit

/// ``MetaViewport`` (`meta-viewport`): markup it reports, and markup it leaves alone.
@Suite struct MetaViewportTests {
  @Test(
    "reports",
    arguments: [
      (
        "<html lang=\"en\"><head><title>T</title>⟦<meta name=\"viewport\" content=\"user-scalable=no\">⟧</head><body>x</body></html>",
        ["the viewport forbids zooming (user-scalable=no)"]
      ),
      (
        "<html lang=\"en\"><head><title>T</title>⟦<meta name=\"viewport\" content=\"maximum-scale=1.5\">⟧</head><body>x</body></html>",
        ["the viewport limits zoom to 1.5"]
      ),
    ] as [(String, [String])])
  func reports(_ marked: String, _ messages: [String]) throws {
    let result = try MarkedFindings("meta-viewport", marked)
    #expect(result.positions == result.expected, "\(marked)")
    #expect(result.messages == messages, "\(marked)")
  }

  @Test(
    "leaves alone",
    arguments: [
      "<html lang=\"en\"><head><title>T</title><meta name=\"viewport\" content=\"width=device-width, maximum-scale=2\"></head><body>x</body></html>"
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "meta-viewport", in: body).isEmpty, "\(body)")
  }
}
