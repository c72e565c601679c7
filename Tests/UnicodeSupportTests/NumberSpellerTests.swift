import Testing
import UnicodeSupport

/// ICU spell-out as speech uses it, and the separators a locale writes numbers with.
@Suite struct NumberSpellerTests {
  @Test func spellsIntegersAndDecimals() throws {
    let english = try NumberSpeller(locale: "en")
    #expect(try english.spell(42) == "forty-two")
    #expect(try english.spell(-7) == "minus seven")
    #expect(try english.spell("11.7") == "eleven point seven")
    #expect(try english.spell("") == "")
  }

  /// ICU drops a decimal's trailing fraction zeros (speech reads such digits itself), and past its
  /// spell-out range (10^18) gives the digits back grouped instead of words.
  @Test func decimalStringsAtTheEdgesOfSpellOut() throws {
    let english = try NumberSpeller(locale: "en")
    #expect(try english.spell("1.50") == "one point five")
    #expect(try english.spell("1000000") == "one million")
    #expect(try english.spell("100000000000000000001") == "100,000,000,000,000,000,001")
  }

  @Test func hyphenatedTagsAndOtherScripts() throws {
    #expect(try NumberSpeller(locale: "zh-Hans").spell(25) == "二十五")
    #expect(try NumberSpeller(locale: "ja").spell(10_000) == "一万")
  }

  @Test func ordinalRuleSet() throws {
    #expect(try NumberSpeller(locale: "en", ruleSet: "%spellout-ordinal").spell(25) == "twenty-fifth")
    #expect(throws: ICUError.self) { try NumberSpeller(locale: "en", ruleSet: "%no-such-rules") }
  }

  @Test func numberSymbolsFollowTheLocale() throws {
    let english = try NumberSymbols(locale: "en")
    #expect(english.decimalSeparator == "." && english.groupingSeparator == ",")
    let vietnamese = try NumberSymbols(locale: "vi")
    #expect(vietnamese.decimalSeparator == "," && vietnamese.groupingSeparator == ".")
  }
}
