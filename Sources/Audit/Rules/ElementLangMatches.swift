internal import Detection

/// ACT off6ek: the language an element's `lang` names is the language of its text (as CLD2 reads it).
package enum ElementLangMatches: AuditRule {
  package static let descriptor = AuditRuleDescriptor(
    name: "lang-mismatch", act: ["off6ek"], wcag: ["3.1.2"], severity: .error,
    summary: "A part of the page marked with lang is in that language.",
    fix: "Correct the lang attribute to the language the text is written in.")

  package static func check(_ page: AuditPage, _ report: inout AuditReport) {
    for index in page.elementIndices where index > 0 || !page.isHTMLPage {
      guard let lang = page.attribute(index, "lang"), LanguageTag.isValid(lang) else { continue }
      if let found = page.mismatch(of: page.ownText(of: index, limit: AuditPage.languageTextLimit), declared: lang) {
        report.element(index, "lang=\"\(lang)\" but the text reads as \(found)")
      }
    }
  }
}
