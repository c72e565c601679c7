/// ACT e086e5: a form field has a name.
package enum FormFieldName: AuditRule {
  package static let descriptor = AuditRuleDescriptor(
    name: "label", act: ["e086e5"], wcag: ["4.1.2"], severity: .error,
    summary: "A form field says what it asks for.",
    fix: "Add a <label for> naming the field (or an aria-label).")

  static let roles: Set<String> = [
    "checkbox", "combobox", "listbox", "menuitemcheckbox", "menuitemradio", "radio", "searchbox", "slider",
    "spinbutton", "switch", "textbox",
  ]

  package static func check(_ page: AuditPage, _ report: inout AuditReport) {
    for index in page.elementIndices where !page.excluded[index] {
      guard let role = page.role(index), roles.contains(role) else { continue }
      if page.accessibleName(index).isEmpty { report.element(index, "form field (\(role)) has no accessible name") }
    }
  }
}
