import Speech
import Testing

/// Arabic money and counting as NeMo's Arabic grammar and Arabic listeners say them (issue 58).
/// Each case failed on 5f4626b.
@Suite struct ArabicSpeechTests {
  static func say(_ input: String, words: Bool = true) -> String {
    SpeechRenderer.speak(
      input, language: "ar", options: SpeechOptions(locale: "ar", numbers: words ? .words : .numerals)
    ).plainText()
  }

  @Test(arguments: [
    ("$7.50", "سبعة دولار وخمسون سنت"),
    ("$7.05", "سبعة دولار وخمسة سنتات"),
    ("$20.1", "عشرون دولار وعشرة سنتات"),
    ("$0.99", "تسعة وتسعون سنت"),
    ("€0.03", "ثلاثة سنتات"),
    ("£3.02", "ثلاثة جنيه إسترليني واثنان بنسات"),
  ])
  func moneySaysItsMinorUnitWithItsNumber(_ input: String, _ expected: String) {
    #expect(Self.say(input) == expected)
  }

  @Test func numeralsModeKeepsTheDigits() {
    #expect(Self.say("$7.50", words: false) == "7 دولار و50 سنت")
  }

  @Test(arguments: [
    ("5د.ك", "خمسة دينار كويتي"),
    ("9 ر.س.", "تسعة ريال سعودي"),
    ("12 د.م", "اثنا عشر درهم مغربي"),
  ])
  func localCurrenciesAreTheirCLDRNames(_ input: String, _ expected: String) {
    #expect(Self.say(input) == expected)
  }

  @Test func twoThousandIsCountedInTheNominative() {
    #expect(Self.say("2007") == "ألفان وسبعة")
  }
}
