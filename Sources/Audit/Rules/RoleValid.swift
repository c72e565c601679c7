/// ACT 674b10: a `role` attribute names at least one WAI-ARIA role.
package enum RoleValid: AuditRule {
  package static let descriptor = AuditRuleDescriptor(
    name: "aria-roles", act: ["674b10"], wcag: ["4.1.2"], severity: .error,
    summary: "A role attribute names a WAI-ARIA role.",
    fix: "Use a role WAI-ARIA defines (check the spelling) or remove the attribute.")

  package static func check(_ page: AuditPage, _ report: inout AuditReport) {
    for index in page.elementIndices where !page.excluded[index] {
      guard let role = page.attribute(index, "role"), !role.isBlank else { continue }
      if page.explicitRole(index) == nil { report.element(index, "role \"\(role.trimmed)\" is not a WAI-ARIA role") }
    }
  }
}
