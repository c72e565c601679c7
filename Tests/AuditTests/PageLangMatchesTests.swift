import Testing

@testable import Audit

/// ``PageLangMatches`` (`html-lang-mismatch`): markup it reports, and markup it leaves alone.
@Suite struct PageLangMatchesTests {
  @Test(
    "reports",
    arguments: [
      (
        "⟦<html lang=\"nl\">⟧<head><title>Welcome</title></head><body><p>The quick brown fox jumps over the lazy dog near the river bank every morning.</p></body></html>",
        ["lang=\"nl\" but the page reads as en"]
      )
    ] as [(String, [String])])
  func reports(_ marked: String, _ messages: [String]) throws {
    let result = try MarkedFindings("html-lang-mismatch", marked)
    #expect(result.positions == result.expected, "\(marked)")
    #expect(result.messages == messages, "\(marked)")
  }

  @Test(
    "leaves alone",
    arguments: [
      "<html lang=\"en\"><head><title>Welcome</title></head><body><p>The quick brown fox jumps over the lazy dog near the river bank every morning.</p></body></html>"
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "html-lang-mismatch", in: body).isEmpty, "\(body)")
  }
}
