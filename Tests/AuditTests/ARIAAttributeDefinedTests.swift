import Testing

@testable import Audit

/// ``ARIAAttributeDefined`` (`aria-valid-attr`): markup it reports, and markup it leaves alone.
@Suite struct ARIAAttributeDefinedTests {
  @Test(
    "reports",
    arguments: [
      ("⟦<div aria-lable=\"x\">⟧y</div>", ["aria-lable is not a WAI-ARIA attribute"])
    ] as [(String, [String])])
  func reports(_ marked: String, _ messages: [String]) throws {
    let result = try MarkedFindings("aria-valid-attr", marked)
    #expect(result.positions == result.expected, "\(marked)")
    #expect(result.messages == messages, "\(marked)")
  }

  @Test(
    "leaves alone",
    arguments: [
      "<div aria-label=\"x\">y</div>",
      "<div data-aria=\"x\">y</div>",
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "aria-valid-attr", in: body).isEmpty, "\(body)")
  }
}
