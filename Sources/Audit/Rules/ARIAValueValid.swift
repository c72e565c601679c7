/// ACT 6a7281: each ARIA state or property has a value its type allows.
package enum ARIAValueValid: AuditRule {
  package static let descriptor = AuditRuleDescriptor(
    name: "aria-valid-attr-value", act: ["6a7281"], wcag: ["4.1.2"], severity: .error,
    summary: "Each ARIA state or property has a value WAI-ARIA allows.",
    fix: "Use one of the values the attribute's type allows (true/false, a number, a listed token…).")

  package static func check(_ page: AuditPage, _ report: inout AuditReport) {
    let table = page.table
    for index in table.indices where !page.excluded[index] || page.ariaHidden[index] {
      for position in table.attributePositions(index) {
        guard ARIA.hasPrefixIgnoringCase(table.attributeNames[position]) else { continue }
        let name = ARIA.lowercasedName(table.attributeNames[position])
        let value = table.attributeValues[position]
        guard let type = ARIA.attributes[name], !value.isBlank else { continue }
        if !ARIA.isValid(value, type) {
          report.element(index, "\(name)=\"\(value)\" is not a valid value")
        }
      }
    }
  }
}
