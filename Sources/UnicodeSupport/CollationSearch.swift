internal import CICU

/// Finds a text the way a reader means it: ICU's collation search at primary strength, so case and
/// accents do not matter ("resume" finds "Résumé", "STRASSE" finds "Straße") and canonically
/// equivalent spellings match (a precomposed "é" and "e" + U+0301).
///
/// ```swift
/// let matches = try CollationSearch(pattern: "cafe", locale: "fr").matches(in: "Le Café, le CAFE")
/// // [3..<9, 14..<18] (UTF-8 offsets)
/// ```
/// ICU searches UTF-16; the offsets are converted here and never leave this type.
package enum CollationSearch {
  /// Every match of `pattern` in `text`, in order, as UTF-8 offset ranges (matches do not overlap).
  /// `locale` picks the collation's tailoring (nil: the root collation).
  /// - Complexity: O(n) for the text's n code units (one UTF-16 copy and one offset table).
  package static func matches(of pattern: String, in text: String, locale: String? = nil) throws(ICUError)
    -> [Range<Int>]
  {
    let needle = Array(pattern.utf16)
    guard !needle.isEmpty else { return [] }
    let haystack = Array(text.utf16)
    guard !haystack.isEmpty else { return [] }
    var found: [(start: Int, length: Int)] = []
    var status = CICU_ZERO_ERROR
    try needle.withUnsafeBufferPointer { (patternBuffer) throws(ICUError) in
      try haystack.withUnsafeBufferPointer { (textBuffer) throws(ICUError) in
        let search = cicu_usearch_open_primary(
          patternBuffer.baseAddress!, Int32(patternBuffer.count), textBuffer.baseAddress!, Int32(textBuffer.count),
          locale, &status)
        guard let search, !status.isICUFailure else { throw ICUError(status, "usearch_open") }
        defer { cicu_usearch_close(search) }
        while true {
          let start = cicu_usearch_next(search, &status)
          if status.isICUFailure { throw ICUError(status, "usearch_next") }
          if start < 0 { break }
          found.append((Int(start), Int(cicu_usearch_getMatchedLength(search))))
        }
      }
    }
    guard !found.isEmpty else { return [] }
    // UTF-16 → UTF-8 offsets, walking the scalars once up to the last match.
    var result: [Range<Int>] = []
    result.reserveCapacity(found.count)
    var u16 = 0
    var u8 = 0
    var scalars = text.unicodeScalars.makeIterator()
    func advance(to target: Int) {
      while u16 < target, let scalar = scalars.next() {
        u16 += scalar.utf16.count
        u8 += scalar.utf8.count
      }
    }
    for match in found {
      advance(to: match.start)
      let start = u8
      advance(to: match.start + match.length)
      result.append(start..<u8)
    }
    return result
  }
}

extension LocaleInfo {
  /// A language's name in another language, from ICU's CLDR data: ("fr", in: "en") → "French",
  /// ("de", in: "de") → "Deutsch", ("ja", in: "zh") → "日语"; nil when ICU has no name for it (it
  /// would echo the code back).
  package static func languageName(_ tag: String, in displayLanguage: String) -> String? {
    let locale = icuLocale(forLanguageTag: tag)
    let display = icuLocale(forLanguageTag: displayLanguage)
    guard
      let units = try? withGrowingUTF16Buffer(
        initialCapacity: 32, "uloc_getDisplayLanguage",
        { buffer, capacity, status in
          cicu_uloc_getDisplayLanguage(locale, display, buffer, capacity, &status)
        })
    else { return nil }
    let name = String(decoding: units, as: UTF16.self)
    let primary = String(locale.prefix { $0 != "_" })
    return name.isEmpty || name == primary ? nil : name
  }
}
