/// A place in a text anchored by the text around it, as the W3C Web Annotation model's
/// TextQuoteSelector does (`exact`, with a `prefix` and a `suffix`), plus its UTF-8 offset as a hint
/// (the model's TextPositionSelector), so that the place is found again after the text is edited.
///
/// A place is a caret: `exact` is the text right after it (up to ``exactLength`` bytes), `prefix` the
/// text before it and `suffix` the text after `exact` (up to ``contextLength`` bytes each), all cut at
/// Unicode scalar boundaries.
///
/// ```swift
/// let quote = TextQuote(in: "Open daily. Closed Monday.", at: 12)  // exact "Closed Monday."
/// quote.offset(in: "Open every day. Closed Monday.")  // 16
/// ```
package struct TextQuote: Sendable, Hashable {
  /// The text right after the place.
  package var exact: String
  /// The text before the place.
  package var prefix: String
  /// The text after `exact`.
  package var suffix: String
  /// The UTF-8 offset of the place when it was taken: where the search starts.
  package var hint: Int

  /// How much text `exact` keeps, in UTF-8 bytes.
  package static let exactLength = 32
  /// How much text `prefix` and `suffix` keep each, in UTF-8 bytes.
  package static let contextLength = 32
  /// How far around the hint the first search looks, in UTF-8 bytes, before the whole text.
  static let nearby = 16_384

  /// A quote with the given parts.
  package init(exact: String, prefix: String, suffix: String, hint: Int) {
    self.exact = exact
    self.prefix = prefix
    self.suffix = suffix
    self.hint = hint
  }

  /// The quote of the place at UTF-8 `offset` in `text` (clamped to the text).
  /// - Complexity: O(``exactLength`` + 2 × ``contextLength``).
  package init(in text: String, at offset: Int) {
    var text = text
    self = text.withUTF8 { Self(in: $0, at: offset) }
  }

  /// The quote of the place at UTF-8 `offset` in the UTF-8 bytes of a text (clamped to the text).
  package init(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) {
    let at = Self.scalarStart(bytes, max(0, min(offset, bytes.count)))
    let exactEnd = Self.scalarStart(bytes, min(bytes.count, at + Self.exactLength))
    let prefixStart = Self.scalarStart(bytes, max(0, at - Self.contextLength))
    let suffixEnd = Self.scalarStart(bytes, min(bytes.count, exactEnd + Self.contextLength))
    self.init(
      exact: String(decoding: UnsafeBufferPointer(rebasing: bytes[at..<exactEnd]), as: UTF8.self),
      prefix: String(decoding: UnsafeBufferPointer(rebasing: bytes[prefixStart..<at]), as: UTF8.self),
      suffix: String(decoding: UnsafeBufferPointer(rebasing: bytes[exactEnd..<suffixEnd]), as: UTF8.self), hint: at)
  }

  /// The first offset at or before `offset` that starts a Unicode scalar.
  private static func scalarStart(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> Int {
    var at = offset
    while at > 0, at < bytes.count, bytes[at] & 0xC0 == 0x80 { at -= 1 }
    return at
  }

  /// Where the place is in `text` (a UTF-8 offset), or nil when it cannot be found.
  ///
  /// Candidates are the occurrences of `exact` (of `prefix`, then of `suffix`, when `exact` is gone),
  /// first within `nearby` bytes of the hint, then in the whole text; the best agrees most with
  /// the prefix and suffix, then lies nearest the hint. A candidate must agree with half of the quote
  /// or 24 bytes of it, so a common word alone does not place a bookmark somewhere unrelated.
  /// - Complexity: O(n × ``exactLength``) for a text of n bytes in the worst case; O(`nearby`) when
  ///   the place is found near the hint.
  package func offset(in text: String) -> Int? {
    var text = text
    return text.withUTF8 { offset(in: $0) }
  }

  /// ``offset(in:)`` on the UTF-8 bytes of a text.
  package func offset(in text: UnsafeBufferPointer<UInt8>) -> Int? {
    let exact = Array(exact.utf8)
    let prefix = Array(prefix.utf8)
    let suffix = Array(suffix.utf8)
    let whole = exact.count + prefix.count + suffix.count
    // An empty quote is the place in an empty text: its start.
    if whole == 0 { return text.isEmpty ? 0 : nil }
    let needed = min((whole + 1) / 2, 24)
    let hint = max(0, min(hint, text.count))
    // The usual case, an unchanged text: the whole quote is where it was.
    if agreement(at: hint, in: text, exact: exact, prefix: prefix, suffix: suffix) == whole { return hint }
    let near = max(0, hint - Self.nearby)..<min(text.count, hint + Self.nearby)
    // (the searched piece, where the place is relative to the start of a match)
    var probes: [([UInt8], Int)] = []
    if !exact.isEmpty { probes.append((exact, 0)) }
    if !prefix.isEmpty { probes.append((prefix, prefix.count)) }
    if !suffix.isEmpty { probes.append((suffix, -exact.count)) }
    for (needle, shift) in probes {
      let windows = near == 0..<text.count ? [near] : [near, 0..<text.count]
      for (number, window) in windows.enumerated() {
        var best: (score: Int, distance: Int, at: Int)?
        Self.occurrences(of: needle, in: text, within: window) { start in
          let at = start + shift
          guard at >= 0, at <= text.count else { return }
          let score = agreement(at: at, in: text, exact: exact, prefix: prefix, suffix: suffix)
          let distance = abs(at - hint)
          if score >= needed, best.map({ score > $0.score || (score == $0.score && distance < $0.distance) }) ?? true {
            best = (score, distance, at)
          }
        }
        // Near the hint, only a full agreement ends the search; elsewhere the best there is.
        if let best, best.score == whole || number == windows.count - 1 { return best.at }
      }
    }
    return nil
  }

  /// How many bytes of the quote agree with the text around `at`: the prefix's end before it, `exact`
  /// and the suffix's start after it.
  private func agreement(
    at: Int, in text: UnsafeBufferPointer<UInt8>, exact: [UInt8], prefix: [UInt8], suffix: [UInt8]
  ) -> Int {
    var score = 0
    while score < prefix.count, at - score - 1 >= 0, text[at - score - 1] == prefix[prefix.count - score - 1] {
      score += 1
    }
    var after = 0
    let rest = exact + suffix
    while after < rest.count, at + after < text.count, text[at + after] == rest[after] { after += 1 }
    return score + after
  }

  /// Calls `found` with the start of each occurrence of `needle` that starts within `window`.
  private static func occurrences(
    of needle: [UInt8], in text: UnsafeBufferPointer<UInt8>, within window: Range<Int>, _ found: (Int) -> Void
  ) {
    guard let first = needle.first, needle.count <= text.count else { return }
    var start = window.lowerBound
    let last = min(window.upperBound, text.count - needle.count + 1)
    while start < last {
      if text[start] == first {
        var matched = 1
        while matched < needle.count, text[start + matched] == needle[matched] { matched += 1 }
        if matched == needle.count { found(start) }
      }
      start += 1
    }
  }
}
