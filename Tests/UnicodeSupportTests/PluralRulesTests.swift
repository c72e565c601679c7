import Testing
import UnicodeSupport

/// CLDR plural categories by language.
@Suite struct PluralRulesTests {
  @Test func englishHasOneAndOther() throws {
    let english = try PluralRules(locale: "en")
    #expect(english.category(for: 1) == .one)
    #expect(english.category(for: 0) == .other && english.category(for: 2) == .other)
  }

  @Test func arabicHasSixForms() throws {
    let arabic = try PluralRules(locale: "ar")
    #expect([0, 1, 2, 3, 11, 100].map(arabic.category(for:)) == [.zero, .one, .two, .few, .many, .other])
  }

  @Test func chineseHasOneForm() throws {
    let chinese = try PluralRules(locale: "zh-Hant")
    #expect([0, 1, 2, 5].allSatisfy { chinese.category(for: $0) == .other })
  }
}
