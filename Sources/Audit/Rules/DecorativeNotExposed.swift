/// ACT 46ca7f "Element marked as decorative is not exposed". Applicability: an element marked as
/// decorative (explicit role `none`/`presentation`, or an `<img alt="">` with no explicit role).
/// Expectation: it is not included in the accessibility tree, or its semantic role is `none` or
/// `presentation`; the semantic role is the implicit one (a conflict) when a decorative element is
/// included anyway: when it is focusable or carries a global ARIA attribute (WAI-ARIA's
/// presentational roles conflict resolution). A generic element is exposed as generic.
package enum DecorativeNotExposed: AuditRule {
  package static let descriptor = AuditRuleDescriptor(
    name: "presentation-role-conflict", act: ["46ca7f"], wcag: ["1.1.1", "1.3.1"], severity: .error,
    summary: "An element marked decorative is not exposed to assistive technologies after all.",
    fix: "Remove the focusability or the global aria-* attribute, or drop role=\"none\"/alt=\"\" and name the element.")

  package static func check(_ page: AuditPage, _ report: inout AuditReport) {
    for index in page.elementIndices where !page.excluded[index] && page.isMarkedDecorative(index) {
      let reason: String
      if page.isFocusable(index) {
        reason = "it is focusable"
      } else if let attribute = page.table.globalARIAAttribute(index) {
        reason = "it has \(attribute)"
      } else {
        continue
      }
      let role = page.implicitRole(index) ?? "generic"
      report.element(index, "element marked decorative is exposed as \(role): \(reason)")
    }
  }
}
