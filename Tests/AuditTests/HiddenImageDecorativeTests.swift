import Testing

@testable import Audit

/// ``HiddenImageDecorative`` (`image-hidden-not-decorative`): markup it reports, and markup it leaves alone.
@Suite struct HiddenImageDecorativeTests {
  @Test(
    "reports",
    arguments: [
      "<img src=\"w3c.png\" aria-hidden=\"true\" alt=\"W3C logo\">",
      "<img src=\"w3c-logo.png\" alt=\"\">",
    ])
  func reports(_ body: String) throws {
    let findings = try AuditFixture.findings(of: "image-hidden-not-decorative", in: body)
    #expect(findings.count >= 1, "\(body)")
    #expect(
      findings.allSatisfy { $0.rule == "image-hidden-not-decorative" && $0.act == HiddenImageDecorative.descriptor.act }
    )
  }

  @Test(
    "leaves alone",
    arguments: [
      "<img src=\"fireworks.jpg\" aria-hidden=\"true\" alt=\"\">",
      "<img src=\"fireworks.jpg\" alt=\"\">",
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "image-hidden-not-decorative", in: body).isEmpty, "\(body)")
  }
}
