import Testing

@testable import Audit

/// ``RoleValid`` (`aria-roles`): markup it reports, and markup it leaves alone.
@Suite struct RoleValidTests {
  @Test(
    "reports",
    arguments: [
      ("⟦<div role=\"buton\">⟧x</div>", ["role \"buton\" is not a WAI-ARIA role"]),
      ("⟦<div role=\"foo bar\">⟧x</div>", ["role \"foo bar\" is not a WAI-ARIA role"]),
    ] as [(String, [String])])
  func reports(_ marked: String, _ messages: [String]) throws {
    let result = try MarkedFindings("aria-roles", marked)
    #expect(result.positions == result.expected, "\(marked)")
    #expect(result.messages == messages, "\(marked)")
  }

  @Test(
    "leaves alone",
    arguments: [
      "<div role=\"button\">x</div>",
      "<div role=\"foo button\">x</div>",
      "<div role=\" \">x</div>",
      "<div role=\"foo\" hidden>x</div>",
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "aria-roles", in: body).isEmpty, "\(body)")
  }
}
