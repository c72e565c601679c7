import Detection
import DocumentParsing
import Testing
import TextModel

@testable import Speech

/// Where pieces of speech meet: neighbouring numbers said digit by digit are parted by a pause, and
/// a wrapped line of a plain-text paragraph goes on after a space (issue 44's follow-up).
@Suite struct SpeechJoinTests {
  static func script(_ text: String, format: InputFormat = .text) -> SpeechScript {
    let document: TextDocument =
      format == .text
      ? TextReader().read(bytes: Array(text.utf8))
      : (try? HTMLReader().read(bytes: Array(text.utf8))) ?? TextDocument(format: .html, text: "")
    return SpeechRenderer(document: document, detections: DocumentDetector().detect(in: document)).render()
  }

  @Test(arguments: [
    ("Phones: 415-555-0132 415-555-0199", "Phones, 4 1 5, 5 5 5, 0 1 3 2, 4 1 5, 5 5 5, 0 1 9 9"),
    ("Tel/Fax: 03-1234-5678  03-1234-5679", "0 3, 1 2 3 4, 5 6 7 8, 0 3, 1 2 3 4, 5 6 7 9"),
  ])
  func neighbouringPhonesArePartedByAPause(_ text: String, _ expected: String) {
    let script = Self.script(text)
    #expect(script.plainText().contains(expected), "\(script.plainText())")
    let kinds = script.segments.map(\.kind).filter { $0 == .phone || $0 == .pause }
    #expect(kinds.suffix(3) == [.phone, .pause, .phone])
  }

  @Test func digitSpansWithOnlySpacesBetweenArePartedToo() {
    // Two spans said digit by digit (an embedder's `digits` runs) that touch across spaces.
    let document = TextDocument(
      format: .text, text: "Codes 123  456 end",
      runs: [
        AttributeRun(range: TextRange(start: 6, end: 9), attribute: .speech(.digits)),
        AttributeRun(range: TextRange(start: 11, end: 14), attribute: .speech(.digits)),
      ], language: "en")
    let plain = SpeechRenderer(document: document, detections: DocumentDetector().detect(in: document)).render()
      .plainText()
    #expect(plain.contains("1 2 3, 4 5 6"), "\(plain)")
  }

  @Test func aPhoneAfterWordsGetsNoExtraPause() {
    let plain = Self.script("Call 415-555-0132 or 415-555-0199 today.").plainText()
    #expect(plain == "Call 4 1 5, 5 5 5, 0 1 3 2 or 4 1 5, 5 5 5, 0 1 9 9 today.")
  }

  @Test func aWrappedLineOfPlainTextGoesOnAfterASpace() {
    let text = "Hello Anna,\nthe meeting moved to Thursday because the\nroom was booked.\n\nSee you then.\n"
    let script = Self.script(text)
    #expect(
      script.plainText()
        == "Hello Anna, the meeting moved to Thursday because the room was booked.\nSee you then.")
    #expect(script.segments.filter { $0.separator == "\n" }.count == 1)
  }

  @Test func listLinesOfPlainTextKeepTheirBreaks() {
    let text = "Bring:\n- a towel\n- 2 sandwiches\n1. first\nthe -5 degrees\n-5 at night\n"
    let plain = Self.script(text).plainText()
    #expect(plain.components(separatedBy: "\n").count == 4, "\(plain)")
  }

  @Test func htmlLinesKeepTheirBreaks() {
    let plain = Self.script("<h1>Title</h1><p>One line</p><ul><li>a</li><li>b</li></ul>", format: .html).plainText()
    #expect(plain == "Title\nOne line\na\nb")
  }
}

/// A vulgar fraction after a number and a space is its fraction part ("6 ½" as "6½"), and a
/// quarter is said as the declared region says it (en-GB "quarters", en-US "fourths").
@Suite struct SpeechFractionRegionTests {
  static func speak(_ text: String, language: String) -> String {
    let document = TextDocument(format: .text, text: text, language: language)
    return SpeechRenderer(document: document, detections: DocumentDetector().detect(in: document)).render()
      .plainText()
  }

  @Test func aSpacedVulgarFractionIsTheNumbersFraction() {
    #expect(Self.speak("Add 6 ½ cups.", language: "en") == "Add 6 and a half cups.")
    #expect(Self.speak("Add 6½ cups.", language: "en") == "Add 6 and a half cups.")
  }

  @Test(arguments: [
    ("en-GB", "3 quarters"), ("en-US", "3 fourths"), ("en", "3 quarters"), ("en-AU", "3 quarters"),
  ])
  func quartersByRegion(_ language: String, _ expected: String) {
    #expect(Self.speak("Fill ¾ of it.", language: language) == "Fill \(expected) of it.")
    #expect(Self.speak("Fill 3/4 of it.", language: language) == "Fill \(expected) of it.")
  }

  @Test(arguments: [("en-GB", "3 quarters"), ("en-US", "3 fourths"), ("en", "3 fourths")])
  func mathMLQuartersByRegion(_ language: String, _ expected: String) throws {
    let spoken = try MathSpeechTests.speak(
      "Dose <math><mn>2</mn><mfrac><mn>3</mn><mn>4</mn></mfrac></math> tablets", language: language)
    #expect(spoken.contains("2 and \(expected)"), "\(spoken)")
  }
}
