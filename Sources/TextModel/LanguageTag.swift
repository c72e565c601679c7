/// A well-formed BCP 47 language tag (RFC 5646, section 2.1), checked before a tag from a document
/// or the command line becomes an SSML `xml:lang`, a synthesizer voice name or a file name.
///
/// The grammar, case-insensitively:
/// ```
/// Language-Tag = langtag / privateuse / grandfathered
/// langtag      = language ["-" script] ["-" region] *("-" variant) *("-" extension) ["-" privateuse]
/// language     = 2*3ALPHA ["-" extlang] / 4ALPHA / 5*8ALPHA
/// extlang      = 3ALPHA *2("-" 3ALPHA)
/// script       = 4ALPHA
/// region       = 2ALPHA / 3DIGIT
/// variant      = 5*8alphanum / (DIGIT 3alphanum)
/// extension    = singleton 1*("-" (2*8alphanum))      ; singleton: one alphanum except x
/// privateuse   = "x" 1*("-" (1*8alphanum))
/// ```
/// plus the 26 grandfathered tags. Like RFC 5646's appendix A, a repeated variant or a repeated
/// extension singleton is refused (section 2.2.5 and 2.2.6 say each may appear only once). Whether a
/// subtag is in the IANA registry is not checked: a well-formed tag is safe to pass on, and a
/// synthesizer without that language falls back by itself.
///
/// ```swift
/// LanguageTag("zh-Hant-TW")?.primaryLanguage   // "zh"
/// LanguageTag("../../x")                       // nil
/// ```
/// - Complexity: O(n) in the length of the tag.
package struct LanguageTag: Hashable, Sendable, CustomStringConvertible {
  /// The tag as given (BCP 47 tags compare case-insensitively).
  package let rawValue: String
  /// The primary language subtag in lower case ("zh" for "zh-Hant-TW", "art" for "art-lojban"),
  /// or nil for a tag that names no language (private use "x-…", irregular grandfathered "i-klingon").
  package let primaryLanguage: String?

  /// The tag, or nil when `string` is not a well-formed BCP 47 tag.
  package init?(_ string: String) {
    guard let primary = LanguageTag.parse(string) else { return nil }
    rawValue = string
    primaryLanguage = primary.isEmpty ? nil : primary
  }

  /// Whether `string` is a well-formed BCP 47 language tag.
  package static func isWellFormed(_ string: String) -> Bool {
    // A bare primary language subtag ("en", "haw"), what most tags are, is 2–8 letters: well-formed
    // without splitting and lower-casing it (asked for every identified line and every speech
    // segment, issue 15). `LanguageTagTests` compares with the full grammar.
    let utf8 = string.utf8
    if utf8.count >= 2, utf8.count <= 8, utf8.allSatisfy(isAlpha) { return true }
    return parse(string) != nil
  }

  /// The tag as written.
  package var description: String { rawValue }

  // MARK: - Grammar

  private static let irregular: Set<String> = [
    "en-gb-oed", "i-ami", "i-bnn", "i-default", "i-enochian", "i-hak", "i-klingon", "i-lux", "i-mingo", "i-navajo",
    "i-pwn", "i-tao", "i-tay", "i-tsu", "sgn-be-fr", "sgn-be-nl", "sgn-ch-de",
  ]
  private static let regular: Set<String> = [
    "art-lojban", "cel-gaulish", "no-bok", "no-nyn", "zh-guoyu", "zh-hakka", "zh-min", "zh-min-nan", "zh-xiang",
  ]

  private static func isAlpha(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
  private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
  private static func isAlphanum(_ byte: UInt8) -> Bool { isAlpha(byte) || isDigit(byte) }

  /// The lower-cased primary language subtag ("" when the tag names none), or nil when not well-formed.
  private static func parse(_ string: String) -> String? {
    let bytes = Array(string.utf8)
    guard !bytes.isEmpty, bytes.allSatisfy({ isAlphanum($0) || $0 == 0x2D }) else { return nil }
    let lower = String(decoding: bytes.map { isAlpha($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    if irregular.contains(lower) { return lower.hasPrefix("i-") ? "" : String(lower.prefix { $0 != "-" }) }
    if regular.contains(lower) { return String(lower.prefix { $0 != "-" }) }
    // Split on "-": an empty subtag (leading, trailing or doubled hyphen) is never well-formed.
    let subtags = bytes.split(separator: 0x2D, omittingEmptySubsequences: false).map { Array($0) }
    guard subtags.allSatisfy({ !$0.isEmpty && $0.count <= 8 }) else { return nil }
    func all(_ subtag: [UInt8], _ test: (UInt8) -> Bool) -> Bool { subtag.allSatisfy(test) }
    func lowered(_ subtag: [UInt8]) -> String {
      String(decoding: subtag.map { isAlpha($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    var i = 0
    // privateuse as the whole tag
    if subtags[0].count == 1, subtags[0][0] | 0x20 == 0x78 {
      return subtags.count >= 2 ? "" : nil
    }
    // language
    let first = subtags[0]
    guard first.count >= 2, all(first, isAlpha) else { return nil }
    let primary = lowered(first)
    i = 1
    if first.count <= 3 {
      // up to three extlang subtags
      var extlangs = 0
      while i < subtags.count, extlangs < 3, subtags[i].count == 3, all(subtags[i], isAlpha) {
        i += 1
        extlangs += 1
      }
    }
    // script
    if i < subtags.count, subtags[i].count == 4, all(subtags[i], isAlpha) { i += 1 }
    // region
    if i < subtags.count,
      (subtags[i].count == 2 && all(subtags[i], isAlpha)) || (subtags[i].count == 3 && all(subtags[i], isDigit))
    {
      i += 1
    }
    // variants, each once
    var variants: Set<String> = []
    while i < subtags.count {
      let subtag = subtags[i]
      let isVariant = (subtag.count >= 5) || (subtag.count == 4 && isDigit(subtag[0]))
      guard isVariant else { break }
      guard variants.insert(lowered(subtag)).inserted else { return nil }
      i += 1
    }
    // extensions, each singleton once
    var singletons: Set<UInt8> = []
    while i < subtags.count, subtags[i].count == 1, subtags[i][0] | 0x20 != 0x78 {
      let singleton = isAlpha(subtags[i][0]) ? subtags[i][0] | 0x20 : subtags[i][0]
      guard singletons.insert(singleton).inserted else { return nil }
      i += 1
      let start = i
      while i < subtags.count, subtags[i].count >= 2 { i += 1 }
      guard i > start else { return nil }
    }
    // private use
    if i < subtags.count {
      // "x" and one or more subtags of 1 to 8 alphanumerics (their length is checked above).
      guard subtags[i].count == 1, subtags[i][0] | 0x20 == 0x78, subtags.count - i >= 2 else { return nil }
    }
    return primary
  }
}
