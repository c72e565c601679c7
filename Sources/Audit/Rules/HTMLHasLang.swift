/// ACT b5c3f8: the page's `<html>` element has a `lang` attribute.
public enum HTMLHasLang: AuditRule {
  public static let descriptor = AuditRuleDescriptor(
    name: "html-has-lang", act: ["b5c3f8"], wcag: ["3.1.1"], severity: .error,
    summary: "The page says which language it is in.",
    fix: "Add lang to <html>, e.g. <html lang=\"en\">.", formats: AuditRuleDescriptor.pageFormats)

  public static func check(_ page: AuditPage, _ report: inout AuditReport) {
    guard page.isHTMLPage, page.parent(0) == nil else { return }
    if (page.attribute(0, "lang") ?? "").isBlank { report.element(0, "<html> has no lang attribute") }
  }
}
