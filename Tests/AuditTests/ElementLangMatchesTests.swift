import Testing

@testable import Audit

/// ``ElementLangMatches`` (`lang-mismatch`): markup it reports, and markup it leaves alone.
@Suite struct ElementLangMatchesTests {
  @Test(
    "reports",
    arguments: [
      "<p lang=\"fr\">The quick brown fox jumps over the lazy dog near the river bank every morning.</p>"
    ])
  func reports(_ body: String) throws {
    let findings = try AuditFixture.findings(of: "lang-mismatch", in: body)
    #expect(findings.count >= 1, "\(body)")
    #expect(findings.allSatisfy { $0.rule == "lang-mismatch" && $0.act == ElementLangMatches.descriptor.act })
  }

  @Test(
    "leaves alone",
    arguments: [
      "<p lang=\"fr\">Le conseil municipal a décidé de rénover la bibliothèque publique pendant tout le mois de juillet.</p>"
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "lang-mismatch", in: body).isEmpty, "\(body)")
  }
}
