import Testing

@testable import Audit

/// ``DuplicateID`` (`duplicate-id`): markup it reports, and markup it leaves alone.
@Suite struct DuplicateIDTests {
  @Test(
    "reports",
    arguments: [
      ("<p id=\"a\">x</p>⟦<p id=\"a\">⟧y</p>", ["id \"a\" is used by 2 elements"])
    ] as [(String, [String])])
  func reports(_ marked: String, _ messages: [String]) throws {
    let result = try MarkedFindings("duplicate-id", marked)
    #expect(result.positions == result.expected, "\(marked)")
    #expect(result.messages == messages, "\(marked)")
  }

  @Test(
    "leaves alone",
    arguments: [
      "<p id=\"a\">x</p><p id=\"b\">y</p>"
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "duplicate-id", in: body).isEmpty, "\(body)")
  }
}
