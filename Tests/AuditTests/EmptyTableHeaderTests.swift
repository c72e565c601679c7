import Testing

@testable import Audit

/// ``EmptyTableHeader`` (`empty-table-header`): markup it reports, and markup it leaves alone.
@Suite struct EmptyTableHeaderTests {
  @Test(
    "reports",
    arguments: [
      "<table><tr><th></th><th>B</th></tr><tr><td>1</td><td>2</td></tr></table>"
    ])
  func reports(_ body: String) throws {
    let findings = try AuditFixture.findings(of: "empty-table-header", in: body)
    #expect(findings.count >= 1, "\(body)")
    #expect(findings.allSatisfy { $0.rule == "empty-table-header" && $0.act == EmptyTableHeader.descriptor.act })
  }

  @Test(
    "leaves alone",
    arguments: [
      "<table><tr><th>A</th></tr><tr><td>1</td></tr></table>"
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "empty-table-header", in: body).isEmpty, "\(body)")
  }
}
