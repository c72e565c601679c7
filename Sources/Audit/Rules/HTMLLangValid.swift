/// ACT bf051a: the page's `lang` is a valid language tag.
package enum HTMLLangValid: AuditRule {
  package static let descriptor = AuditRuleDescriptor(
    name: "html-lang-valid", act: ["bf051a"], wcag: ["3.1.1"], severity: .error,
    summary: "The page's lang attribute is a valid language tag.",
    fix: "Use a BCP 47 tag whose first part is a registered language (en, fr, zh-Hant…).",
    formats: AuditRuleDescriptor.pageFormats)

  package static func check(_ page: AuditPage, _ report: inout AuditReport) {
    guard page.isTextHTMLPage, let lang = page.attribute(0, "lang"), !lang.isBlank else { return }
    if !LanguageTag.isValid(lang) { report.element(0, "lang=\"\(lang)\" is not a valid language tag") }
  }
}
