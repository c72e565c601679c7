import Testing

@testable import Audit

/// ``MisreadNumbers`` (`ambiguous-numbers`): markup it reports, and markup it leaves alone.
@Suite struct MisreadNumbersTests {
  @Test(
    "reports",
    arguments: [
      "<p>Contrast 11.7:1 is enough.</p>",
      "<p>Pages 10-20 cover it.</p>",
    ])
  func reports(_ body: String) throws {
    let findings = try AuditFixture.findings(of: "ambiguous-numbers", in: body)
    #expect(findings.count >= 1, "\(body)")
    #expect(findings.allSatisfy { $0.rule == "ambiguous-numbers" && $0.act == MisreadNumbers.descriptor.act })
  }

  @Test(
    "leaves alone",
    arguments: [
      "<p>Contrast 11.7 to 1 is enough.</p>",
      "<p>Pages 10 to 20.</p>",
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "ambiguous-numbers", in: body).isEmpty, "\(body)")
  }
}
