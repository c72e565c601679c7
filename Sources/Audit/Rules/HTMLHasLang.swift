/// ACT b5c3f8 "HTML page has lang attribute". Applicability: the document element, when it is
/// `<html>` in a top-level `text/html` document (not XHTML, whose `xml:lang` is another matter).
/// Expectation: its `lang` attribute value is neither empty nor only ASCII white space.
package enum HTMLHasLang: AuditRule {
  package static let descriptor = AuditRuleDescriptor(
    name: "html-has-lang", act: ["b5c3f8"], wcag: ["3.1.1"], severity: .error,
    summary: "The page says which language it is in.",
    fix: "Add lang to <html>, e.g. <html lang=\"en\">.", formats: AuditRuleDescriptor.pageFormats)

  package static func check(_ page: AuditPage, _ report: inout AuditReport) {
    guard page.isTextHTMLPage, page.parent(0) == nil else { return }
    guard let lang = page.attribute(0, "lang") else { return report.element(0, "<html> has no lang attribute") }
    if lang.isBlank { report.element(0, "<html>'s lang attribute is empty") }
  }
}
