import Detection
import DocumentParsing
import Testing
import TextModel

@testable import Speech

/// A long line is spoken in pieces cut at a sentence end or between two lowercase words; the
/// speech must be what the whole line gives (the simple version), with pieces as short as a few
/// words, for lines full of what reads across spaces (numbers and units, times, dates, verses,
/// Roman numerals, initialisms, phone numbers, addresses, abbreviations with full stops).
@Suite struct SpeechLongLineTests {
  static let pieces = [
    "the trail is closed today.", "Read John 3:16 and then rest.", "at 5 pm the ratio is 4.5:1 for us.",
    "on July 25 2012 we walked 5 km in the rain.", "Chapter XIV begins here.", "the NASA team and the U.S. Army met.",
    "call (415) 555-0132 or mail ranger@example.org now.", "see https://example.org/a?b=c for more.",
    "Mr. Smith said no.", "it costs $4.50 or 4,50 € per day.", "a dash - and a colon: here.", "é and 東京 too.",
    "What now? Nothing!", "10:30 to 11:45 and score 3:2 then.", "ok",
  ]

  static func speech(_ text: String, longLine: Int, options: SpeechOptions) -> [SpeechSegment] {
    let document = TextReader().read(bytes: Array(text.utf8))
    var renderer = SpeechRenderer(
      document: document, detections: DocumentDetector().detect(in: document), options: options)
    renderer.tuning.longLine = longLine
    var all: [SpeechSegment] = []
    renderer.render { all.append($0) }
    return all
  }

  @Test func piecesOfALongLineSayWhatTheWholeLineSays() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<10 {
      let text = (0..<300).map { _ in Self.pieces.randomElement(using: &generator)! }.joined(separator: " ")
      for options in [SpeechOptions(), SpeechOptions(punctuation: .all, numbers: .words)] {
        let whole = Self.speech(text, longLine: .max, options: options)
        #expect(whole.count > 10)
        for longLine in [1, 30, 200] {
          let cut = Self.speech(text, longLine: longLine, options: options)
          let first = (0..<min(cut.count, whole.count)).first { cut[$0] != whole[$0] }
          #expect(
            cut == whole,
            "long line \(longLine): first difference \(first.map { "\(cut[$0]) vs \(whole[$0])" } ?? "in count")")
        }
      }
    }
  }

  @Test func cutsFallAtSentenceEndsThenBetweenLowercaseWords() {
    func cut(_ text: String, from: Int) -> Int? {
      SpeechBuilder.pieceCut(in: text, from: from, before: text.utf8.count)
    }
    let text = "one two Three. Four then five. six"
    #expect(cut(text, from: 0) == 15)  // the sentence end before "Four", not the earlier "one two"
    #expect(cut(text, from: 15) == 20)  // "Four then": ". six" is no sentence end
    #expect(cut("the U.S. Army NASA", from: 0) == nil)  // no lowercase words side by side
    #expect(cut("1111 2222 3333", from: 0) == nil)
  }
}
