import Testing

@testable import Audit

/// ``ARIAAttributeDefined`` (`aria-valid-attr`): markup it reports, and markup it leaves alone.
@Suite struct ARIAAttributeDefinedTests {
  @Test(
    "reports",
    arguments: [
      "<div aria-lable=\"x\">y</div>"
    ])
  func reports(_ body: String) throws {
    let findings = try AuditFixture.findings(of: "aria-valid-attr", in: body)
    #expect(findings.count >= 1, "\(body)")
    #expect(findings.allSatisfy { $0.rule == "aria-valid-attr" && $0.act == ARIAAttributeDefined.descriptor.act })
  }

  @Test(
    "leaves alone",
    arguments: [
      "<div aria-label=\"x\">y</div>",
      "<div data-aria=\"x\">y</div>",
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "aria-valid-attr", in: body).isEmpty, "\(body)")
  }
}
