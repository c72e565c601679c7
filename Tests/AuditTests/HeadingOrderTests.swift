import Testing

@testable import Audit

/// ``HeadingOrder`` (`heading-order`): markup it reports, and markup it leaves alone.
@Suite struct HeadingOrderTests {
  @Test(
    "reports",
    arguments: [
      ("<h1>A</h1>⟦<h3>⟧B</h3>", ["heading level 3 follows level 1"])
    ] as [(String, [String])])
  func reports(_ marked: String, _ messages: [String]) throws {
    let result = try MarkedFindings("heading-order", marked)
    #expect(result.positions == result.expected, "\(marked)")
    #expect(result.messages == messages, "\(marked)")
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
