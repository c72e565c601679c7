import Speech
import Testing

/// Issue 58: digits in an e-mail address or a URL one by one, a two-letter country-code domain
/// letter by letter (`SpeechBuilder.addressWord`), on both address paths.
@Suite struct AddressWordTests {
  static func say(_ text: String, words: Bool = false) -> String {
    SpeechRenderer.speak(
      text, language: "en", options: SpeechOptions(locale: "en", numbers: words ? .words : .numerals)
    )
    .plainText()
  }

  @Test(arguments: [
    ("asdf123@abc.com", false, "asdf 1 2 3 at abc dot com"),
    ("asdf123@abc.com", true, "asdf one two three at abc dot com"),
    ("a@hotmail.de", false, "a at hotmail dot D E"),
    ("a@msn.it", false, "a at msn dot I T"),
    ("ab3.sdd.3@gmail.com", false, "ab 3 dot sdd dot 3 at gmail dot com"),
    ("www.ourdailynews.com/123-sm", false, "www dot ourdailynews dot com slash 1 2 3 dash sm"),
    ("https://example.de/it", false, "https colon slash slash example dot D E slash it"),
  ])
  func addressWordsAreSaidCharacterByCharacter(_ input: String, _ words: Bool, _ expected: String) {
    #expect(Self.say(input, words: words) == expected)
  }
}
