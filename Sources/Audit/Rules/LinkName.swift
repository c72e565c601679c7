/// ACT c487ae: a link has a name.
public enum LinkName: AuditRule {
  public static let descriptor = AuditRuleDescriptor(
    name: "link-name", act: ["c487ae"], wcag: ["2.4.4", "4.1.2"], severity: .error,
    summary: "A link says where it goes.",
    fix: "Put text in the link, give its image an alt, or add an aria-label.")

  public static func check(_ page: AuditPage, _ report: inout AuditReport) {
    for index in page.facts.elements.indices where !page.excluded[index] && page.role(index) == "link" {
      if page.accessibleName(index).isEmpty { report.element(index, "link has no accessible name") }
    }
  }
}
