/// ACT 2779a5 "HTML page has non-empty title". Applicability: the page's root element, when it is
/// `<html>`. Expectation 1: it has a descendant `<title>`; expectation 2: the first HTML `<title>`
/// (not SVG's or MathML's, not in a template's content or an iframe's or noscript's raw text) has
/// text that is not only white space (Unicode White_Space).
package enum PageTitle: AuditRule {
  package static let descriptor = AuditRuleDescriptor(
    name: "document-title", act: ["2779a5"], wcag: ["2.4.2"], severity: .error,
    summary: "The page has a title that is not empty.",
    fix: "Add a <title> in <head> naming the page.", formats: AuditRuleDescriptor.pageFormats)

  /// Elements whose `<title>` descendants are not the page's: other namespaces, and content an
  /// HTML parser keeps out of the document (template contents, raw text with scripting on).
  static let notThePage: Set<String> = ["svg", "math", "template", "iframe", "noscript"]

  package static func check(_ page: AuditPage, _ report: inout AuditReport) {
    // An SVG document's root is <svg> (the HTML parser that reads it implies an <html> around it).
    guard page.isHTMLPage, page.contentType != "image/svg+xml" else { return }
    let title = page.elementIndices.first { index in
      page.name(index) == "title" && !page.ancestors(of: index).contains { notThePage.contains(page.name($0)) }
    }
    guard let title else { return report.element(0, "the page has no <title>") }
    if AuditPage.isWhiteSpace(page.textContent(of: title)) { report.element(title, "the page's <title> is empty") }
  }
}
