import Testing

@testable import Audit

/// ``SVGName`` (`svg-img-alt`): markup it reports, and markup it leaves alone.
@Suite struct SVGNameTests {
  @Test(
    "reports",
    arguments: [
      "<svg role=\"img\"><circle r=\"4\"/></svg>"
    ])
  func reports(_ body: String) throws {
    let findings = try AuditFixture.findings(of: "svg-img-alt", in: body)
    #expect(findings.count >= 1, "\(body)")
    #expect(findings.allSatisfy { $0.rule == "svg-img-alt" && $0.act == SVGName.descriptor.act })
  }

  @Test(
    "leaves alone",
    arguments: [
      "<svg role=\"img\"><title>Dot</title><circle r=\"4\"/></svg>",
      "<svg role=\"img\" aria-label=\"Dot\"></svg>",
      "<svg><circle role=\"graphics-object\" r=\"4\"/></svg>",
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "svg-img-alt", in: body).isEmpty, "\(body)")
  }
}
