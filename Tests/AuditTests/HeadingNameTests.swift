import Testing

@testable import Audit

/// ``HeadingName`` (`empty-heading`): markup it reports, and markup it leaves alone.
@Suite struct HeadingNameTests {
  @Test(
    "reports",
    arguments: [
      "<h1></h1>",
      "<h2><span aria-hidden=\"true\">x</span></h2>",
      "<div role=\"heading\"></div>",
    ])
  func reports(_ body: String) throws {
    let findings = try AuditFixture.findings(of: "empty-heading", in: body)
    #expect(findings.count >= 1, "\(body)")
    #expect(findings.allSatisfy { $0.rule == "empty-heading" && $0.act == HeadingName.descriptor.act })
  }

  @Test(
    "leaves alone",
    arguments: [
      "<h1>Title</h1>",
      "<h2><img src=\"a.png\" alt=\"Title\"></h2>",
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "empty-heading", in: body).isEmpty, "\(body)")
  }
}
