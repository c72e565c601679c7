import Testing

@testable import Audit

/// ``ARIAValueValid`` (`aria-valid-attr-value`): markup it reports, and markup it leaves alone.
@Suite struct ARIAValueValidTests {
  @Test(
    "reports",
    arguments: [
      "<div role=\"checkbox\" aria-checked=\"yes\">x</div>",
      "<div aria-live=\"loud\">x</div>",
      "<div role=\"heading\" aria-level=\"two\">x</div>",
    ])
  func reports(_ body: String) throws {
    let findings = try AuditFixture.findings(of: "aria-valid-attr-value", in: body)
    #expect(findings.count >= 1, "\(body)")
    #expect(findings.allSatisfy { $0.rule == "aria-valid-attr-value" && $0.act == ARIAValueValid.descriptor.act })
  }

  @Test(
    "leaves alone",
    arguments: [
      "<div role=\"checkbox\" aria-checked=\"mixed\">x</div>",
      "<div aria-live=\"polite\">x</div>",
      "<div role=\"heading\" aria-level=\"2\">x</div>",
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "aria-valid-attr-value", in: body).isEmpty, "\(body)")
  }
}
