import Testing

@testable import Audit

/// ``UndeclaredLanguage`` (`undeclared-language`): markup it reports, and markup it leaves alone.
@Suite struct UndeclaredLanguageTests {
  @Test(
    "reports",
    arguments: [
      (
        "<p>⟦Le conseil municipal a décidé de rénover la bibliothèque publique pendant tout le mois de juillet prochain.⟧</p>",
        ["text reads as fr but is marked en"]
      )
    ] as [(String, [String])])
  func reports(_ marked: String, _ messages: [String]) throws {
    let result = try MarkedFindings("undeclared-language", marked, at: .start)
    #expect(result.positions == result.expected, "\(marked)")
    #expect(result.messages == messages, "\(marked)")
  }

  @Test(
    "leaves alone",
    arguments: [
      "<p lang=\"fr\">Le conseil municipal a décidé de rénover la bibliothèque publique pendant tout le mois de juillet prochain.</p>",
      "<p>The council decided to renovate the public library during the whole month of July next year.</p>",
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "undeclared-language", in: body).isEmpty, "\(body)")
  }
}
