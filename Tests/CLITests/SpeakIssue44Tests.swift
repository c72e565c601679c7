import Foundation
import Testing

/// Issue 44 end to end: a dash is a pause in text and a `<break>` in SSML; readers that ask the locale.
@Suite struct SpeakIssue44Tests {
  @Test func aDashIsACommaInTextAndABreakInSSML() throws {
    let input = Data("No — tax is added at checkout.\n".utf8)
    let text = try CLIRunner.run(["speak", "--input", "text", "--locale", "en"], input: input)
    #expect(text.status == 0)
    #expect(text.stdout == "No, tax is added at checkout.\n")
    let ssml = try CLIRunner.run(["speak", "--input", "text", "--locale", "en", "--format", "ssml"], input: input)
    #expect(ssml.stdout.contains("No<mark name=\"r3-6\"/><break strength=\"medium\"/>"))
  }

  @Test func britishDatesAndWordsForOrdinalsCodesAndFlags() throws {
    let gb = try CLIRunner.run(
      ["speak", "--input", "text", "--locale", "en-GB"], input: Data("Thursday 16/10, deadline 31/12.\n".utf8))
    #expect(gb.stdout == "Thursday the 16th of October, deadline the 31st of December.\n")
    let words = try CLIRunner.run(
      ["speak", "--input", "text", "--locale", "en", "--numbers", "words"],
      input: Data("2nd, 21st, call 911, 🇺🇸\n".utf8))
    #expect(words.stdout == "second, twenty-first, call nine one one, flag: United States\n")
  }
}
