import Speech
import Testing

/// Issue 58: house numbers before a street, street types and compass points in full, "Dr." and
/// "St." by where they stand.
@Suite struct StreetAddressTests {
  static func say(_ text: String, words: Bool = false) -> String {
    SpeechRenderer.speak(
      text, language: "en", options: SpeechOptions(locale: "en", numbers: words ? .words : .numerals)
    )
    .plainText()
  }

  @Test(arguments: [
    ("Nancy lived at 1428 Elm St. 4 doors down", "Nancy lived at 14 28 Elm Street 4 doors down"),
    ("Nancy lived on 1428 Elm St. It was a strange place.", "Nancy lived on 14 28 Elm Street. It was a strange place."),
    ("1211 E Arques Ave", "12 11 East Arques Avenue"),
    ("123 Laguna Ct, Town", "1 23 Laguna Court, Town"),
    ("708 N 1st St, San City", "7 oh 8 North 1st Street, San City"),
    ("2 San Tomas hwy", "2 San Tomas Highway"),
    ("1990 for the Ata ST", "1990 for the Ata ST"),
    ("We need 3 Large Boxes today", "We need 3 Large Boxes today"),
  ])
  func aHouseNumberBeforeAStreetIsReadAsOne(_ input: String, _ expected: String) {
    #expect(Self.say(input) == expected)
  }

  @Test func inWordsTheHouseNumberGoesInPairs() {
    #expect(Self.say("1428 Elm St.", words: true) == "fourteen twenty-eight Elm Street.")
  }

  @Test(arguments: [
    ("Dr. Evil", "Doctor Evil"),
    ("Visit Dr. Smith today.", "Visit Doctor Smith today."),
    ("They met at St. Paul's.", "They met at Saint Paul's."),
    ("She lives on Elm Dr. near the park.", "She lives on Elm Drive near the park."),
    ("She lives on Oak St. Paul lives next door.", "She lives on Oak Street. Paul lives next door."),
    ("the dr. said", "the dr. said"),
    ("Exhibit No. 162.", "Exhibit number 162."),
    ("No. I will not.", "No. I will not."),
  ])
  func drAndStAreSaidByWhereTheyStand(_ input: String, _ expected: String) {
    #expect(Self.say(input) == expected)
  }
}
