internal import Detection

extension AuditPage {
  /// The text an element's own language applies to: its text and its descendants' in the
  /// accessibility tree, but not inside a descendant with a `lang` of its own; image alternatives
  /// and titles count as text.
  package func ownText(of index: Int) -> String { ownText(of: index, limit: Int.max) }

  /// ``ownText(of:)``, stopped once it holds `limit` bytes of UTF-8 or more.
  func ownText(of index: Int, limit: Int) -> String {
    var result = ""
    // The page's title is in <head>, which is not rendered, but it is the page's text too.
    if index == 0, isHTMLPage, let title = table.names.firstIndex(of: "title") {
      result += textContent(of: title) + " "
    }
    appendOwnText(of: index, to: &result, limit: limit)
    return result
  }

  /// Appends the own text of `root` (a loop with its own stack, so any depth is walked): each
  /// child element's text is followed by a space; a child with a `lang` of its own is left out.
  private func appendOwnText(of root: Int, to result: inout String, limit: Int) {
    /// Enters an element: its name first when it is an image or a field; false when it adds nothing.
    func enter(_ index: Int) -> Bool {
      if excluded[index] || result.utf8.count >= limit { return false }
      if name(index) == "img" || name(index) == "area" || name(index) == "input" {
        result += " " + accessibleName(index) + " "
      }
      return true
    }
    guard enter(root) else { return }
    // The next child position of each element entered, innermost last.
    var positions = [table.childStarts[root]]
    var elements = [root]
    while let element = elements.last {
      let position = positions[positions.count - 1]
      if position == table.childStarts[element + 1] || result.utf8.count >= limit {
        elements.removeLast()
        positions.removeLast()
        if !elements.isEmpty { result += " " }
        continue
      }
      positions[positions.count - 1] = position + 1
      switch table.children[position] {
      case .text(let text): result += text
      case .element(let inner):
        if let lang = attribute(inner, "lang"), !lang.isBlank { continue }
        if enter(inner) {
          elements.append(inner)
          positions.append(table.childStarts[inner])
        } else {
          result += " "
        }
      }
    }
  }

  /// How much of an element's text the language-mismatch rules read: CLD2 is handed the first
  /// `LanguageIdentifier/maximumBytes` of its words, which this many bytes hold unless the text is
  /// nearly all white space.
  static let languageTextLimit = 16 * LanguageIdentifier.maximumBytes

  /// The language CLD2 reads `text` as when it is sure and it differs from `declared`'s primary
  /// subtag; nil when they agree or it cannot tell (too little text).
  func mismatch(of text: String, declared: String) -> String? {
    // CLD2 reads the first `maximumBytes` of the words (LanguageIdentifier.identify): the words past
    // them are not joined (a whole 10 MB page's text would be, for nothing).
    var joined: [UInt8] = []
    var wordCount = 0
    var inWord = false
    for byte in text.utf8 {
      if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C {
        inWord = false
        if joined.count > LanguageIdentifier.maximumBytes { break }
        continue
      }
      if !inWord {
        if wordCount > 0 { joined.append(0x20) }
        wordCount += 1
        inWord = true
      }
      joined.append(byte)
    }
    guard wordCount >= 4 || text.unicodeScalars.count >= 30 else { return nil }
    guard let found = LanguageIdentifier().identify(String(decoding: joined, as: UTF8.self)), found.confidence >= 0.8
    else {
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
