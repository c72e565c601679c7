import Testing

@testable import Audit

/// ``SummaryName`` (`summary-name`): markup it reports, and markup it leaves alone.
@Suite struct SummaryNameTests {
  @Test(
    "reports",
    arguments: [
      "<details><summary></summary>x</details>"
    ])
  func reports(_ body: String) throws {
    let findings = try AuditFixture.findings(of: "summary-name", in: body)
    #expect(findings.count >= 1, "\(body)")
    #expect(findings.allSatisfy { $0.rule == "summary-name" && $0.act == SummaryName.descriptor.act })
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
