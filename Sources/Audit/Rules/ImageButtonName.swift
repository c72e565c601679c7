/// ACT 59796f: an `<input type="image">` has a name.
package enum ImageButtonName: AuditRule {
  package static let descriptor = AuditRuleDescriptor(
    name: "input-image-alt", act: ["59796f"], wcag: ["1.1.1", "4.1.2"], severity: .error,
    summary: "An image button says what it does.",
    fix: "Give the <input type=\"image\"> an alt attribute naming its action.")

  package static func check(_ page: AuditPage, _ report: inout AuditReport) {
    for index in page.elementIndices
    where page.name(index) == "input" && page.keyword(index, "type") == "image" && !page.excluded[index] {
      if let role = page.explicitRole(index), role != "button" { continue }
      if page.accessibleName(index).isEmpty { report.element(index, "image button has no accessible name") }
    }
  }
}
