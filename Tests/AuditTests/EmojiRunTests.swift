import Testing

@testable import Audit

/// ``EmojiRun`` (`emoji-run`): markup it reports, and markup it leaves alone.
@Suite struct EmojiRunTests {
  @Test(
    "reports",
    arguments: [
      ("<p>Sale ⟦🎉🎉🎉⟧ now</p>", ["3 emoji in a row are read one name after another"])
    ] as [(String, [String])])
  func reports(_ marked: String, _ messages: [String]) throws {
    let result = try MarkedFindings("emoji-run", marked, at: .start)
    #expect(result.positions == result.expected, "\(marked)")
    #expect(result.messages == messages, "\(marked)")
  }

  @Test(
    "leaves alone",
    arguments: [
      "<p>Sale 🎉 now</p>",
      "<p>Sale 🎉 and 🎉</p>",
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "emoji-run", in: body).isEmpty, "\(body)")
  }
}
