import Detection
import DocumentParsing
import Speech
import TestSupport
import Testing
import TextModel

@testable import Output

/// `speak --format json` made on both cores (segments formatted where they are made, the whole
/// speech joined from the chunks' pieces) is byte for byte what one thread writes.
@Suite(.tags(.threadSafety)) struct SpeechJSONTests {
  static func json(_ renderer: SpeechRenderer, document: TextDocument, chunking: SpeechRenderer.Chunking) -> [UInt8] {
    var json = JSONWriter()
    renderer.writeJSON(nil, document: document, into: &json, chunking: chunking)
    return json.utf8
  }

  @Test(arguments: [
    "Call +1 415 555 0132 today.\nMail ranger@example.org\n\nRatio 4.5:1\n",
    // Nothing said in the first lines: the first chunk with speech drops the separators before it.
    "\n\n   \n\t\n" + String(repeating: "Read John\n3:16 today.\n \n", count: 30),
    String(repeating: "東京都 03-1234-5678。\nTiếng Việt 11,7\n\n", count: 40) + "\n\n\n",
  ])
  func speechJSONOnBothCoresIsTheBytesOfOneThread(_ text: String) {
    let document = TextReader().read(bytes: Array(text.utf8))
    let renderer = SpeechRenderer(document: document, detections: DocumentDetector().detect(in: document))
    let one = Self.json(renderer, document: document, chunking: .init(parallelFrom: .max))
    #expect(one.count > 100)
    for chunk in [1, 9, 64] {
      let two = Self.json(renderer, document: document, chunking: .init(parallelFrom: 0, chunk: chunk))
      #expect(two == one, "chunk \(chunk)")
    }
  }
}

/// Segments written from templates are the bytes of the writer's calls, among other values, with
/// texts that need escaping, and through a streaming writer whose chunk some values outgrow.
@Suite struct SpeechSegmentTemplateTests {
  @Test(arguments: [nil, 8, 64])
  func templatedSegmentsAreTheWritersBytes(chunk: Int?) {
    let text =
      "Say \"東京\"\t03-1234-5678 \\ back\u{2028}slash.\n\nMail ranger@example.org 👍🏽 café\r\n\r\n"
      + String(repeating: "A long line of plain words to outgrow a small chunk. ", count: 4) + "\n\n4.5:1 at 10:30\n"
    let document = TextReader().read(bytes: Array(text.utf8))
    let script = SpeechRenderer(document: document, detections: DocumentDetector().detect(in: document)).render()
    #expect(script.segments.count > 10)
    func written(templated: Bool) -> [UInt8] {
      nonisolated(unsafe) var streamed: [UInt8] = []
      var json = chunk.map { JSONWriter(streamingTo: { streamed += $0 }, chunk: $0) } ?? JSONWriter()
      var converter = document.offsetConverter()
      json.array { json in
        for segment in script.segments {
          json.number(1)
          if templated {
            segment.writeJSON(document: document, converter: &converter, into: &json)
          } else {
            segment.writeJSONThroughWriter(document: document, converter: &converter, into: &json)
          }
        }
      }
      json.finish()
      return chunk == nil ? json.utf8 : streamed
    }
    let simple = written(templated: false)
    #expect(simple.count > 1000)
    #expect(written(templated: true) == simple)
  }
}
