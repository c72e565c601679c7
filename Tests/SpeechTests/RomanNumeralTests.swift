import Detection
import Testing
import TextModel

@testable import Speech

/// The first-letter shortcut of `romanNumeral` gives what the full path gives.
@Suite struct RomanNumeralTests {
  static let words = [
    "IV", "iv", "XX", "MCMXC", "mcmxc", "IIII", "Iv", "VX", "chapter", "I", "x", "M", "CD", "a", "Z", "ix", "xlii",
    "ıv", "ⅳ", "Ⅳ", "É", "中", "ا", "Đ", "XIV\u{301}", "l", "D", "dim", "civil", "mix", "C3", "V2",
  ]

  @Test(arguments: ["chapter", "thế kỷ", "phần", "part", "the", "vol"])
  func theShortcutAgreesWithTheFullPath(_ cue: String) {
    let document = TextDocument(format: .text, text: "x", language: "en")
    let builder = SpeechBuilder(renderer: SpeechRenderer(document: document, detections: [Detection]()))
    for language in ["en", "vi", "fr", "zh"] {
      let lexicon = builder.lexicon(language)
      for word in Self.words {
        builder.recentWords = cue.split(separator: " ").map { String($0) }
        let scalars = SpeechNormalizer().normalize(Substring(word + " after"), base: 0)
        let fast = builder.romanNumeral(scalars, 0, lexicon: lexicon)
        let simple = builder.romanNumeralAfterCue(scalars, 0, lexicon: lexicon)
        #expect(fast?.0 == simple?.0 && fast?.1 == simple?.1, "\(language) \(cue) \(word)")
      }
    }
    #expect(SpeechBuilder.isRomanLetter("X") && !SpeechBuilder.isRomanLetter("Y"))
    // Not vacuous: after a cue word the full path reads numerals.
    builder.recentWords = ["chapter"]
    let scalars = SpeechNormalizer().normalize("XIV and", base: 0)
    #expect(builder.romanNumeral(scalars, 0, lexicon: builder.lexicon("en"))?.0 == 14)
  }
}
