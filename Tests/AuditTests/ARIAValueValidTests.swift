import Testing

@testable import Audit

/// ``ARIAValueValid`` (`aria-valid-attr-value`): markup it reports, and markup it leaves alone.
@Suite struct ARIAValueValidTests {
  @Test(
    "reports",
    arguments: [
      ("⟦<div role=\"checkbox\" aria-checked=\"yes\">⟧x</div>", ["aria-checked=\"yes\" is not a valid value"]),
      ("⟦<div aria-live=\"loud\">⟧x</div>", ["aria-live=\"loud\" is not a valid value"]),
      ("⟦<div role=\"heading\" aria-level=\"two\">⟧x</div>", ["aria-level=\"two\" is not a valid value"]),
    ] as [(String, [String])])
  func reports(_ marked: String, _ messages: [String]) throws {
    let result = try MarkedFindings("aria-valid-attr-value", marked)
    #expect(result.positions == result.expected, "\(marked)")
    #expect(result.messages == messages, "\(marked)")
  }

  @Test(
    "leaves alone",
    arguments: [
      "<div role=\"checkbox\" aria-checked=\"mixed\">x</div>",
      "<div aria-live=\"polite\">x</div>",
      "<div role=\"heading\" aria-level=\"2\">x</div>",
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "aria-valid-attr-value", in: body).isEmpty, "\(body)")
  }
}
