import Testing

@testable import Audit

/// ``PlainContact`` (`contact-not-linked`): markup it reports, and markup it leaves alone.
@Suite struct PlainContactTests {
  @Test(
    "reports",
    arguments: [
      "<p>Mail ann@example.org today</p>",
      "<p>Call +1 202-555-0143 now</p>",
    ])
  func reports(_ body: String) throws {
    let findings = try AuditFixture.findings(of: "contact-not-linked", in: body)
    #expect(findings.count >= 1, "\(body)")
    #expect(findings.allSatisfy { $0.rule == "contact-not-linked" && $0.act == PlainContact.descriptor.act })
  }

  @Test(
    "leaves alone",
    arguments: [
      "<p>Mail <a href=\"mailto:ann@example.org\">ann@example.org</a></p>",
      "<p>Call <a href=\"tel:+12025550143\">+1 202-555-0143</a></p>",
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "contact-not-linked", in: body).isEmpty, "\(body)")
  }
}
