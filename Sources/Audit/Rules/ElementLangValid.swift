/// ACT de46e4: a `lang` attribute below `<html>` on an element with text is a valid language tag.
public enum ElementLangValid: AuditRule {
  public static let descriptor = AuditRuleDescriptor(
    name: "valid-lang", act: ["de46e4"], wcag: ["3.1.2"], severity: .error,
    summary: "A lang attribute on a part of the page is a valid language tag.",
    fix: "Use a BCP 47 tag whose first part is a registered language (en, fr, zh-Hant…).")

  public static func check(_ page: AuditPage, _ report: inout AuditReport) {
    for index in page.elementIndices where index > 0 || !page.isHTMLPage {
      guard let lang = page.attribute(index, "lang"), !lang.isBlank, !LanguageTag.isValid(lang) else { continue }
      guard !page.ownText(of: index).isBlank else { continue }
      report.element(index, "lang=\"\(lang)\" is not a valid language tag")
    }
  }
}
