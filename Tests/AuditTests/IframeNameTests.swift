import Testing

@testable import Audit

/// ``IframeName`` (`frame-title`): markup it reports, and markup it leaves alone.
@Suite struct IframeNameTests {
  @Test(
    "reports",
    arguments: [
      "<iframe src=\"a.html\"></iframe>"
    ])
  func reports(_ body: String) throws {
    let findings = try AuditFixture.findings(of: "frame-title", in: body)
    #expect(findings.count >= 1, "\(body)")
    #expect(findings.allSatisfy { $0.rule == "frame-title" && $0.act == IframeName.descriptor.act })
  }

  @Test(
    "leaves alone",
    arguments: [
      "<iframe src=\"a.html\" title=\"Map\"></iframe>",
      "<iframe src=\"a.html\" tabindex=\"-1\"></iframe>",
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "frame-title", in: body).isEmpty, "\(body)")
  }
}
