import Testing

@testable import Audit

/// ``SummaryName`` (`summary-name`): markup it reports, and markup it leaves alone.
@Suite struct SummaryNameTests {
  @Test(
    "reports",
    arguments: [
      ("<details>⟦<summary>⟧</summary>x</details>", ["summary has no accessible name"])
    ] as [(String, [String])])
  func reports(_ marked: String, _ messages: [String]) throws {
    let result = try MarkedFindings("summary-name", marked)
    #expect(result.positions == result.expected, "\(marked)")
    #expect(result.messages == messages, "\(marked)")
  }

  @Test(
    "leaves alone",
    arguments: [
      "<details><summary>More</summary>x</details>",
      "<details><summary aria-label=\"More\"></summary>x</details>",
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "summary-name", in: body).isEmpty, "\(body)")
  }
}
