/// Heading levels go down one at a time (an `<h2>` then an `<h4>` leaves a listener wondering what
/// they missed; axe's heading-order).
package enum HeadingOrder: AuditRule {
  package static let descriptor = AuditRuleDescriptor(
    name: "heading-order", wcag: ["1.3.1"], severity: .warning,
    summary: "Heading levels increase by one at a time.",
    fix: "Use the next heading level (an <h3> under an <h2>), styling it with CSS if it must look smaller.")

  package static func check(_ page: AuditPage, _ report: inout AuditReport) {
    var previous: Int?
    for index in page.elementIndices where !page.excluded[index] && page.role(index) == "heading" {
      let level = page.headingLevel(index)
      if let previous, level > previous + 1 {
        report.element(index, "heading level \(level) follows level \(previous)")
      }
      previous = level
    }
  }
}
