/// A table header cell has text (axe's empty-table-header): an empty one announces nothing as the
/// listener moves along the column.
package enum EmptyTableHeader: AuditRule {
  package static let descriptor = AuditRuleDescriptor(
    name: "empty-table-header", wcag: ["1.3.1"], severity: .warning,
    summary: "A table header cell has text.",
    fix: "Put the column's or row's name in the header cell, or make it a <td> if it heads nothing.")

  package static func check(_ page: AuditPage, _ report: inout AuditReport) {
    for index in page.elementIndices where !page.excluded[index] {
      let role = page.role(index)
      guard role == "columnheader" || role == "rowheader" else { continue }
      if page.accessibleName(index).isEmpty { report.element(index, "table header cell is empty") }
    }
  }
}
