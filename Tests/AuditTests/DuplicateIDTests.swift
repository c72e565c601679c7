import Testing

@testable import Audit

/// ``DuplicateID`` (`duplicate-id`): markup it reports, and markup it leaves alone.
@Suite struct DuplicateIDTests {
  @Test(
    "reports",
    arguments: [
      "<p id=\"a\">x</p><p id=\"a\">y</p>"
    ])
  func reports(_ body: String) throws {
    let findings = try AuditFixture.findings(of: "duplicate-id", in: body)
    #expect(findings.count >= 1, "\(body)")
    #expect(findings.allSatisfy { $0.rule == "duplicate-id" && $0.act == DuplicateID.descriptor.act })
  }

  @Test(
    "leaves alone",
    arguments: [
      "<p id=\"a\">x</p><p id=\"b\">y</p>"
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "duplicate-id", in: body).isEmpty, "\(body)")
  }
}
