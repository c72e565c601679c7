import Detection
import DocumentParsing
import Speech
import TestSupport
import Testing
import TextModel

@Suite struct SpeechSourceMappingTests {
  static let corpus = CorpusFiles.directory
  static let files = CorpusFiles.mixed

  /// Every segment maps to a non-empty source range inside the rendered range, in reading order,
  /// and what it says comes from there: phone digits are the source's digits, a ratio's source has
  /// its colon, an e-mail's has its "@", verbatim text is the source text.
  @Test(arguments: files)
  func everySegmentMapsBackToItsOrigin(_ name: String) throws {
    let document = try DocumentReader().read(path: Self.corpus + "/" + name)
    let detections = DocumentDetector().detect(in: document)
    // A middle third whose ends fall on scalar boundaries (the renderer moves other offsets back).
    let bytes = Array(document.text.utf8)
    func boundary(_ offset: Int) -> Int {
      var offset = offset
      while offset > 0, offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset -= 1 }
      return offset
    }
    for range in [nil, TextRange(start: boundary(bytes.count / 3), end: boundary(bytes.count * 2 / 3))] {
      let script = SpeechRenderer(document: document, detections: detections).render(range)
      #expect(!script.segments.isEmpty)
      var previousEnd = range?.start ?? 0
      for segment in script.segments {
        let source = document[segment.range]
        #expect(!segment.range.isEmpty && segment.range.start >= previousEnd, "\(name): \(segment)")
        previousEnd = max(previousEnd, segment.range.end)
        if let range { #expect(range.contains(segment.range), "\(name): \(segment)") }
        switch segment.kind {
        case .phone:
          let digits = { (text: Substring) in
            text.unicodeScalars.compactMap {
              $0.properties.numericType == .decimal ? $0.properties.numericValue.map { Int($0) } : nil
            }
          }
          #expect(digits(Substring(segment.speech)) == digits(source), "\(name): \(segment.speech) ← \(source)")
        case .ratio, .time, .verse:
          #expect(source.contains(":") || source.contains("：") || source.contains("∶"), "\(name): \(source)")
        case .score:
          #expect(source.contains(":") || source.contains("-") || source.contains("："), "\(name): \(source)")
        case .email:
          #expect(source.contains("@") || source.contains("＠"), "\(name): \(source)")
        case .text:
          if !segment.speech.contains(where: { !$0.isLetter && !$0.isWhitespace }) && !segment.speech.contains(" ") {
            #expect(
              source.contains(segment.speech) || source.count <= segment.speech.count + 2,
              "\(name): \(segment.speech) ← \(source)")
          }
        default: break
        }
      }
    }
  }
}
