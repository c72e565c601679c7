/// ACT cae760: an `<iframe>` has a name.
package enum IframeName: AuditRule {
  package static let descriptor = AuditRuleDescriptor(
    name: "frame-title", act: ["cae760"], wcag: ["4.1.2"], severity: .error,
    summary: "A frame says what it holds.",
    fix: "Add a title attribute to the <iframe>.")

  package static func check(_ page: AuditPage, _ report: inout AuditReport) {
    for index in page.elementIndices where page.name(index) == "iframe" && !page.excluded[index] {
      if let tabindex = page.keyword(index, "tabindex"), let value = Int(tabindex), value < 0 { continue }
      if let role = page.explicitRole(index), role == "none" || role == "presentation" { continue }
      if page.accessibleName(index).isEmpty { report.element(index, "iframe has no accessible name") }
    }
  }
}
