import Testing

@testable import Audit

/// ``HTMLLangValid`` (`html-lang-valid`): markup it reports, and markup it leaves alone.
@Suite struct HTMLLangValidTests {
  @Test(
    "reports",
    arguments: [
      "<html lang=\"english\"><head><title>T</title></head><body>x</body></html>",
      "<html lang=\"#1\"><head><title>T</title></head><body>x</body></html>",
    ])
  func reports(_ body: String) throws {
    let findings = try AuditFixture.findings(of: "html-lang-valid", in: body)
    #expect(findings.count >= 1, "\(body)")
    #expect(findings.allSatisfy { $0.rule == "html-lang-valid" && $0.act == HTMLLangValid.descriptor.act })
  }

  @Test(
    "leaves alone",
    arguments: [
      "<html lang=\"en-US\"><head><title>T</title></head><body>x</body></html>",
      "<html lang=\"FR\"><head><title>T</title></head><body>x</body></html>",
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "html-lang-valid", in: body).isEmpty, "\(body)")
  }
}
