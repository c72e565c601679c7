import Testing

@testable import Audit

/// ``RedundantAlt`` (`image-redundant-alt`): markup it reports, and markup it leaves alone.
@Suite struct RedundantAltTests {
  @Test(
    "reports",
    arguments: [
      "<a href=\"/\"><img src=\"h.png\" alt=\"Home\">Home</a>"
    ])
  func reports(_ body: String) throws {
    let findings = try AuditFixture.findings(of: "image-redundant-alt", in: body)
    #expect(findings.count >= 1, "\(body)")
    #expect(findings.allSatisfy { $0.rule == "image-redundant-alt" && $0.act == RedundantAlt.descriptor.act })
  }

  @Test(
    "leaves alone",
    arguments: [
      "<a href=\"/\"><img src=\"h.png\" alt=\"\">Home</a>",
      "<a href=\"/\"><img src=\"h.png\" alt=\"House icon\">Home</a>",
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "image-redundant-alt", in: body).isEmpty, "\(body)")
  }
}
