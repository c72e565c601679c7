import Testing
import TextModel

@Suite struct LanguageTagTests {
  /// RFC 5646, appendix A ("Examples of Language Tags"), and a few more from its grammar.
  @Test(arguments: [
    "de", "fr", "ja", "i-enochian", "zh-Hant", "zh-Hans", "sr-Cyrl", "sr-Latn", "zh-cmn-Hans-CN", "cmn-Hans-CN",
    "zh-yue-HK", "yue-HK", "zh-Hans-CN", "sr-Latn-RS", "sl-rozaj", "sl-rozaj-biske", "sl-nedis", "de-CH-1901",
    "sl-IT-nedis", "hy-Latn-IT-arevela", "de-DE", "en-US", "es-419", "de-CH-x-phonebk", "az-Arab-x-AZE-derbend",
    "x-whatever", "qaa-Qaaa-QM-x-southern", "de-Qaaa", "sr-Latn-QM", "sr-Qaaa-RS", "en-US-u-islamcal",
    "zh-CN-a-myext-x-private", "en-a-myext-b-another", "sgn-BE-FR", "art-lojban", "zh-min-nan", "en-GB-oed",
    "EN-us", "abcd-Latn", "abcdefgh", "en-1994", "ar-EG-u-nu-latn", "en-x-a-b-c",
  ])
  func wellFormedTagsAreAccepted(_ tag: String) {
    #expect(LanguageTag.isWellFormed(tag))
    #expect(LanguageTag(tag)?.rawValue == tag)
  }

  @Test(arguments: [
    // RFC 5646, appendix A ("Some Invalid Tags"):
    "de-419-DE", "a-DE", "ar-a-aaa-b-bbb-a-ccc",
    // Attacks and slips: markup, paths, separators, empty subtags, lengths.
    "en\"/><audio src=\"http://tracker.example/x.wav\"/><s xml:lang=\"en", "../../x", "en/../../x", "en_US", "en US",
    "", "-", "en-", "-en", "en--US", "e", "abcdefghi", "en-abcdefghi", "x", "x-", "en-x", "en-a", "en-a-x-y",
    "en-US-US", "en-Latn-Latn", "de-1901-1901", "zh-abc-abc-abc-abc", "1en", "en-ü", "en\0", "en\n",
  ])
  func malformedTagsAreRefused(_ tag: String) {
    #expect(!LanguageTag.isWellFormed(tag))
    #expect(LanguageTag(tag) == nil)
  }

  /// `isWellFormed` takes a bare subtag of letters without the grammar; the grammar (what
  /// `LanguageTag.init` parses with) must agree on every such string and its near misses.
  @Test func bareSubtagsAgreeWithTheGrammar() {
    var strings: [String] = []
    for length in 0...10 {
      for filler in ["a", "Z", "1", "-", "é", "_"] {
        strings.append(String(repeating: "q", count: max(0, length - 1)) + (length > 0 ? filler : ""))
        strings.append((length > 0 ? filler : "") + String(repeating: "x", count: max(0, length - 1)))
      }
    }
    for string in strings {
      #expect(LanguageTag.isWellFormed(string) == (LanguageTag(string) != nil), "\(string)")
    }
  }

  @Test func thePrimaryLanguageIsTheFirstSubtagInLowerCase() {
    #expect(LanguageTag("zh-Hant-TW")?.primaryLanguage == "zh")
    #expect(LanguageTag("EN-gb")?.primaryLanguage == "en")
    #expect(LanguageTag("art-lojban")?.primaryLanguage == "art")
    #expect(LanguageTag("x-private")?.primaryLanguage == nil)
    #expect(LanguageTag("i-klingon")?.primaryLanguage == nil)
  }
}
