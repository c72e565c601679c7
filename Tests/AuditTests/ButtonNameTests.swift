import Testing

@testable import Audit

/// ``ButtonName`` (`button-name`): markup it reports, and markup it leaves alone.
@Suite struct ButtonNameTests {
  @Test(
    "reports",
    arguments: [
      ("⟦<button>⟧</button>", ["button has no accessible name"]),
      ("⟦<input type=\"button\">⟧", ["button has no accessible name"]),
      ("⟦<div role=\"button\">⟧</div>", ["button has no accessible name"]),
    ] as [(String, [String])])
  func reports(_ marked: String, _ messages: [String]) throws {
    let result = try MarkedFindings("button-name", marked)
    #expect(result.positions == result.expected, "\(marked)")
    #expect(result.messages == messages, "\(marked)")
  }

  @Test(
    "leaves alone",
    arguments: [
      "<button>Save</button>",
      "<input type=\"submit\">",
      "<input type=\"button\" value=\"Go\">",
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "button-name", in: body).isEmpty, "\(body)")
  }
}
