import TestSupport
import Testing

@testable import TextModel

@Suite(.tags(.threadSafety)) struct TextOffsetConverterTests {
  static let samples: [String] = [
    "", "plain ascii", "café ñ", "e\u{301}e\u{301}", "👍🏽 family 👨‍👩‍👧‍👦 flag 🇯🇵", "東京都 03-1234-5678",
    "مرحبا ٠١٢٣ \u{200F}+971\u{200E}", "Tiếng Việt 11,7", "\u{FFFD}bad\u{FFFD}", "a\r\nb", "ｆｕｌｌ０３",
  ]

  @Test(arguments: samples)
  func everyCharacterBoundaryConvertsToUTF16AndCharacterOffsetsAndBack(_ text: String) {
    let converter = TextOffsetConverter(text)
    var utf8 = 0
    var utf16 = 0
    var char = 0
    for character in text {
      let position = converter.position(utf8: utf8)
      #expect(position == TextPosition(utf8: utf8, utf16: utf16, char: char))
      #expect(converter.utf8Offset(utf16: utf16) == utf8)
      #expect(converter.utf8Offset(char: char) == utf8)
      utf8 += character.utf8.count
      utf16 += character.utf16.count
      char += 1
    }
    #expect(converter.end == TextPosition(utf8: utf8, utf16: utf16, char: char))
  }

  @Test func randomUnicodeStringsConvertConsistentlyAcrossCheckpoints() {
    var generator = SystemRandomNumberGenerator()
    let pool: [String] = [
      "a", "é", "e\u{301}", "東", "👍🏽", "🇯🇵", "٣", "\u{200F}", " ", "\n", "𝒜", "ก่", "\u{1F1EF}", "\r", "\u{200D}",
      "👨‍👩‍👧", "क्ष", "\u{0301}",
    ]
    for _ in 0..<20 {
      let count = Int.random(in: 0...2000, using: &generator)
      let text = (0..<count).map { _ in pool.randomElement(using: &generator)! }.joined()
      let converter = TextOffsetConverter(text)
      // Compare against the standard library's own views at random character boundaries.
      let indices = Array(text.indices) + [text.endIndex]
      for _ in 0..<50 {
        let index = indices.randomElement(using: &generator)!
        let utf8 = text.utf8.distance(from: text.startIndex, to: index)
        let expected = TextPosition(
          utf8: utf8, utf16: text.utf16.distance(from: text.startIndex, to: index),
          char: text.distance(from: text.startIndex, to: index))
        #expect(converter.position(utf8: utf8) == expected)
        #expect(converter.utf8Offset(utf16: expected.utf16) == utf8)
        #expect(converter.utf8Offset(char: expected.char) == utf8)
      }
    }
  }

  /// Built on two threads (the halves split where two ASCII bytes meet), a converter answers every
  /// offset, inside Characters too, and every UTF-16 and Character offset as the one-thread build.
  @Test func aConverterBuiltOnTwoThreadsAnswersAsOneBuiltOnOne() {
    var generator = SystemRandomNumberGenerator()
    let pool: [String] = [
      "a", "b", " ", "é", "e\u{301}", "東", "👍🏽", "🇯🇵", "\u{1F1EF}", "\r", "\n", "\r\n", "\u{200D}", "\u{0301}",
      "क्ष", "👨‍👩‍👧",
    ]
    var texts = [
      "ab", "\r\n\r\n", "é\u{301}", String(repeating: "🇯🇵", count: 300), String(repeating: "\r\n", count: 600),
      String(repeating: "x", count: 1_000) + "\r\n" + String(repeating: "東", count: 400),
    ]
    for _ in 0..<12 {
      texts.append(
        (0..<Int.random(in: 0...1_500, using: &generator)).map { _ in pool.randomElement(using: &generator)! }.joined())
    }
    for text in texts {
      let one = TextOffsetConverter(text)
      let two = TextOffsetConverter(text, parallelFrom: 0, bothHalves: inTurn)
      #expect(two.end == one.end)
      var advancing = two
      for utf8 in 0...text.utf8.count {
        let expected = one.position(utf8: utf8)
        #expect(two.position(utf8: utf8) == expected)
        #expect(advancing.position(advancingTo: utf8) == expected)
      }
      for utf16 in 0...one.end.utf16 { #expect(two.utf8Offset(utf16: utf16) == one.utf8Offset(utf16: utf16)) }
      for char in 0...one.end.char { #expect(two.utf8Offset(char: char) == one.utf8Offset(char: char)) }
    }
  }

  /// The advancing form remembers where it stopped; asked in increasing order (as writers ask, also
  /// offsets inside Characters) and then in random order, it answers as the plain form does.
  @Test func advancingPositionsEqualPlainPositionsInAnyOrder() {
    var generator = SystemRandomNumberGenerator()
    let pool: [String] = ["a", "b", " ", "é", "e\u{301}", "東", "👍🏽", "🇯🇵", "\r\n", "٣", "👨‍👩‍👧", "क्ष"]
    for _ in 0..<10 {
      let count = Int.random(in: 0...3000, using: &generator)
      let text = (0..<count).map { _ in pool.randomElement(using: &generator)! }.joined()
      let plain = TextOffsetConverter(text)
      var advancing = plain
      let length = text.utf8.count
      var offsets = (0..<200).map { _ in Int.random(in: 0...length, using: &generator) }.sorted()
      offsets += (0..<100).map { _ in Int.random(in: -2...(length + 2), using: &generator) }
      for offset in offsets {
        #expect(advancing.position(advancingTo: offset) == plain.position(utf8: offset))
      }
    }
  }

  /// Mostly ASCII with the cases the ASCII fast path must stop for: CR LF, a combining mark after an
  /// ASCII letter, an emoji modifier, a non-ASCII letter; every boundary compared with `String`.
  @Test func mostlyASCIITextConvertsAsTheStandardLibraryCounts() {
    var generator = SystemRandomNumberGenerator()
    let pool: [String] = [
      "a", "b", " ", ".", "7", "a", "x", "\r\n", "\n", "\r", "e\u{301}", "é", "👍🏽", "東", "a\u{20DD}",
    ]
    for _ in 0..<10 {
      let text = (0..<3000).map { _ in
        Int.random(in: 0..<10, using: &generator) < 8 ? "abc d" : pool.randomElement(using: &generator)!
      }.joined()
      let converter = TextOffsetConverter(text)
      var index = text.startIndex
      var expected = TextPosition(utf8: 0, utf16: 0, char: 0)
      while index < text.endIndex {
        #expect(converter.position(utf8: expected.utf8) == expected)
        let next = text.index(after: index)
        expected.utf8 += text.utf8.distance(from: index, to: next)
        expected.utf16 += text.utf16.distance(from: index, to: next)
        expected.char += 1
        index = next
      }
      #expect(converter.position(utf8: expected.utf8) == expected)
    }
  }

  /// The ASCII skip reads eight bytes at a time: whatever stops it (CR LF, a lone CR, a combining
  /// mark joining an ASCII letter, a non-ASCII letter) is put at every place within and around a
  /// word, and every boundary compared with `String`'s counts, asked plainly and advancing.
  @Test func whatStopsTheEightByteSkipIsFoundAtEveryPlaceInAWord() {
    for stopper in ["\r\n", "\r", "\u{301}", "東", "é", "\n"] {
      for place in 0..<26 {
        let text =
          String(repeating: "abcdefgh", count: 2).prefix(place) + stopper
          + String(repeating: "ijklmnop", count: 3) + stopper + "xyz"
        let plain = TextOffsetConverter(String(text))
        var advancing = plain
        var expected = TextPosition(utf8: 0, utf16: 0, char: 0)
        for character in text {
          #expect(plain.position(utf8: expected.utf8) == expected, "\(stopper.unicodeScalars.first!.value) at \(place)")
          #expect(advancing.position(advancingTo: expected.utf8) == expected)
          expected.utf8 += character.utf8.count
          expected.utf16 += character.utf16.count
          expected.char += 1
        }
        #expect(plain.end == expected)
      }
    }
  }

  @Test func anOffsetInsideACharacterCountsItsScalarsInUTF16() {
    let text = "e\u{301}x"  // é as two scalars
    let position = TextOffsetConverter(text).position(utf8: 1)
    #expect(position.utf16 == 1)
    #expect(position.char == 0)
  }

  /// A long run of regional indicators (flags), with an odd one out so pairs shift: checkpoints fall
  /// inside the run, and every boundary must still pair the indicators from the start of the run.
  @Test func longRunsOfRegionalIndicatorsPairFromTheStartOfTheRun() {
    let text = "x\u{1F1EF}" + String(repeating: "🇯🇵🇫🇷", count: 700) + "\u{1F1FA}y"
    let converter = TextOffsetConverter(text)
    var utf8 = 0
    var utf16 = 0
    var char = 0
    for character in text {
      #expect(converter.position(utf8: utf8) == TextPosition(utf8: utf8, utf16: utf16, char: char))
      #expect(converter.utf8Offset(char: char) == utf8)
      utf8 += character.utf8.count
      utf16 += character.utf16.count
      char += 1
    }
    #expect(converter.end == TextPosition(utf8: utf8, utf16: utf16, char: text.count))
  }

  /// The plain-scalar fast path against the standard library: every scalar the walk calls plain
  /// breaks from every other plain scalar and joins a following combining mark, and random text
  /// mixing plain scalars with marks, ZWJ sequences, flags, Hangul jamo, Arabic prepend and Indic
  /// conjuncts converts at every boundary as `String` counts.
  @Test func plainScalarsBreakAsTheStandardLibraryBreaksThem() {
    let ranges: [ClosedRange<UInt32>] = [
      0x20...0x7E, 0xC0...0x24F, 0x370...0x3FF, 0x400...0x52F, 0x5D0...0x5EA, 0x600...0x6FF, 0x1E00...0x1EFF,
      0x2000...0x206F, 0x3000...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xFF00...0xFFEF,
    ]
    let plain = ranges.flatMap { $0 }.compactMap(Unicode.Scalar.init).filter(GraphemeWalk.isPlain)
    #expect(plain.count > 29_000)
    let followers: [Unicode.Scalar] = ["a", "東", "ñ", "ب"]
    for scalar in plain {
      for follower in followers {
        let pair = String(String.UnicodeScalarView([scalar, follower]))
        #expect(TextOffsetConverter(pair).end.char == 2, "\(scalar.value) then \(follower.value)")
      }
      let marked = String(String.UnicodeScalarView([scalar, "\u{301}"]))
      #expect(marked.count == 1 && TextOffsetConverter(marked).end.char == 1, "\(scalar.value) with a mark")
    }
    var generator = SystemRandomNumberGenerator()
    let tricky = [
      "\u{301}", "\u{64B}", "\u{3099}", "\u{200D}", "👨‍👩‍👧", "🇯🇵", "\u{1100}\u{1161}\u{11A8}", "\u{600}", "क्ष", "\r\n",
      "\u{200C}", "\u{FE0F}", "©\u{FE0F}", "\u{E0041}",
    ]
    for _ in 0..<20 {
      let text = (0..<Int.random(in: 0...1500, using: &generator)).map { _ in
        Bool.random(using: &generator)
          ? String(plain.randomElement(using: &generator)!) : tricky.randomElement(using: &generator)!
      }.joined()
      var converter = TextOffsetConverter(text)
      var utf8 = 0
      var utf16 = 0
      var char = 0
      for character in text {
        #expect(converter.position(advancingTo: utf8) == TextPosition(utf8: utf8, utf16: utf16, char: char))
        utf8 += character.utf8.count
        utf16 += character.utf16.count
        char += 1
      }
      #expect(converter.end == TextPosition(utf8: utf8, utf16: utf16, char: char))
    }
  }

  /// The skip over plain scalars and controls (`GraphemeWalk.skipPlain`) against the standard
  /// library: controls (tab, LF, a lone CR, DEL) next to plain non-ASCII letters and punctuation, CR
  /// LF, and what joins (marks, ZWJ, emoji modifiers, a mark after a control), every boundary asked
  /// plainly, advancing, and from a converter built on two threads.
  @Test func controlsBesidePlainScalarsBreakAsTheStandardLibraryBreaksThem() {
    var generator = SystemRandomNumberGenerator()
    let pool: [String] = [
      "\n", "\t", "\r", "\r\n", "\u{7F}", "\u{1}", "—", "•", "東", "ư", "ờ", "ا", "み", "Ａ", "a", " ", ".",
      "\u{301}", "👍🏽", "\u{200D}", "e\u{301}", "\u{64B}", "\u{1100}\u{1161}",
    ]
    for round in 0..<30 {
      let text = (0..<Int.random(in: 0...3000, using: &generator)).map { _ in
        pool.randomElement(using: &generator)!
      }.joined()
      let plain = TextOffsetConverter(text)
      let parallel = TextOffsetConverter(text, parallelFrom: 64, bothHalves: inTurn)
      var advancing = plain
      var expected = TextPosition(utf8: 0, utf16: 0, char: 0)
      for character in text {
        #expect(plain.position(utf8: expected.utf8) == expected, "round \(round)")
        #expect(parallel.position(utf8: expected.utf8) == expected)
        #expect(advancing.position(advancingTo: expected.utf8) == expected)
        expected.utf8 += character.utf8.count
        expected.utf16 += character.utf16.count
        expected.char += 1
      }
      #expect(plain.end == expected)
      #expect(parallel.end == expected)
    }
  }

  /// Nested ranges as the JSON writers ask them (a parent's start and end, then its children's)
  /// answer as the plain form does.
  @Test func nestedRangesAskedParentFirstAnswerAsThePlainForm() {
    let text = String(repeating: "東京 café e\u{301} 🇯🇵 مرحبا ", count: 200)
    let plain = TextOffsetConverter(text)
    var advancing = plain
    let length = text.utf8.count
    var offsets: [Int] = []
    var start = 0
    while start + 60 < length {
      offsets += [start, start + 600, start + 3, start + 20, start + 21, start + 59]
      start += 60
    }
    for offset in offsets { #expect(advancing.position(advancingTo: offset) == plain.position(utf8: offset)) }
  }
}

/// `TextDocument.withUTF8(of:)` hands output the bytes of `document[range]` without a Substring:
/// the same bytes for every range, including ends inside a scalar and outside the text.
@Suite struct DocumentRangeBytesTests {
  @Test func rangeBytesAreTheSubscriptsBytes() {
    let text = "plain café e\u{301} 東京 👩‍👩‍👧 🇯🇵 \r\n\u{2028} end"
    let document = TextDocument(format: .text, text: text)
    let count = text.utf8.count
    for start in -2...(count + 2) {
      for end in (start - 1)...(count + 2) {
        let range = TextRange(start: start, end: max(start, end))
        let bytes = document.withUTF8(of: range) { Array($0) }
        #expect(bytes == Array(document[range].utf8), "\(start)..<\(end)")
      }
    }
  }
}

/// Runs both halves of a two-half build in turn (OutputTests' `TextDocumentOffsetConverterTests`
/// runs them on two threads).
private func inTurn<Half>(_ half: (Int) -> Half) -> [Half] {
  let second = half(1)
  return [half(0), second]
}
