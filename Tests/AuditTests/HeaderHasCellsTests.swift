import Testing

@testable import Audit

/// ``HeaderHasCells`` (`th-has-data-cells`): markup it reports, and markup it leaves alone.
@Suite struct HeaderHasCellsTests {
  @Test(
    "reports",
    arguments: [
      "<table><tr><th>A</th><th>B</th><th>C</th></tr><tr><td>1</td><td>2</td></tr></table>"
    ])
  func reports(_ body: String) throws {
    let findings = try AuditFixture.findings(of: "th-has-data-cells", in: body)
    #expect(findings.count >= 1, "\(body)")
    #expect(findings.allSatisfy { $0.rule == "th-has-data-cells" && $0.act == HeaderHasCells.descriptor.act })
  }

  @Test(
    "leaves alone",
    arguments: [
      "<table><tr><th>A</th><th>B</th></tr><tr><td>1</td><td>2</td></tr></table>"
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "th-has-data-cells", in: body).isEmpty, "\(body)")
  }
}
