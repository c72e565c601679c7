import Testing

@testable import Audit

/// ``RoleValid`` (`aria-roles`): markup it reports, and markup it leaves alone.
@Suite struct RoleValidTests {
  @Test(
    "reports",
    arguments: [
      "<div role=\"buton\">x</div>",
      "<div role=\"foo bar\">x</div>",
    ])
  func reports(_ body: String) throws {
    let findings = try AuditFixture.findings(of: "aria-roles", in: body)
    #expect(findings.count >= 1, "\(body)")
    #expect(findings.allSatisfy { $0.rule == "aria-roles" && $0.act == RoleValid.descriptor.act })
  }

  @Test(
    "leaves alone",
    arguments: [
      "<div role=\"button\">x</div>",
      "<div role=\"foo button\">x</div>",
      "<div role=\" \">x</div>",
      "<div role=\"foo\" hidden>x</div>",
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "aria-roles", in: body).isEmpty, "\(body)")
  }
}
