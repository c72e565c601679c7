import Detection
import DocumentParsing
import Output
import Speech
import Testing
import TextModel

/// Streamed speech (segments handed over as they are finished, `speak` without --audio or SSML)
/// must be exactly the script rendered whole: the same segments and the same JSON bytes.
@Suite struct SpeechStreamingTests {
  static let files = SpeechSourceMappingTests.files

  static func compare(_ document: TextDocument, range: TextRange? = nil) {
    let detections = DocumentDetector().detect(in: document)
    let renderer = SpeechRenderer(document: document, detections: detections)
    let whole = renderer.render(range)
    var streamed: [SpeechSegment] = []
    renderer.render(range) { streamed.append($0) }
    #expect(streamed == whole.segments)
    var fromScript = JSONWriter()
    whole.writeJSON(document: document, into: &fromScript)
    var fromRenderer = JSONWriter()
    renderer.writeJSON(range, document: document, into: &fromRenderer)
    #expect(fromRenderer.utf8 == fromScript.utf8)
  }

  @Test(arguments: files)
  func corpusDocumentsStreamAsTheyRenderWhole(_ name: String) throws {
    Self.compare(try DocumentReader().read(path: SpeechSourceMappingTests.corpus + "/" + name))
  }

  /// Long enough for many merges (every 4,096 pieces), with every kind of span, in several languages.
  @Test func aLongMixedTextStreamsAsItRendersWhole() {
    let lines = [
      "Call (415) 555-0132 or write to ranger@example.org, see https://parks.example.org/a-b?x=1.",
      "Contrast 11.7:1 — open 9:00–17:30, 2026-05-14; score 3-2; 45% off $12.50!",
      "お問い合わせ：03-1234-5678。東京都の公園です。",
      "Gọi 028 3822 1234 để biết thêm.",
      "اتصل على ‎+971 4 123 4567‎ الآن.",
    ]
    var text = ""
    for index in 0..<1_500 { text += lines[index % lines.count] + (index % 7 == 0 ? "\n\n" : " ") }
    let document = TextDocument(parsingText: Array(text.utf8))
    Self.compare(document)
    Self.compare(document, range: TextRange(start: 1_000, end: 60_000))
  }
}
