import Testing

@testable import Audit

/// ``PageTitle`` (`document-title`): markup it reports, and markup it leaves alone.
@Suite struct PageTitleTests {
  @Test(
    "reports",
    arguments: [
      "<html lang=\"en\"><head></head><body>x</body></html>",
      "<html lang=\"en\"><head><title> </title></head><body>x</body></html>",
      "<html lang=\"en\"><body><template><title>T</title></template></body></html>",
    ])
  func reports(_ body: String) throws {
    let findings = try AuditFixture.findings(of: "document-title", in: body)
    #expect(findings.count >= 1, "\(body)")
    #expect(findings.allSatisfy { $0.rule == "document-title" && $0.act == PageTitle.descriptor.act })
  }

  @Test(
    "leaves alone",
    arguments: [
      "<html lang=\"en\"><head><title>Home</title></head><body>x</body></html>"
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "document-title", in: body).isEmpty, "\(body)")
  }
}
