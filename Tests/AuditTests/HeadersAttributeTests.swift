import Testing

@testable import Audit

/// ``HeadersAttribute`` (`td-headers-attr`): markup it reports, and markup it leaves alone.
@Suite struct HeadersAttributeTests {
  @Test(
    "reports",
    arguments: [
      "<table><tr><th id=\"h\">H</th></tr><tr><td headers=\"nope\">1</td></tr></table>",
      "<table><tr><td id=\"me\" headers=\"me\">1</td></tr></table>",
    ])
  func reports(_ body: String) throws {
    let findings = try AuditFixture.findings(of: "td-headers-attr", in: body)
    #expect(findings.count >= 1, "\(body)")
    #expect(findings.allSatisfy { $0.rule == "td-headers-attr" && $0.act == HeadersAttribute.descriptor.act })
  }

  @Test(
    "leaves alone",
    arguments: [
      "<table><tr><th id=\"h\">H</th></tr><tr><td headers=\"h\">1</td></tr></table>"
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "td-headers-attr", in: body).isEmpty, "\(body)")
  }
}
