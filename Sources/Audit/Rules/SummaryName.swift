/// ACT 2t702h: a `<details>` element's summary has a name.
package enum SummaryName: AuditRule {
  package static let descriptor = AuditRuleDescriptor(
    name: "summary-name", act: ["2t702h"], wcag: ["4.1.2"], severity: .error,
    summary: "The summary of a <details> element says what it opens.",
    fix: "Put text in the <summary> element (or an aria-label on it).")

  package static func check(_ page: AuditPage, _ report: inout AuditReport) {
    for index in page.elementIndices where page.name(index) == "summary" && !page.excluded[index] {
      guard let parent = page.parent(index), page.name(parent) == "details",
        page.isFirstSummary(index, of: parent)
      else { continue }
      if let role = page.explicitRole(index), role != "none", role != "presentation" { continue }
      if page.accessibleName(index).isEmpty { report.element(index, "summary has no accessible name") }
    }
  }
}
