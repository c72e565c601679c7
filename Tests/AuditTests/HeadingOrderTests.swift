import Testing

@testable import Audit

/// ``HeadingOrder`` (`heading-order`): markup it reports, and markup it leaves alone.
@Suite struct HeadingOrderTests {
  @Test(
    "reports",
    arguments: [
      "<h1>A</h1><h3>B</h3>"
    ])
  func reports(_ body: String) throws {
    let findings = try AuditFixture.findings(of: "heading-order", in: body)
    #expect(findings.count >= 1, "\(body)")
    #expect(findings.allSatisfy { $0.rule == "heading-order" && $0.act == HeadingOrder.descriptor.act })
  }

  @Test(
    "leaves alone",
    arguments: [
      "<h1>A</h1><h2>B</h2><h3>C</h3><h2>D</h2>"
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "heading-order", in: body).isEmpty, "\(body)")
  }
}
