import Testing

@testable import Audit

/// ``PageLangMatches`` (`html-lang-mismatch`): markup it reports, and markup it leaves alone.
@Suite struct PageLangMatchesTests {
  @Test(
    "reports",
    arguments: [
      "<html lang=\"nl\"><head><title>Welcome</title></head><body><p>The quick brown fox jumps over the lazy dog near the river bank every morning.</p></body></html>"
    ])
  func reports(_ body: String) throws {
    let findings = try AuditFixture.findings(of: "html-lang-mismatch", in: body)
    #expect(findings.count >= 1, "\(body)")
    #expect(findings.allSatisfy { $0.rule == "html-lang-mismatch" && $0.act == PageLangMatches.descriptor.act })
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
