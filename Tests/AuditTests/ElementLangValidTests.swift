import Testing

@testable import Audit

/// ``ElementLangValid`` (`valid-lang`): markup it reports, and markup it leaves alone.
@Suite struct ElementLangValidTests {
  @Test(
    "reports",
    arguments: [
      "<p lang=\"eng\">Hello there</p>",
      "<p lang=\"invalid\">Hello</p>",
    ])
  func reports(_ body: String) throws {
    let findings = try AuditFixture.findings(of: "valid-lang", in: body)
    #expect(findings.count >= 1, "\(body)")
    #expect(findings.allSatisfy { $0.rule == "valid-lang" && $0.act == ElementLangValid.descriptor.act })
  }

  @Test(
    "leaves alone",
    arguments: [
      "<p lang=\"fr\">Bonjour</p>",
      "<p lang=\"invalid\"></p>",
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "valid-lang", in: body).isEmpty, "\(body)")
  }
}
