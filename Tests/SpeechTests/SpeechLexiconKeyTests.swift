import Testing
import UnicodeSupport

@testable import Speech

/// The byte-level shortcuts speech rendering takes per piece agree with the lexicons themselves.
@Suite struct SpeechLexiconKeyTests {
  static let tags: [String?] = [
    nil, "", "en", "EN-us", "zh-Hant", "zh_TW", "ja", "JA-jp", "vi", "ar-EG", "fr-CA", "De", "sr-Latn", "x",
  ]

  @Test(arguments: tags)
  func theLexiconKeyIsTheLowercasePrimarySubtag(_ tag: String?) {
    let expected: String
    if let tag, !tag.isEmpty {
      expected = String(tag.prefix { $0 != "-" && $0 != "_" }).lowercased()
    } else {
      expected = "en"
    }
    #expect(SpeechLexicon.key(tag) == expected)
  }

  @Test(arguments: tags)
  func spacingIsTheLexiconsOwn(_ tag: String?) {
    #expect(SpeechLexicon.isSpaced(tag) == SpeechLexicon.forLanguage(tag).spaced)
  }

  @Test func fullWidthPunctuationIsRecognizedAtTheEndOnly() {
    #expect(SpeechBuilder.endsWithFullWidthPunctuation("好。"))
    #expect(SpeechBuilder.endsWithFullWidthPunctuation("是，"))
    #expect(!SpeechBuilder.endsWithFullWidthPunctuation("。好"))
    #expect(!SpeechBuilder.endsWithFullWidthPunctuation("end."))
    #expect(!SpeechBuilder.endsWithFullWidthPunctuation(""))
  }
}
