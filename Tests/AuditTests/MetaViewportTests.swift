import Testing

@testable import Audit

/// ``MetaViewport`` (`meta-viewport`): markup it reports, and markup it leaves alone.
@Suite struct MetaViewportTests {
  @Test(
    "reports",
    arguments: [
      "<html lang=\"en\"><head><title>T</title><meta name=\"viewport\" content=\"user-scalable=no\"></head><body>x</body></html>",
      "<html lang=\"en\"><head><title>T</title><meta name=\"viewport\" content=\"maximum-scale=1.5\"></head><body>x</body></html>",
    ])
  func reports(_ body: String) throws {
    let findings = try AuditFixture.findings(of: "meta-viewport", in: body)
    #expect(findings.count >= 1, "\(body)")
    #expect(findings.allSatisfy { $0.rule == "meta-viewport" && $0.act == MetaViewport.descriptor.act })
  }

  @Test(
    "leaves alone",
    arguments: [
      "<html lang=\"en\"><head><title>T</title><meta name=\"viewport\" content=\"width=device-width, maximum-scale=2\"></head><body>x</body></html>"
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "meta-viewport", in: body).isEmpty, "\(body)")
  }
}
