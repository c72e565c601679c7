import Testing

@testable import Audit

/// ``ImageAlt`` (`image-alt`): markup it reports, and markup it leaves alone.
@Suite struct ImageAltTests {
  @Test(
    "reports",
    arguments: [
      "<img src=\"a.png\">",
      "<div role=\"img\"></div>",
      "<img src=\"a.png\" alt=\" \">",
    ])
  func reports(_ body: String) throws {
    let findings = try AuditFixture.findings(of: "image-alt", in: body)
    #expect(findings.count >= 1, "\(body)")
    #expect(findings.allSatisfy { $0.rule == "image-alt" && $0.act == ImageAlt.descriptor.act })
  }

  @Test(
    "leaves alone",
    arguments: [
      "<img src=\"a.png\" alt=\"Logo\">",
      "<img src=\"a.png\" alt=\"\">",
      "<img src=\"a.png\" aria-hidden=\"true\">",
      "<img src=\"a.png\" aria-labelledby=\"l\"><span id=\"l\">Map</span>",
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "image-alt", in: body).isEmpty, "\(body)")
  }
}
