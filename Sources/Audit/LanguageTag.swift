/// BCP 47 language tags as the language rules read them: the primary subtag, and whether the IANA
/// registry (through CLDR's validity data, Generated/LanguageSubtags.swift) knows it.
enum LanguageTag {
  /// Every valid primary language subtag, lowercase (expanded once from the compact table).
  static let known: Set<String> = {
    var set = Set<String>()
    for line in languageSubtagsCompact {
      let text = line.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
      for token in text.split(separator: " ") {
        let parts = token.split(separator: "~")
        set.insert(String(parts[0]))
        guard parts.count == 2, let last = parts[1].unicodeScalars.last,
          var scalar = parts[0].unicodeScalars.last
        else { continue }
        let stem = String(parts[0].dropLast())
        while scalar.value < last.value {
          scalar = Unicode.Scalar(scalar.value + 1)!
          set.insert(stem + String(Character(scalar)))
        }
      }
    }
    return set
  }()

  /// The primary subtag of a tag, lowercase ("en" of "en-US").
  static func primary(_ tag: String) -> String {
    String(tag.trimmed.lowercased().split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
  }

  /// Whether the tag's primary subtag is a registered language (2–3 letters, or 5–8 registered).
  static func isValid(_ tag: String) -> Bool {
    let primary = primary(tag)
    guard (2...8).contains(primary.count), primary.unicodeScalars.allSatisfy({ $0.value >= 0x61 && $0.value <= 0x7A })
    else { return false }
    return known.contains(primary)
  }
}
