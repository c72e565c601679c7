import Testing

@testable import Audit

/// ``UndeclaredLanguage`` (`undeclared-language`): markup it reports, and markup it leaves alone.
@Suite struct UndeclaredLanguageTests {
  @Test(
    "reports",
    arguments: [
      "<p>Le conseil municipal a décidé de rénover la bibliothèque publique pendant tout le mois de juillet prochain.</p>"
    ])
  func reports(_ body: String) throws {
    let findings = try AuditFixture.findings(of: "undeclared-language", in: body)
    #expect(findings.count >= 1, "\(body)")
    #expect(findings.allSatisfy { $0.rule == "undeclared-language" && $0.act == UndeclaredLanguage.descriptor.act })
  }

  @Test(
    "leaves alone",
    arguments: [
      "<p lang=\"fr\">Le conseil municipal a décidé de rénover la bibliothèque publique pendant tout le mois de juillet prochain.</p>",
      "<p>The council decided to renovate the public library during the whole month of July next year.</p>",
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "undeclared-language", in: body).isEmpty, "\(body)")
  }
}
