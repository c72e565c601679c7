import Testing

@testable import Audit

/// ``DecorativeNotExposed`` (`presentation-role-conflict`): markup it reports, and markup it leaves alone.
@Suite struct DecorativeNotExposedTests {
  @Test(
    "reports",
    arguments: [
      "<nav role=\"none\" aria-label=\"Main\">x</nav>",
      "<img src=\"a.png\" alt=\"\" tabindex=\"0\">",
    ])
  func reports(_ body: String) throws {
    let findings = try AuditFixture.findings(of: "presentation-role-conflict", in: body)
    #expect(findings.count >= 1, "\(body)")
    #expect(
      findings.allSatisfy { $0.rule == "presentation-role-conflict" && $0.act == DecorativeNotExposed.descriptor.act })
  }

  @Test(
    "leaves alone",
    arguments: [
      "<nav role=\"none\">x</nav>",
      "<img src=\"a.png\" alt=\"\">",
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "presentation-role-conflict", in: body).isEmpty, "\(body)")
  }
}
