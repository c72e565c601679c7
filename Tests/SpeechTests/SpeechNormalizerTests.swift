import Detection
import Testing
import TextModel

@testable import Speech

/// The normalizer's byte shortcuts give what walking Characters gives (the simple version).
@Suite struct SpeechNormalizerTests {
  /// The normalizer before the ASCII shortcut: every Character, folded.
  static func characterWalk(_ text: Substring, base: Int) -> [SourcedScalar] {
    let normalizer = SpeechNormalizer()
    var out: [SourcedScalar] = []
    var offset = base
    for character in text {
      let length = character.utf8.count
      let scalars = character.isASCII ? Array(character.unicodeScalars) : normalizer.fold(character)
      for scalar in scalars { out.append(SourcedScalar(scalar: scalar, start: offset, end: offset + length)) }
      offset += length
    }
    return out
  }

  static let texts = [
    "Call +1 415 555 0132 ext. 12, or mail ranger@example.org today.",
    "Contrast 4.5:1 and 11.7:1; café, naïve, e\u{301}, A\u{30A}ngstro\u{308}m",
    "Line one\r\nline two\rthree\n\r\nfour\r",
    "Emoji 👍🏽 and 👨‍👩‍👧 family, flag 🇻🇳, keycap 1️⃣ and #️⃣.",
    "مرحبا ١٢٣٫٤٥ و٧٪ في ‏النص‎ العربي",
    "中文：价格１２３元，日本語のテキスト（カタカナ）と　全角スペース。",
    "Tiếng Việt có dấu: 028 3822 1234 và https://vi.example.vn/a",
    "Soft\u{AD}hyphen, zero\u{200B}width, ㎞ and ™ and ½ and x²",
    "a\u{300}b\u{301}\u{302}c \u{600}1 \u{915}\u{94D}\u{937}",
    // Hangul jamo that join (L V T) beside syllables, regional indicators in odd runs, a prepended
    // mark before a letter, variation selectors: non-ASCII scalars that are not Characters alone.
    "한국어 \u{1100}\u{1161}\u{11A8}각 x\u{1F1FB}\u{1F1F3}\u{1F1FB}y \u{600}\u{661}z 葛\u{E0100}x ✌\u{FE0F}.",
    "", "a", "\r", "\r\n", "é", "\u{301}",
    // Folds longer than their bytes: the text is done again by appending.
    "\u{FDFA}", "a \u{FDFA} b", "x\u{FDFB}\u{FDFA}y and then some ASCII", "\u{3300} and \u{FDFA}",
  ]

  @Test(arguments: texts)
  func theASCIIShortcutGivesTheCharacterWalk(_ text: String) {
    let fast = SpeechNormalizer().normalize(Substring(text), base: 7)
    let simple = Self.characterWalk(Substring(text), base: 7)
    #expect(fast.map(\.scalar) == simple.map(\.scalar))
    #expect(fast.map(\.start) == simple.map(\.start))
    #expect(fast.map(\.end) == simple.map(\.end))
  }

  @Test(arguments: texts)
  func everySliceGivesTheCharacterWalk(_ text: String) {
    // Slices that start or end inside a character, as a detection's range may.
    let utf8 = Array(text.utf8)
    for start in 0...utf8.count {
      for end in start...utf8.count where end - start <= 12 {
        let lower = text.utf8.index(text.utf8.startIndex, offsetBy: start)
        let upper = text.utf8.index(text.utf8.startIndex, offsetBy: end)
        guard lower.samePosition(in: text.unicodeScalars) != nil, upper.samePosition(in: text.unicodeScalars) != nil
        else { continue }
        let slice = text[lower..<upper]
        let fast = SpeechNormalizer().normalize(slice, base: start)
        let simple = Self.characterWalk(slice, base: start)
        #expect(fast.map(\.scalar) == simple.map(\.scalar), "\(start)..<\(end) of \(text)")
        #expect(fast.map(\.start) == simple.map(\.start) && fast.map(\.end) == simple.map(\.end))
      }
    }
  }

  @Test func asciiPredicatesAgreeWithTheUnicodeProperties() {
    for value in UInt8(0)...0x7F {
      let scalar = Unicode.Scalar(value)
      #expect(scalar.isSpeechWhitespace == scalar.properties.isWhitespace, "U+\(value)")
      #expect(scalar.isUppercaseLetter == scalar.properties.isUppercase, "U+\(value)")
    }
    for scalar in ["\u{85}", "\u{A0}", "\u{3000}", "\u{2029}", "É", "Ω", "ß", "中"] as [Unicode.Scalar] {
      #expect(scalar.isSpeechWhitespace == scalar.properties.isWhitespace)
      #expect(scalar.isUppercaseLetter == scalar.properties.isUppercase)
    }
  }

  @Test(arguments: texts)
  func scalarsBecomeTheStringTheyAppendTo(_ text: String) {
    let document = TextDocument(format: .text, text: "x", language: "en")
    let builder = SpeechBuilder(renderer: SpeechRenderer(document: document, detections: [Detection]()))
    let scalars = SpeechNormalizer().normalize(Substring(text), base: 0)
    for start in stride(from: 0, through: scalars.count, by: 3) {
      for end in start...min(scalars.count, start + 9) {
        var simple = ""
        for k in start..<end { simple.unicodeScalars.append(scalars[k].scalar) }
        let fast = builder.string(scalars, start, end)
        #expect(Array(fast.unicodeScalars) == Array(simple.unicodeScalars) && fast.utf8.count == simple.utf8.count)
      }
    }
  }
}
