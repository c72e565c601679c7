/// ACT de46e4 "Element with lang attribute has valid language tag". Applicability: an HTML element
/// with a `lang` attribute value that is not empty, an inclusive descendant of `<body>`, in a
/// `text/html` document, from which some text that is not only white space inherits its language
/// (``AuditPage/hasTextInheritingLanguage(from:)``). Expectation: the value has a known primary
/// language tag (``LanguageTag/isValid(_:)``).
package enum ElementLangValid: AuditRule {
  package static let descriptor = AuditRuleDescriptor(
    name: "valid-lang", act: ["de46e4"], wcag: ["3.1.2"], severity: .error,
    summary: "A lang attribute on a part of the page is a valid language tag.",
    fix: "Use a BCP 47 tag whose first part is a registered language (en, fr, zh-Hant…).")

  package static func check(_ page: AuditPage, _ report: inout AuditReport) {
    guard page.isTextHTMLPage else { return }
    for index in page.elementIndices {
      guard let lang = page.attribute(index, "lang"), !lang.isEmpty, !LanguageTag.isValid(lang) else { continue }
      guard isHTMLElementInBody(index, page), page.hasTextInheritingLanguage(from: index) else { continue }
      report.element(index, "lang=\"\(lang)\" is not a valid language tag")
    }
  }

  /// Whether the element is `<body>` or inside it, and in the HTML namespace (not inside `<svg>`
  /// or `<math>`, whose elements are in their own namespaces).
  static func isHTMLElementInBody(_ index: Int, _ page: AuditPage) -> Bool {
    var inBody = page.name(index) == "body"
    if page.name(index) == "svg" || page.name(index) == "math" { return false }
    for ancestor in page.ancestors(of: index) {
      let name = page.name(ancestor)
      if name == "svg" || name == "math" { return false }
      if name == "body" { inBody = true }
    }
    return inBody
  }
}
