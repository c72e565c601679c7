import Testing

@testable import Audit

/// ``ImageButtonName`` (`input-image-alt`): markup it reports, and markup it leaves alone.
@Suite struct ImageButtonNameTests {
  @Test(
    "reports",
    arguments: [
      "<input type=\"image\" src=\"go.png\">"
    ])
  func reports(_ body: String) throws {
    let findings = try AuditFixture.findings(of: "input-image-alt", in: body)
    #expect(findings.count >= 1, "\(body)")
    #expect(findings.allSatisfy { $0.rule == "input-image-alt" && $0.act == ImageButtonName.descriptor.act })
  }

  @Test(
    "leaves alone",
    arguments: [
      "<input type=\"image\" src=\"go.png\" alt=\"Search\">",
      "<input type=\"image\" src=\"go.png\" title=\"Search\">",
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "input-image-alt", in: body).isEmpty, "\(body)")
  }
}
