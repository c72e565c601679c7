import Testing

@testable import Audit

/// ``FormFieldName`` (`label`): markup it reports, and markup it leaves alone.
@Suite struct FormFieldNameTests {
  @Test(
    "reports",
    arguments: [
      "<input type=\"text\">",
      "<select><option>a</option></select>",
      "<label>Date of birth</label><input type=\"date\">",
    ])
  func reports(_ body: String) throws {
    let findings = try AuditFixture.findings(of: "label", in: body)
    #expect(findings.count >= 1, "\(body)")
    #expect(findings.allSatisfy { $0.rule == "label" && $0.act == FormFieldName.descriptor.act })
  }

  @Test(
    "leaves alone",
    arguments: [
      "<label for=\"n\">Name</label><input id=\"n\">",
      "<label>Name <input></label>",
      "<input aria-label=\"Name\">",
      "<input type=\"hidden\">",
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "label", in: body).isEmpty, "\(body)")
  }
}
