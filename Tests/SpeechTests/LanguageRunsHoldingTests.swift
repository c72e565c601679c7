import Detection
import DocumentParsing
import Testing
import TextModel

@testable import Speech

/// A language found once holds over the stretch `entryHolding(at:)` gives: the speech renderer's
/// remembered tag is the lookup's own at every offset, in order and out of order.
@Suite struct LanguageRunsHoldingTests {
  static func document(_ text: String, _ attributes: [(Int, Int, TextAttribute)], language: String? = nil)
    -> TextDocument
  {
    var document = TextDocument(format: .text, text: text, language: language)
    document.runs = attributes.map { AttributeRun(range: TextRange(start: $0.0, end: $0.1), attribute: $0.2) }
    return document
  }

  static let text = String(repeating: "Hello 你好 مرحبا xin chào ", count: 8)
  static let documents: [TextDocument] = [
    document(text, []),
    document(
      text, [(0, 40, .detectedLanguage("en", confidence: 0.9)), (40, 90, .detectedLanguage("zh", confidence: 0.8))]),
    // Nested declared languages, a gap, detected runs around and inside them, overlapping detected runs.
    document(
      text,
      [
        (5, 120, .language("fr")), (20, 60, .language("ar")), (30, 40, .language("vi")), (150, 150, .language("ja")),
        (0, 30, .detectedLanguage("en", confidence: 0.9)), (25, 200, .detectedLanguage("zh", confidence: 0.7)),
        (180, 190, .detectedLanguage("ja", confidence: 0.6)), (210, 215, .language("../bad")),
        (230, 260, .detectedLanguage("vi", confidence: 0.9)),
      ], language: "en-GB"),
  ]

  @Test(arguments: documents.indices)
  func theHeldTagIsTheLookupsAtEveryOffset(_ index: Int) {
    let document = Self.documents[index]
    let runs = LanguageRuns(document: document)
    let count = document.text.utf8.count
    for offset in 0...count {
      let (entry, end) = runs.entryHolding(at: offset)
      #expect(entry == runs.entry(at: offset))
      #expect(end > offset)
      // The answer holds up to `end` (checked at every offset of the stretch inside the text).
      for later in offset..<min(end, count + 1) { #expect(runs.entry(at: later) == entry, "\(offset) \(later)") }
    }
    let builder = SpeechBuilder(renderer: SpeechRenderer(document: document, detections: [Detection]()))
    let order = Array(0...count) + Array((0...count).reversed()) + (0...count).map { ($0 * 37) % (count + 1) }
    for offset in order {
      #expect(builder.languageTag(at: offset) == builder.context.languages.tag(at: offset), "\(offset)")
    }
  }
}
