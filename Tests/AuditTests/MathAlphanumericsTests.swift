import Testing

@testable import Audit

/// ``MathAlphanumerics`` (`styled-letters`): markup it reports, and markup it leaves alone.
@Suite struct MathAlphanumericsTests {
  @Test(
    "reports",
    arguments: [
      "<p>𝐁𝐢𝐠 sale</p>",
      "<p>𝑖𝑡𝑎𝑙𝑖𝑐 text</p>",
    ])
  func reports(_ body: String) throws {
    let findings = try AuditFixture.findings(of: "styled-letters", in: body)
    #expect(findings.count >= 1, "\(body)")
    #expect(findings.allSatisfy { $0.rule == "styled-letters" && $0.act == MathAlphanumerics.descriptor.act })
  }

  @Test(
    "leaves alone",
    arguments: [
      "<p>Big sale</p>",
      "<p>𝑥 = 2</p>",
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "styled-letters", in: body).isEmpty, "\(body)")
  }
}
