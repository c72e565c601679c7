import Testing

@testable import Audit

/// ``LinkName`` (`link-name`): markup it reports, and markup it leaves alone.
@Suite struct LinkNameTests {
  @Test(
    "reports",
    arguments: [
      "<a href=\"/x\"></a>",
      "<a href=\"/x\"><img src=\"a.png\" alt=\"\"></a>",
      "<a href=\"/x\" role=\"doc-biblioref\"></a>",
    ])
  func reports(_ body: String) throws {
    let findings = try AuditFixture.findings(of: "link-name", in: body)
    #expect(findings.count >= 1, "\(body)")
    #expect(findings.allSatisfy { $0.rule == "link-name" && $0.act == LinkName.descriptor.act })
  }

  @Test(
    "leaves alone",
    arguments: [
      "<a href=\"/x\">Home</a>",
      "<a href=\"/x\"><img src=\"a.png\" alt=\"Home\"></a>",
      "<a>no href</a>",
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "link-name", in: body).isEmpty, "\(body)")
  }
}
