import Foundation
import Navigation
import Testing

@Suite struct BrowseMessagesTests {
  /// ICU's plural rules: Arabic has six forms, English two, Chinese, Japanese and Vietnamese one.
  @Test func countsTakeTheFormOfTheLanguage() {
    let arabic = BrowseMessages(language: "ar")
    #expect([0, 1, 2, 3, 11, 100].map(arabic.pluralCategory) == ["zero", "one", "two", "few", "many", "other"])
    #expect(
      [0, 1, 2, 3, 11, 100].map { arabic.count(.link, $0) } == [
        "لا روابط", "رابط واحد", "رابطان", "3 روابط", "11 رابطًا", "100 رابط",
      ])
    let english = BrowseMessages(language: "en-GB")
    #expect(english.language == "en")
    #expect(
      [0, 1, 2].map { english.count(.email, $0) } == ["no e-mail addresses", "1 e-mail address", "2 e-mail addresses"])
    #expect(english.count(.headingLevel, 1, level: 4) == "1 heading of level 4")
    for language in ["zh", "ja", "vi"] {
      let messages = BrowseMessages(language: language)
      #expect(messages.pluralCategory(1) == "other" && messages.pluralCategory(2) == "other")
    }
    #expect(BrowseMessages(language: "zh").count(.link, 3) == "3个链接")
    #expect(BrowseMessages(language: "ja").count(.link, 3) == "リンク3個")
    #expect(BrowseMessages(language: "vi").count(.link, 3) == "3 liên kết")
    #expect(BrowseMessages(language: "de").language == "en")
  }

  /// Every language has every phrase and every noun (no English fallback in the middle of Arabic).
  @Test func everyTableIsComplete() {
    for language in BrowseMessages.languages {
      let messages = BrowseMessages(language: language)
      for phrase in BrowseMessages.Phrase.allCases {
        let text = messages.phrase(phrase)
        // Templates made only of placeholders and punctuation ("{title}, {count}") may be the same.
        let words = text.replacing(/\{[a-z]+\}/, with: "").filter(\.isLetter)
        #expect(
          language == "en" || words.isEmpty || text != BrowseMessages(language: "en").phrase(phrase),
          "\(language) lacks \(phrase)")
      }
      for noun in BrowseMessages.Noun.allCases {
        #expect(
          language == "en" || messages.name(noun) != BrowseMessages(language: "en").name(noun),
          "\(language) lacks \(noun)")
      }
    }
  }
}
