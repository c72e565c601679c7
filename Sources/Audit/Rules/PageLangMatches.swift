/// ACT ucwvc8: the page's `lang` names the language of its text.
package enum PageLangMatches: AuditRule {
  package static let descriptor = AuditRuleDescriptor(
    name: "html-lang-mismatch", act: ["ucwvc8"], wcag: ["3.1.1"], severity: .error,
    summary: "The language the page declares is the language of its text.",
    fix: "Correct <html lang> to the language the page is written in.", formats: AuditRuleDescriptor.pageFormats)

  package static func check(_ page: AuditPage, _ report: inout AuditReport) {
    guard page.isHTMLPage, let lang = page.attribute(0, "lang"), LanguageTag.isValid(lang) else { return }
    if let found = page.mismatch(of: page.ownText(of: 0, limit: AuditPage.languageTextLimit), declared: lang) {
      report.element(0, "lang=\"\(lang)\" but the page reads as \(found)")
    }
  }
}
