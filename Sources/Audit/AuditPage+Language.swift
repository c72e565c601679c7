internal import Detection

extension AuditPage {
  /// The text an element's own language applies to: its text and its descendants' in the
  /// accessibility tree, but not inside a descendant with a `lang` of its own; image alternatives
  /// and titles count as text.
  public func ownText(of index: Int) -> String {
    var result = ""
    // The page's title is in <head>, which is not rendered, but it is the page's text too.
    if index == 0, isHTMLPage, let title = facts.elements.indices.first(where: { name($0) == "title" }) {
      result += facts.textContent(of: title) + " "
    }
    appendOwnText(of: index, to: &result)
    return result
  }

  private func appendOwnText(of index: Int, to result: inout String) {
    if excluded[index] { return }
    let element = facts.elements[index]
    if name(index) == "img" || name(index) == "area" || name(index) == "input" {
      result += " " + accessibleName(index) + " "
    }
    for child in element.children {
      switch child {
      case .text(let text): result += text
      case .element(let inner):
        if let lang = facts.elements[inner]["lang"], !lang.trimmed.isEmpty { continue }
        appendOwnText(of: inner, to: &result)
        result += " "
      }
    }
  }

  /// The language CLD2 reads `text` as when it is sure and it differs from `declared`'s primary
  /// subtag; nil when they agree or it cannot tell (too little text).
  func mismatch(of text: String, declared: String) -> String? {
    // CLD2 reads the first `maximumBytes` of the words (LanguageIdentifier.identify): the words past
    // them are not joined (a whole 10 MB page's text would be, for nothing).
    var joined = ""
    var wordCount = 0
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" }
    for word in text.lazy.split(whereSeparator: isSpace) {
      if wordCount > 0 { joined += " " }
      joined += word
      wordCount += 1
      if joined.utf8.count > LanguageIdentifier.maximumBytes { break }
    }
    guard wordCount >= 4 || text.unicodeScalars.count >= 30 else { return nil }
    guard let found = LanguageIdentifier().identify(joined), found.confidence >= 0.8 else {
      return nil
    }
    let detected = LanguageTag.primary(found.language)
    let primary = LanguageTag.primary(declared)
    if detected == primary || found.alternatives.contains(where: { LanguageTag.primary($0) == primary }) { return nil }
    // Macrolanguage and legacy pairs CLD2 names differently.
    let same: Set<[String]> = [["no", "nb"], ["nb", "no"], ["no", "nn"], ["zh", "cmn"]]
    if same.contains([primary, detected]) { return nil }
    return found.language
  }
}
