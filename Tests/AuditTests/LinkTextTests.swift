import Testing

@testable import Audit

/// ``LinkText`` (`link-text`): markup it reports, and markup it leaves alone.
@Suite struct LinkTextTests {
  @Test(
    "reports",
    arguments: [
      "<a href=\"/r\">Click here</a>",
      "<a href=\"/r\">続きを読む</a>",
      "<a href=\"/r\">点击这里</a>",
      "<a href=\"/r\">Xem thêm</a>",
      "<a href=\"/r\">اقرأ المزيد</a>",
      "<a href=\"https://example.org/report\">https://example.org/report</a>",
    ])
  func reports(_ body: String) throws {
    let findings = try AuditFixture.findings(of: "link-text", in: body)
    #expect(findings.count >= 1, "\(body)")
    #expect(findings.allSatisfy { $0.rule == "link-text" && $0.act == LinkText.descriptor.act })
  }

  @Test(
    "leaves alone",
    arguments: [
      "<a href=\"/r\">2025 annual report</a>"
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "link-text", in: body).isEmpty, "\(body)")
  }
}
