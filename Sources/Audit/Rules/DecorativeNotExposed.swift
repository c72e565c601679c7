/// ACT 46ca7f: an element marked decorative stays out of the accessibility tree (no focus, no
/// global ARIA attribute undoing the presentational role).
public enum DecorativeNotExposed: AuditRule {
  public static let descriptor = AuditRuleDescriptor(
    name: "presentation-role-conflict", act: ["46ca7f"], wcag: ["1.1.1", "1.3.1"], severity: .error,
    summary: "An element marked decorative is not exposed to assistive technologies after all.",
    fix: "Remove the focusability or the global aria-* attribute, or drop role=\"none\"/alt=\"\" and name the element.")

  public static func check(_ page: AuditPage, _ report: inout AuditReport) {
    for index in page.elementIndices where !page.excluded[index] && page.isMarkedDecorative(index) {
      let role = page.role(index)
      if role != "presentation" && role != nil {
        report.element(index, "element marked decorative is exposed as \(role!) (focusable or global ARIA attribute)")
      }
    }
  }
}
