/// ACT 5f99a7: every `aria-*` attribute is one WAI-ARIA defines.
package enum ARIAAttributeDefined: AuditRule {
  package static let descriptor = AuditRuleDescriptor(
    name: "aria-valid-attr", act: ["5f99a7"], wcag: ["4.1.2"], severity: .error,
    summary: "Every aria-* attribute is one WAI-ARIA defines.",
    fix: "Correct the attribute's spelling or remove it.")

  package static func check(_ page: AuditPage, _ report: inout AuditReport) {
    let table = page.table
    for index in table.indices {
      for position in table.attributePositions(index) where ARIA.hasPrefixIgnoringCase(table.attributeNames[position]) {
        let name = table.attributeNames[position]
        if ARIA.attributes[ARIA.lowercasedName(name)] == nil {
          report.element(index, "\(name) is not a WAI-ARIA attribute")
        }
      }
    }
  }
}
