/// ACT c487ae: a link has a name.
package enum LinkName: AuditRule {
  package static let descriptor = AuditRuleDescriptor(
    name: "link-name", act: ["c487ae"], wcag: ["2.4.4", "4.1.2"], severity: .error,
    summary: "A link says where it goes.",
    fix: "Put text in the link, give its image an alt, or add an aria-label.")

  /// `link` and the DPUB-ARIA roles that are links.
  static func isLink(_ role: String?) -> Bool {
    role == "link" || role == "doc-backlink" || role == "doc-biblioref" || role == "doc-glossref"
      || role == "doc-noteref"
  }

  package static func check(_ page: AuditPage, _ report: inout AuditReport) {
    for index in page.elementIndices where !page.excluded[index] && isLink(page.role(index)) {
      if page.accessibleName(index).isEmpty { report.element(index, "link has no accessible name") }
    }
  }
}
