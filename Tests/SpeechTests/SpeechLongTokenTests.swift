import Detection
import DocumentParsing
import Testing
import TextModel

@testable import Speech

/// A line with no place where speech does not depend on a cut (one enormous token, digits, CJK, a
/// long link) is still rendered in bounded pieces (issue 42: 100,000,000 "a" held 2.66 GB), each
/// ending at a Character boundary; a word cut inside says the same, and short tokens are never cut.
@Suite struct SpeechLongTokenTests {
  static func renderer(_ text: String, longLine: Int, longToken: Int) -> SpeechRenderer {
    let document = TextReader().read(bytes: Array(text.utf8))
    var renderer = SpeechRenderer(document: document, detections: DocumentDetector().detect(in: document))
    renderer.tuning.longLine = longLine
    renderer.tuning.longToken = longToken
    return renderer
  }

  static func plainSpeech(_ renderer: SpeechRenderer) -> String {
    var out = ""
    renderer.render().forEachPlainTextPiece { out += $0 }
    return out
  }

  /// The pieces `renderLines` renders one line of `text` in.
  static func pieces(of text: String, longLine: Int, longToken: Int) -> [Range<Int>] {
    let builder = SpeechBuilder(renderer: renderer(text, longLine: longLine, longToken: longToken))
    var pieces: [Range<Int>] = []
    var piece = 0
    let end = text.utf8.count
    while piece < end {
      let cut = builder.pieceEnd(from: piece, lineEnd: end)
      pieces.append(piece..<cut)
      piece = cut
    }
    return pieces
  }

  /// The UTF-8 offsets of `text`'s Character boundaries.
  static func boundaries(_ text: String) -> Set<Int> {
    var offsets: Set<Int> = [0]
    var offset = 0
    for character in text {
      offset += character.utf8.count
      offsets.insert(offset)
    }
    return offsets
  }

  @Test(arguments: [
    String(repeating: "a", count: 5000), String(repeating: "7", count: 5000), String(repeating: "漢字", count: 2000),
    "https://example.com/" + String(repeating: "ab/", count: 1500), String(repeating: "e\u{301}", count: 2000),
    String(repeating: "🇺🇸", count: 800), String(repeating: "1 2 ", count: 1500), String(repeating: "AB CD ", count: 900),
  ])
  func aLineWithoutPlacesToCutIsRenderedInBoundedPiecesAtCharacterBoundaries(_ text: String) {
    let pieces = Self.pieces(of: text, longLine: 100, longToken: 50)
    let boundaries = Self.boundaries(text)
    #expect(pieces.count > 10)
    for piece in pieces {
      #expect(piece.count <= 100 + 50 + 8, "piece \(piece) of \(text.prefix(12))…")
      #expect(boundaries.contains(piece.upperBound), "cut at \(piece.upperBound) inside a Character")
    }
  }

  @Test func aCutPrefersASpaceBetweenTokensThatAreNotDigits() {
    let text = String(repeating: "AB", count: 60) + " 12 34 CD EF"
    // The first space after the target with no digit on either side: before "EF".
    let cut = SpeechBuilder.tokenCut(in: text, from: 0, target: 110, before: text.utf8.count)
    #expect(cut == text.utf8.count - 2)
  }

  @Test func aWordCutIntoPiecesSaysWhatTheWholeWordSays() {
    for text in [String(repeating: "a", count: 3000), String(repeating: "漢字", count: 700)] {
      let whole = Self.plainSpeech(Self.renderer(text, longLine: .max / 2, longToken: .max / 4))
      let cut = Self.plainSpeech(Self.renderer(text, longLine: 100, longToken: 50))
      #expect(cut == whole)
    }
  }

  @Test func shortTokensSayTheSameWithTheBounds() {
    let text = (0..<200).map { "Call 415-555-01\($0 % 90 + 10) at 5 pm, 4.5:1 and July 25 2012; 東京 3 km." }
      .joined(separator: " ")
    let whole = Self.plainSpeech(Self.renderer(text, longLine: .max / 2, longToken: .max / 4))
    #expect(Self.plainSpeech(Self.renderer(text, longLine: 1000, longToken: 1 << 16)) == whole)
  }

  @Test func aLongLinkIsSaidInPiecesItsHeadAsALink() {
    let text = "https://example.com/" + String(repeating: "a", count: 3000)
    let renderer = Self.renderer(text, longLine: 100, longToken: 50)
    let segments = renderer.render().segments
    #expect(segments.first?.kind == .link)
    #expect(segments.first.map { $0.range.length <= 100 + 50 + 8 } == true)
    #expect(Self.plainSpeech(renderer).hasPrefix("https colon slash slash example dot com slash aaa"))
  }

  @Test func noSegmentTakesInSpeechPastTheLimit() {
    let text = String(repeating: "a", count: 3 * SpeechBuilder.segmentSpeechLimit)
    let segments = Self.renderer(text, longLine: 1 << 16, longToken: 1 << 16).render().segments
    #expect(segments.count >= 3)
    #expect(segments.allSatisfy { $0.speech.utf8.count <= SpeechBuilder.segmentSpeechLimit + (1 << 17) + 8 })
    #expect(segments.dropFirst().allSatisfy { $0.separator.isEmpty })
  }
}
