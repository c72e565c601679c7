import Speech
import Testing

/// Issue 58: digits in codes one by one, rates after a bare number, sizes written with spaces.
@Suite struct CodeDigitsTests {
  static func say(_ text: String) -> String {
    SpeechRenderer.speak(text, language: "en", options: SpeechOptions(locale: "en")).plainText()
  }

  @Test(arguments: [
    ("your otp is ab9453", "your otp is ab 9 4 5 3"),
    ("my pnr is t2000", "my pnr is t2000"),
    ("flight A321", "flight A321"),
    ("MIG-25/235212-asdg", "MIG 25 slash 2 3 5 2 1 2 asdg"),
    ("ISBN 1-86953-601-X", "ISBN 1 86953 601 X"),
    ("12/kg", "12 per kilogram"),
    ("1/f", "1 slash f"),
    ("The box was 25 x 7 m.", "The box was 25 by 7 meters."),
    ("25 x 7 people", "25 x 7 people"),
  ])
  func codesRatesAndSizes(_ input: String, _ expected: String) {
    #expect(Self.say(input) == expected)
  }
}
