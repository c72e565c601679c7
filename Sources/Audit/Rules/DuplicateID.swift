/// An id names one element: a label, a description or a header that points at a duplicated id
/// reaches the wrong one (axe's duplicate-id and duplicate-id-aria).
package enum DuplicateID: AuditRule {
  package static let descriptor = AuditRuleDescriptor(
    name: "duplicate-id", wcag: ["4.1.1"], severity: .warning,
    summary: "Each id is used once.",
    fix: "Give each element its own id, and point labels, descriptions and headers at the right one.")

  package static func check(_ page: AuditPage, _ report: inout AuditReport) {
    var reported = Set<String>()
    for index in page.elementIndices {
      guard let id = page.attribute(index, "id"), !id.isEmpty, (page.idCounts[id] ?? 0) > 1, page.byID[id] != index,
        reported.insert(id).inserted
      else { continue }
      report.element(index, "id \"\(id)\" is used by \(page.idCounts[id]!) elements")
    }
  }
}
