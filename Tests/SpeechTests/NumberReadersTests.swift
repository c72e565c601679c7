import Detection
import Foundation
import Testing
import TextModel

@testable import Speech

/// The number readers (`NumberToken`) on their own: each reads the forms its documentation names,
/// given nothing mutable but the carried state.
@Suite struct NumberReadersTests {
  /// A number in English text (starting at `start`), what it is read as, and how many scalars it takes.
  struct Case: CustomTestStringConvertible, Sendable {
    let text: String
    var start = 0
    let kind: SpeechSegmentKind
    let length: Int
    var recentWords: [String] = []
    var testDescription: String { text }
  }

  static let cases: [Case] = [
    Case(text: ".5 of it", kind: .number, length: 2),
    Case(text: "25 July 2012.", kind: .date, length: 12),
    Case(text: "b3_c", start: 1, kind: .number, length: 1),
    Case(text: "3:2 mix", kind: .ratio, length: 3),
    Case(text: "at 10:30 pm", start: 3, kind: .time, length: 8, recentWords: ["at"]),
    Case(text: "2026-11-22", kind: .date, length: 10),
    Case(text: "05/14/2026", kind: .date, length: 10),
    Case(text: "3/4 cup", kind: .number, length: 3),
    Case(text: "v2.10.3", start: 1, kind: .number, length: 6),
    Case(text: "the 1980s", start: 4, kind: .date, length: 5),
    Case(text: "in 1994", start: 3, kind: .date, length: 4, recentWords: ["in"]),
    Case(text: "1-4=5", kind: .number, length: 3),
    Case(text: "10–12 km", kind: .range, length: 8),
    Case(text: "5pm", kind: .time, length: 3),
    Case(text: "20% off", kind: .number, length: 3),
    Case(text: "$45 billion", kind: .number, length: 11),
  ]

  static func token(_ text: String, at start: Int) -> NumberToken {
    let document = TextDocument(format: .text, text: text, language: "en")
    let builder = SpeechBuilder(renderer: SpeechRenderer(document: document, detections: [Detection]()))
    let scalars = SpeechNormalizer().normalize(Substring(text), base: 0)
    return NumberToken(scalars, start, language: "en", tag: "en", lexicon: builder.lexicon("en"), builder: builder)
  }

  @Test(arguments: cases)
  func eachReaderReadsTheFormsItNames(_ example: Case) {
    var carried = TrackedCarriedState()
    carried.recentWords = example.recentWords
    let reading = Self.token(example.text, at: example.start).read(&carried)
    #expect(reading.kind == example.kind)
    #expect(reading.end - example.start == example.length)
  }

  @Test func readingsSayWhatTheSpeechSays() {
    var carried = TrackedCarriedState()
    #expect(Self.token("3:2", at: 0).read(&carried).text == "3 to 2")
    #expect(Self.token("$45 billion", at: 0).read(&carried).text == "45 billion dollars")
    #expect(Self.token("1-4=5", at: 0).read(&carried).text == "1 minus 4")
  }

  /// "John 3:16": the colon reader reads the last word through the carried state, and a chunk
  /// builder's assumed state records that it did.
  @Test func theColonReaderReadsTheLastWordThroughTheCarriedState() {
    var carried = TrackedCarriedState()
    carried.lastWord = "John"
    carried.lastTokenWasWord = true
    #expect(Self.token("3:16", at: 0).read(&carried).kind == .verse)
    var assumed = TrackedCarriedState()
    assumed.assume(.afterLineBreak)
    #expect(Self.token("3:16", at: 0).read(&assumed).kind == .time)
    #expect(assumed.assumedReads.contains(.lastTokenWasWord))
  }

  /// docs/SPEECH.md's list of readers is made from `NumberToken.readers`, in its order.
  @Test func docsReaderListIsGeneratedFromTheTable() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let url = root.appendingPathComponent("docs/SPEECH.md")
    let text = try String(contentsOf: url, encoding: .utf8)
    let begin = "<!-- number readers: generated from NumberToken.readers -->\n"
    let end = "<!-- end of number readers -->"
    let start = try #require(text.range(of: begin))
    let stop = try #require(text.range(of: end, range: start.upperBound..<text.endIndex))
    if ProcessInfo.processInfo.environment["TEXTROTOR_RECORD_DOCS"] == "1" {
      try (String(text[..<start.upperBound]) + NumberToken.markdownList + String(text[stop.lowerBound...]))
        .write(to: url, atomically: true, encoding: .utf8)
      return
    }
    #expect(String(text[start.upperBound..<stop.lowerBound]) == NumberToken.markdownList)
    // Every reader has a name of its own.
    #expect(Set(NumberToken.readers.map(\.name)).count == NumberToken.readers.count)
  }
}
