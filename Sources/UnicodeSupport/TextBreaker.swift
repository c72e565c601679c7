internal import CICU

/// ICU break iteration (UAX #29 words and sentences, grapheme clusters, UAX #14 lines) over a string,
/// with boundaries reported as UTF-8 offsets.
///
/// ```swift
/// let words = try TextBreaker(.word, locale: "ja").wordRanges(in: "東京都に住む")
/// ```
/// ICU's UTF-16 offsets are converted here and never leave this type.
package final class TextBreaker {
  /// Which boundaries to find.
  package enum Unit: Sendable {
    case character, word, line, sentence
    var icu: Int32 {
      switch self {
      case .character: CICU_BREAK_CHARACTER
      case .word: CICU_BREAK_WORD
      case .line: CICU_BREAK_LINE
      case .sentence: CICU_BREAK_SENTENCE
      }
    }
  }

  private let iterator: OpaquePointer

  /// Opens an iterator for `unit` with the rules of `locale` (nil for the root locale).
  package init(_ unit: Unit, locale: String? = nil) throws(ICUError) {
    var status = CICU_ZERO_ERROR
    let handle = cicu_ubrk_open(unit.icu, locale, nil, 0, &status)
    guard let handle, !status.isICUFailure else { throw ICUError(status, "ubrk_open") }
    iterator = handle
  }

  deinit { cicu_ubrk_close(iterator) }

  /// Every boundary of `text`, as UTF-8 offsets, including 0 and the end.
  package func boundaries(in text: String) throws(ICUError) -> [Int] {
    try segments(in: text).map(\.end).reduce(into: [0]) { $0.append($1) }
  }

  /// The segments of `text` between consecutive boundaries, with ICU's rule status
  /// (for words: 0 for spaces and punctuation, 100… for numbers, 200… for letters, 300… kana, 400… ideographs).
  package func segments(in text: String) throws(ICUError) -> [(start: Int, end: Int, status: Int)] {
    let utf16 = Array(text.utf16)
    // Map UTF-16 offsets to UTF-8 offsets with a prefix table over the code units.
    var utf8At = [Int](repeating: 0, count: utf16.count + 1)
    var u8 = 0
    var i = 0
    for scalar in text.unicodeScalars {
      let width16 = scalar.utf16.count
      utf8At[i] = u8
      if width16 == 2 { utf8At[i + 1] = u8 }
      i += width16
      u8 += scalar.utf8.count
    }
    utf8At[utf16.count] = u8
    var status = CICU_ZERO_ERROR
    var result: [(start: Int, end: Int, status: Int)] = []
    try utf16.withUnsafeBufferPointer { (buffer) throws(ICUError) in
      cicu_ubrk_setText(iterator, buffer.baseAddress, Int32(buffer.count), &status)
      if status.isICUFailure { throw ICUError(status, "ubrk_setText") }
      var previous = Int(cicu_ubrk_first(iterator))
      while true {
        let next = Int(cicu_ubrk_next(iterator))
        if next < 0 { break }
        result.append((utf8At[previous], utf8At[next], Int(cicu_ubrk_getRuleStatus(iterator))))
        previous = next
      }
      // Detach the text before the buffer goes away.
      cicu_ubrk_setText(iterator, nil, 0, &status)
    }
    return result
  }

  /// The ranges of words (segments with letters, numbers, kana or ideographs) in `text`, as UTF-8 offsets.
  package func wordRanges(in text: String) throws(ICUError) -> [Range<Int>] {
    try segments(in: text).filter { $0.status >= 100 }.map { $0.start..<$0.end }
  }
}
