import Testing

@testable import Audit

/// ``MetaRefresh`` (`meta-refresh`): markup it reports, and markup it leaves alone.
@Suite struct MetaRefreshTests {
  @Test(
    "reports",
    arguments: [
      (
        "<html lang=\"en\"><head><title>T</title>⟦<meta http-equiv=\"refresh\" content=\"30; url=/next\">⟧</head><body>x</body></html>",
        ["the page refreshes or redirects after 30 s"]
      )
    ] as [(String, [String])])
  func reports(_ marked: String, _ messages: [String]) throws {
    let result = try MarkedFindings("meta-refresh", marked)
    #expect(result.positions == result.expected, "\(marked)")
    #expect(result.messages == messages, "\(marked)")
  }

  @Test(
    "leaves alone",
    arguments: [
      "<html lang=\"en\"><head><title>T</title><meta http-equiv=\"refresh\" content=\"0; url=/next\"></head><body>x</body></html>",
      "<html lang=\"en\"><head><title>T</title><meta http-equiv=\"refresh\" content=\"foo\"></head><body>x</body></html>",
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "meta-refresh", in: body).isEmpty, "\(body)")
  }
}
