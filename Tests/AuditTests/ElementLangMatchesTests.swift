import Testing

@testable import Audit

/// ``ElementLangMatches`` (`lang-mismatch`): markup it reports, and markup it leaves alone.
@Suite struct ElementLangMatchesTests {
  @Test(
    "reports",
    arguments: [
      (
        "⟦<p lang=\"fr\">⟧The quick brown fox jumps over the lazy dog near the river bank every morning.</p>",
        ["lang=\"fr\" but the text reads as en"]
      )
    ] as [(String, [String])])
  func reports(_ marked: String, _ messages: [String]) throws {
    let result = try MarkedFindings("lang-mismatch", marked)
    #expect(result.positions == result.expected, "\(marked)")
    #expect(result.messages == messages, "\(marked)")
  }

  @Test(
    "leaves alone",
    arguments: [
      "<p lang=\"fr\">Le conseil municipal a décidé de rénover la bibliothèque publique pendant tout le mois de juillet.</p>"
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "lang-mismatch", in: body).isEmpty, "\(body)")
  }
}
