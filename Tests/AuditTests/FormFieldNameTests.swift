import Testing

@testable import Audit

/// ``FormFieldName`` (`label`): markup it reports, and markup it leaves alone.
@Suite struct FormFieldNameTests {
  @Test(
    "reports",
    arguments: [
      ("⟦<input type=\"text\">⟧", ["form field (textbox) has no accessible name"]),
      ("⟦<select>⟧<option>a</option></select>", ["form field (combobox) has no accessible name"]),
      ("<label>Date of birth</label>⟦<input type=\"date\">⟧", ["form field (textbox) has no accessible name"]),
    ] as [(String, [String])])
  func reports(_ marked: String, _ messages: [String]) throws {
    let result = try MarkedFindings("label", marked)
    #expect(result.positions == result.expected, "\(marked)")
    #expect(result.messages == messages, "\(marked)")
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
