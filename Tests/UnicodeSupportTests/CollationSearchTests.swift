import Testing

@testable import UnicodeSupport

@Suite struct CollationSearchTests {
  @Test func caseAndAccentsDoNotMatter() throws {
    let text = "Le Café, le CAFE et la cafétéria"
    let matches = try CollationSearch.matches(of: "cafe", in: text)
    let found = matches.map { String(decoding: Array(text.utf8)[$0], as: UTF8.self) }
    #expect(found == ["Café", "CAFE", "café"])
  }

  @Test func offsetsAreUTF8AcrossAstralScalars() throws {
    let text = "😀 Zürich 😀 ZURICH"
    let matches = try CollationSearch.matches(of: "zurich", in: text)
    #expect(matches == [5..<12, 18..<24])
  }

  @Test func canonicallyEquivalentSpellingsMatch() throws {
    let text = "re\u{301}sume\u{301}"
    #expect(try CollationSearch.matches(of: "RÉSUMÉ", in: text) == [0..<text.utf8.count])
  }

  @Test func noMatchAndEmptyPattern() throws {
    #expect(try CollationSearch.matches(of: "xyz", in: "abc").isEmpty)
    #expect(try CollationSearch.matches(of: "", in: "abc").isEmpty)
  }

  @Test func languageNamesInTheMessageLanguage() {
    #expect(LocaleInfo.languageName("fr", in: "en") == "French")
    #expect(LocaleInfo.languageName("de", in: "de") == "Deutsch")
    #expect(LocaleInfo.languageName("ja", in: "zh") == "日语")
    #expect(LocaleInfo.languageName("qqq", in: "en") == nil)
  }
}
