import Testing

@testable import Audit

/// ``MathAlphanumerics`` (`styled-letters`): markup it reports, and markup it leaves alone.
@Suite struct MathAlphanumericsTests {
  @Test(
    "reports",
    arguments: [
      ("<p>⟦𝐁𝐢𝐠⟧ sale</p>", ["3 letters written as mathematical symbols"]),
      ("<p>⟦𝑖𝑡𝑎𝑙𝑖𝑐⟧ text</p>", ["6 letters written as mathematical symbols"]),
    ] as [(String, [String])])
  func reports(_ marked: String, _ messages: [String]) throws {
    let result = try MarkedFindings("styled-letters", marked, at: .start)
    #expect(result.positions == result.expected, "\(marked)")
    #expect(result.messages == messages, "\(marked)")
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
