import Detection
import DocumentParsing
import Speech
import TestSupport
import Testing
import TextModel

@Suite struct SpeechRendererTests {
  static func options(_ language: String, _ level: String, _ style: String) -> SpeechOptions {
    let levels: [String: PunctuationLevel] = ["n": .none, "s": .some, "m": .most, "a": .all, "c": .char]
    return SpeechOptions(locale: language, punctuation: levels[level]!, numbers: style == "w" ? .words : .numerals)
  }

  @Test func theTableHasAtLeast200CasesInFiveLanguages() {
    #expect(speechCases.count >= 200)
    for language in ["en", "zh", "ja", "vi", "ar"] {
      #expect(speechCases.filter { $0.0 == language }.count >= 20, "\(language)")
    }
  }

  @Test(arguments: speechCases)
  func speaks(_ testCase: (String, String, String, String, String)) {
    let (language, level, style, input, expected) = testCase
    let script = SpeechRenderer.speak(input, language: language, options: Self.options(language, level, style))
    #expect(script.plainText() == expected, "\(language) \(level) \(style): \(input)")
  }
}
