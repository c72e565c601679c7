/// ACT ffd0e9: a heading has a name (also axe's empty-heading).
package enum HeadingName: AuditRule {
  package static let descriptor = AuditRuleDescriptor(
    name: "empty-heading", act: ["ffd0e9"], wcag: ["1.3.1", "2.4.6"], severity: .error,
    summary: "A heading has text.",
    fix: "Put text in the heading, or remove the heading markup.")

  package static func check(_ page: AuditPage, _ report: inout AuditReport) {
    for index in page.elementIndices where !page.excluded[index] && page.role(index) == "heading" {
      if page.accessibleName(index).isEmpty { report.element(index, "heading has no text") }
    }
  }
}
