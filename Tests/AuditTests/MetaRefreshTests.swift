import Testing

@testable import Audit

/// ``MetaRefresh`` (`meta-refresh`): markup it reports, and markup it leaves alone.
@Suite struct MetaRefreshTests {
  @Test(
    "reports",
    arguments: [
      "<html lang=\"en\"><head><title>T</title><meta http-equiv=\"refresh\" content=\"30; url=/next\"></head><body>x</body></html>"
    ])
  func reports(_ body: String) throws {
    let findings = try AuditFixture.findings(of: "meta-refresh", in: body)
    #expect(findings.count >= 1, "\(body)")
    #expect(findings.allSatisfy { $0.rule == "meta-refresh" && $0.act == MetaRefresh.descriptor.act })
  }

  @Test(
    "leaves alone",
    arguments: [
      "<html lang=\"en\"><head><title>T</title><meta http-equiv=\"refresh\" content=\"0; url=/next\"></head><body>x</body></html>",
      "<html lang=\"en\"><head><title>T</title><meta http-equiv=\"refresh\" content=\"foo\"></head><body>x</body></html>",
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "meta-refresh", in: body).isEmpty, "\(body)")
  }
}
