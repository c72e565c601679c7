/// ACT 97a4e1: a button has a name.
package enum ButtonName: AuditRule {
  package static let descriptor = AuditRuleDescriptor(
    name: "button-name", act: ["97a4e1"], wcag: ["4.1.2"], severity: .error,
    summary: "A button says what it does.",
    fix: "Put text in the button, or give it an aria-label.")

  package static func check(_ page: AuditPage, _ report: inout AuditReport) {
    for index in page.elementIndices where !page.excluded[index] && page.role(index) == "button" {
      if page.name(index) == "input" && page.keyword(index, "type") == "image" { continue }
      if page.accessibleName(index).isEmpty { report.element(index, "button has no accessible name") }
    }
  }
}
