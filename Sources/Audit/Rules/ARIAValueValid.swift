/// ACT 6a7281: each ARIA state or property has a value its type allows.
public enum ARIAValueValid: AuditRule {
  public static let descriptor = AuditRuleDescriptor(
    name: "aria-valid-attr-value", act: ["6a7281"], wcag: ["4.1.2"], severity: .error,
    summary: "Each ARIA state or property has a value WAI-ARIA allows.",
    fix: "Use one of the values the attribute's type allows (true/false, a number, a listed token…).")

  public static func check(_ page: AuditPage, _ report: inout AuditReport) {
    for (index, element) in page.facts.elements.enumerated() where !page.excluded[index] || page.ariaHidden[index] {
      for attribute in element.attributes {
        guard ARIA.hasPrefixIgnoringCase(attribute.name) else { continue }
        let name = ARIA.lowercasedName(attribute.name)
        guard let type = ARIA.attributes[name], !attribute.value.trimmed.isEmpty else { continue }
        if !ARIA.isValid(attribute.value, type) {
          report.element(index, "\(name)=\"\(attribute.value)\" is not a valid value")
        }
      }
    }
  }
}
