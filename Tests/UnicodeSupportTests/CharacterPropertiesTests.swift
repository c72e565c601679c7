import Testing
import UnicodeSupport

/// Digit values (decimal digits of every script, nothing else), letters, names and scripts.
@Suite struct CharacterPropertiesTests {
  @Test func decimalDigitsOfEveryScript() {
    #expect(CharacterProperties.digitValue("7") == 7)
    #expect(CharacterProperties.digitValue("７") == 7)  // fullwidth
    #expect(CharacterProperties.digitValue("٣") == 3)  // Arabic-Indic
    #expect(CharacterProperties.digitValue("५") == 5)  // Devanagari
  }

  /// Letters, superscripts, circled numbers and Han numerals are not decimal digits.
  @Test func otherNumbersAreNotDigits() {
    for scalar: Unicode.Scalar in ["a", "/", "²", "①", "五", "Ⅻ"] {
      #expect(CharacterProperties.digitValue(scalar) == nil, "\(scalar)")
    }
  }

  @Test func letters() {
    #expect(CharacterProperties.isLetter("é"))
    #expect(CharacterProperties.isLetter("東"))
    #expect(!CharacterProperties.isLetter("1"))
    #expect(!CharacterProperties.isLetter("-"))
  }

  @Test func names() {
    #expect(CharacterProperties.name("\u{2236}") == "RATIO")
    #expect(CharacterProperties.name("０") == "FULLWIDTH DIGIT ZERO")
    #expect(CharacterProperties.name("\u{E000}") == nil)  // private use: no name
  }

  /// ICU's UScriptCode numbers: COMMON 0, ARABIC 2, HAN 17, LATIN 25.
  @Test func scriptCodes() {
    #expect(CharacterProperties.scriptCode("a") == 25)
    #expect(CharacterProperties.scriptCode("東") == 17)
    #expect(CharacterProperties.scriptCode("ب") == 2)
    #expect(CharacterProperties.scriptCode("1") == 0)
  }
}
