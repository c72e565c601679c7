import Testing

@testable import Audit

/// ``ObjectName`` (`object-alt`): markup it reports, and markup it leaves alone.
@Suite struct ObjectNameTests {
  @Test(
    "reports",
    arguments: [
      "<object data=\"a.png\" type=\"image/png\"></object>",
      "<object data=\"song.mp3\"></object>",
    ])
  func reports(_ body: String) throws {
    let findings = try AuditFixture.findings(of: "object-alt", in: body)
    #expect(findings.count >= 1, "\(body)")
    #expect(findings.allSatisfy { $0.rule == "object-alt" && $0.act == ObjectName.descriptor.act })
  }

  @Test(
    "leaves alone",
    arguments: [
      "<object data=\"a.png\" type=\"image/png\" title=\"Map\"></object>",
      "<object data=\"page.html\"></object>",
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "object-alt", in: body).isEmpty, "\(body)")
  }
}
