import Speech
import Testing

/// Issue 58: numeric dates in the locale's order, times of day to the second, meridiems and years.
@Suite struct NumericDateOrderTests {
  static func say(_ text: String, _ language: String = "en", words: Bool = false) -> String {
    SpeechRenderer.speak(
      text, language: language, options: SpeechOptions(locale: language, numbers: words ? .words : .numerals)
    ).plainText()
  }

  @Test(arguments: [
    // A preposition of a point in time makes a day and a month a date, in the locale's order.
    ("en-GB", "Meeting on 5/6", "Meeting on the 5th of June"),
    ("en-US", "Meeting on 5/6.", "Meeting on May 6th."),
    ("en-GB", "Closed until 7/8.", "Closed until the 7th of August."),
    ("en-AU", "Open since 1/2", "Open since the 1st of February"),
    // Quantities stay fractions: no cue, or a preposition that takes amounts.
    ("en-GB", "reduced by 1/3", "reduced by 1 third"),
    ("en-US", "add 3/4 cup", "add 3 fourths cup"),
    ("en-GB", "5/6 of them", "5 sixths of them"),
    ("en-US", "killed since 9/11 by", "killed since 9 slash 11 by"),
  ])
  func aDayAndMonthAfterADatePrepositionIsADate(_ language: String, _ input: String, _ expected: String) {
    #expect(Self.say(input, language) == expected)
  }

  @Test(arguments: [
    ("en-US", "11/17/05", "November 17th, oh 5"),
    ("en-US", "01/07/98", "January 7th, 98"),
    ("en-GB", "01/07/98", "the 1st of July, 98"),
    ("en-GB", "17/11/05", "the 17th of November, oh 5"),
    // Written day first, said day first.
    ("en-US", "15.01.2020", "the 15th of January, 20 20"),
    ("en-GB", "05/06/2026", "the 5th of June, 20 26"),
    ("en-US", "05/06/2026", "May 6th, 20 26"),
  ])
  func numericDatesFollowTheLocalesFieldOrder(_ language: String, _ input: String, _ expected: String) {
    #expect(Self.say(input, language) == expected)
  }

  @Test(arguments: [
    ("The train leaves at 09:12:44 sharp.", "The train leaves at 9 12 and 44 seconds sharp."),
    ("Open from 08:00:30 until 17:30:00.", "Open from 8 o'clock and 30 seconds until 17 30."),
    ("The lap took 01:02:03.", "The lap took 1 hour 2 minutes and 3 seconds."),
    ("14:10:30", "14 hours 10 minutes and 30 seconds"),
  ])
  func aClockReadingAfterATimePrepositionIsATimeOfDay(_ input: String, _ expected: String) {
    #expect(Self.say(input) == expected)
  }

  @Test(arguments: [
    ("01:00 am", false, "1 AM"),
    ("4:00 am - 8:12 pm", false, "4 AM to 8 12 PM"),
    ("1.59 p.m.", false, "1 59 PM"),
    ("1:00a.m.", true, "one AM"),
  ])
  func meridiemsAreSaidAsTheirLetters(_ input: String, _ words: Bool, _ expected: String) {
    #expect(Self.say(input, words: words) == expected)
  }

  @Test(arguments: [
    ("1994", "19 94"),
    ("2012", "20 12"),
    ("Born (1876) in Ohio.", "Born (18 76) in Ohio."),
    ("We sold 1994 copies.", "We sold 1994 copies."),
    ("Total: 1994 items", "Total, 1994 items"),
  ])
  func aFourDigitYearStandingAloneIsAYear(_ input: String, _ expected: String) {
    #expect(Self.say(input) == expected)
  }

  @Test(arguments: [
    ("340 A.D", "3 40 A.D"),
    ("Rome fell in 476 AD.", "Rome fell in 4 76 A.D."),
    ("It was built in 1066 AD", "It was built in 10 66 A.D"),
    ("We have seen growth in 2Q22", "We have seen growth in the 2nd quarter of 22"),
    ("5 CEOs", "5 CEOs"),
  ])
  func yearsBeforeAnEraAndQuartersOfAYear(_ input: String, _ expected: String) {
    #expect(Self.say(input) == expected)
  }
}
