import Testing

@testable import Audit

/// ``LinkText`` (`link-text`): markup it reports, and markup it leaves alone.
@Suite struct LinkTextTests {
  @Test(
    "reports",
    arguments: [
      ("⟦<a href=\"/r\">⟧Click here</a>", ["link text \"Click here\" does not say where the link goes"]),
      ("⟦<a href=\"/r\">⟧続きを読む</a>", ["link text \"続きを読む\" does not say where the link goes"]),
      ("⟦<a href=\"/r\">⟧点击这里</a>", ["link text \"点击这里\" does not say where the link goes"]),
      ("⟦<a href=\"/r\">⟧Xem thêm</a>", ["link text \"Xem thêm\" does not say where the link goes"]),
      ("⟦<a href=\"/r\">⟧اقرأ المزيد</a>", ["link text \"اقرأ المزيد\" does not say where the link goes"]),
      (
        "⟦<a href=\"https://example.org/report\">⟧https://example.org/report</a>",
        ["link text is a bare URL, read out character by character"]
      ),
    ] as [(String, [String])])
  func reports(_ marked: String, _ messages: [String]) throws {
    let result = try MarkedFindings("link-text", marked)
    #expect(result.positions == result.expected, "\(marked)")
    #expect(result.messages == messages, "\(marked)")
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
