import Testing

@testable import Audit

/// ``HTMLHasLang`` (`html-has-lang`): markup it reports, and markup it leaves alone.
@Suite struct HTMLHasLangTests {
  @Test(
    "reports",
    arguments: [
      "<html><head><title>T</title></head><body>x</body></html>",
      "<html lang=\" \"><head><title>T</title></head><body>x</body></html>",
    ])
  func reports(_ body: String) throws {
    let findings = try AuditFixture.findings(of: "html-has-lang", in: body)
    #expect(findings.count >= 1, "\(body)")
    #expect(findings.allSatisfy { $0.rule == "html-has-lang" && $0.act == HTMLHasLang.descriptor.act })
  }

  @Test(
    "leaves alone",
    arguments: [
      "<html lang=\"en\"><head><title>T</title></head><body>x</body></html>"
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "html-has-lang", in: body).isEmpty, "\(body)")
  }
}
