/// ACT 2779a5: an HTML page has a `<title>` with text.
public enum PageTitle: AuditRule {
  public static let descriptor = AuditRuleDescriptor(
    name: "document-title", act: ["2779a5"], wcag: ["2.4.2"], severity: .error,
    summary: "The page has a title that is not empty.",
    fix: "Add a <title> in <head> naming the page.", formats: AuditRuleDescriptor.pageFormats)

  public static func check(_ page: AuditPage, _ report: inout AuditReport) {
    guard page.isHTMLPage else { return }
    // The first <title> not inside SVG or MathML.
    let title = page.elementIndices.first { index in
      page.name(index) == "title"
        && !page.ancestors(of: index).contains {
          page.name($0) == "svg" || page.name($0) == "math" || page.name($0) == "template"
        }
    }
    guard let title else { return report.element(0, "the page has no <title>") }
    if page.textContent(of: title).isBlank { report.element(title, "the page's <title> is empty") }
  }
}
