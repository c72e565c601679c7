import Speech
import Testing

/// Issue 44: dashes as pauses, readers that ask the locale, CLDR names of flags and keycaps.
@Suite struct LocaleReadersTests {
  static func say(_ text: String, _ language: String = "en", words: Bool = false) -> String {
    SpeechRenderer.speak(
      text, language: language, options: SpeechOptions(locale: language, numbers: words ? .words : .numerals)
    ).plainText()
  }

  @Test(arguments: [
    ("No — tax is added at checkout.", "No, tax is added at checkout."),
    ("No - tax is added.", "No, tax is added."),
    ("No – tax is added.", "No, tax is added."),
    ("No—tax is added.", "No, tax is added."),
    ("well-known, -5 and 10 - 12", "well known, minus 5 and 10 12"),
    ("σ(y − x) and f - g", "σ(y x) and f g"),
    ("Part 1 – Introduction", "Part 1, Introduction"),
  ])
  func dashesBetweenWordsArePauses(_ input: String, _ expected: String) {
    #expect(Self.say(input) == expected)
  }

  @Test func aDashPauseIsAPauseSegment() {
    let script = SpeechRenderer.speak("No — tax is added.", language: "en")
    #expect(script.segments.contains { $0.kind == .pause })
  }

  @Test(arguments: [
    ("en-GB", "Thursday 16/10, deadline 31/12.", "Thursday the 16th of October, deadline the 31st of December."),
    ("en-US", "Thursday 10/16.", "Thursday October 16th."),
    ("en-GB", "3/4 of them", "3 quarters of them"),
    ("en", "22/3", "22 thirds"),
    // A part written with a leading zero is no fraction: a date in the order CLDR gives the locale.
    ("en-GB", "Meeting on 05/06", "Meeting on the 5th of June"),
    ("en-GB", "Meeting on 5/06", "Meeting on the 5th of June"),
    ("en-AU", "Meeting on 09/03.", "Meeting on the 9th of March."),
    ("en-US", "Meeting on 05/06", "Meeting on May 6th"),
    ("en-GB", "Meeting on 5/6", "Meeting on the 5th of June"),
    ("en-GB", "5/6 of them", "5 sixths of them"),
    ("en-CA", "Mix 10/16.", "Mix 10 sixteenths."),
  ])
  func dayAndMonthInTheLocalesOrder(_ language: String, _ input: String, _ expected: String) {
    #expect(Self.say(input, language) == expected)
  }

  @Test(arguments: [
    ("€4,50", false, "4 euros 50"),
    ("2nd, 21st and 3RD", true, "second, twenty-first and third"),
    ("call 911 now", true, "call nine one one now"),
    ("dial 311", false, "dial 3 1 1"),
    ("911 calls", false, "9 1 1 calls"),
    ("1-800-FLOWERS", true, "one, eight hundred, FLOWERS"),
    ("10:00 minutes", false, "10 minutes"),
    ("1:30 hours", false, "1 hour 30 minutes"),
    ("Date: Fri, 16 Oct 2026 09:12:44", false, "Date, Fri, the 16th of October, 20 26 9 12 and 44 seconds"),
    ("123-123-5678", false, "1 2 3, 1 2 3, 5 6 7 8"),
    ("(555)555-5555", false, "(5 5 5, 5 5 5, 5 5 5 5"),
    ("555.555.5555", false, "5 5 5, 5 5 5, 5 5 5 5"),
    ("123.123.0.40", false, "1 2 3 dot 1 2 3 dot 0 dot 4 0"),
    ("v2.10.3", false, "v 2 dot 10 dot 3"),
    ("21th and 2th", true, "twenty-one th and two th"),
    ("$20/mo is the fee", true, "twenty dollars per month is the fee"),
    ("$2.000 and $20.500", false, "2 dollars and 20 dollars 50 cents"),
    ("88213-5521-7734-0091", false, "88213 5521 7734 0091"),
    ("ISBN 978-0-8058-5997-3", false, "ISBN 978 0 8058 5997 3"),
    ("6½ cups", false, "6 and a half cups"),
  ])
  func englishReaders(_ input: String, _ words: Bool, _ expected: String) {
    #expect(Self.say(input, words: words) == expected)
  }

  @Test(arguments: [
    ("السعر ٨٬٥٠٠ درهم", "السعر 8500 درهم"),
    ("١٬٢٥٠٫٧٥", "1250 و75 من 100"),
    ("الساعة 14:30", "الساعة 14 و30 دقيقة"),
    ("د.إ.", "درهم إماراتي"),
    ("120 د.إ.", "120 درهم إماراتي"),
  ])
  func arabicSeparatorsTimeAndDirham(_ input: String, _ expected: String) {
    #expect(Self.say(input, "ar") == expected)
  }

  @Test(arguments: [
    ("en", "½ 🇺🇸 ❤️ 1️⃣", "1 half flag: United States red heart keycap: 1"),
    ("zh", "🇺🇸 ❤️ 1️⃣", "旗: 美国 红心 按键: 1"),
    ("ja", "🇯🇵 1️⃣", "旗: 日本 囲み数字: 1"),
    ("vi", "🇻🇳", "cờ: Việt Nam"),
    ("ar", "🇦🇪", "علم: الإمارات العربية المتحدة"),
  ])
  func cldrNamesOfSymbolsFlagsAndKeycaps(_ language: String, _ input: String, _ expected: String) {
    #expect(Self.say(input, language) == expected)
  }

  @Test func aVulgarFractionIsItsNumberInWords() {
    #expect(Self.say("½ cup", words: true) == "one half cup")
  }
}

/// Issue 44, row 14: what NeMo's English tests found besides the rows.
@Suite struct SpokenEnglishNumbersTests {
  @Test(arguments: [
    ("$18854", "eighteen thousand eight hundred and fifty-four dollars"),
    ("$18052", "eighteen thousand and fifty-two dollars"),
    ("123", "one hundred and twenty-three"),
    // Ordinals and fraction denominators keep ICU's plain words, as NeMo says them.
    ("121st", "one hundred twenty-first"),
    ("1/2007", "one two thousand seventh"),
  ])
  func cardinalsSayAndBeforeTheLastGroup(_ input: String, _ expected: String) {
    #expect(LocaleReadersTests.say(input, words: true) == expected)
  }

  /// A language without a lexicon borrows English's words, but not its "and" (ICU has no verbose
  /// French rule set) nor its "by".
  @Test func aLanguageWithoutALexiconKeepsICUsWordsAndSizesAsWritten() {
    #expect(LocaleReadersTests.say("1234 et 2x8", "fr", words: true) == "mille deux cent trente-quatre et deux x huit")
  }

  @Test(arguments: [
    ("1960s-80s", "19 60s to 80s"),
    ("1960s–1980s", "19 60s to 19 80s"),
    ("1980-1970 kg", "1980 to 1970 kilograms"),
    ("1234-123kg", "1234 to 123 kilograms"),
    ("2x8 m2", "2 by 8 square meters"),
    ("3x4x5 cm", "3 by 4 by 5 centimeters"),
    ("1920×1080 pixels", "1920 by 1080 pixels"),
    // Not sizes: hexadecimal, "2x faster".
    ("0x1F", "0x1F"),
    ("2x faster", "2x faster"),
    // Still years: no unit after them.
    ("1980-1990", "19 80 to 19 90"),
  ])
  func decadesSizesAndAmountsInRanges(_ input: String, _ expected: String) {
    #expect(LocaleReadersTests.say(input) == expected)
  }

  @Test(arguments: [
    ("<breathing/>", "breathing slash"),
    ("go <noise/> home", "go noise slash home"),
    ("<singing> haleluja </singing>", "singing haleluja slash singing"),
    ("<pitch=-.3>", "pitch equals minus point 3"),
    ("John <john@example.com>", "John john at example dot com"),
    // Comparisons keep their words at "some".
    ("if x < 5 and y > 3", "if x less than 5 and y greater than 3"),
    ("a<b and c>d", "a less than b and c greater than d"),
  ])
  func theAngleBracketsOfATagAreBracketsNotComparisons(_ input: String, _ expected: String) {
    #expect(LocaleReadersTests.say(input) == expected)
  }
}
