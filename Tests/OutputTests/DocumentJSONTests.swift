import DocumentParsing
import TestSupport
import Testing
import TextModel

@testable import Output

/// `parse --format json` writes blocks and runs on both cores in segments (elements with much text
/// written on their own between them): the bytes must be the ones one thread writes, however the
/// elements are split.
@Suite(.tags(.threadSafety)) struct DocumentJSONTests {
  static func json(_ document: TextDocument, _ splitting: TextDocument.Splitting) -> [UInt8] {
    var json = JSONWriter()
    document.writeJSON(into: &json, splitting: splitting)
    return json.utf8
  }

  static func page() -> [UInt8] {
    var html = "<!doctype html><html lang=\"en\"><body><main><h1>Guide 🇯🇵</h1>"
    for index in 0..<400 {
      html += "<section aria-label=\"s\(index)\"><h2>Part \(index) é\u{301}</h2><p>Call <a href=\"tel:+14155550132\">"
      html += "(415) 555-0132</a> or see <em>東京</em> 👩‍👩‍👧 <a href=\"/x\(index)\">more</a>.\r\n</p>"
      html += "<ul><li>one</li><li lang=\"fr\">deux</li></ul></section>"
    }
    return Array((html + "</main></body></html>").utf8)
  }

  @Test func blocksAndRunsWrittenInSegmentsAreWhatOneThreadWrites() throws {
    var documents = [try HTMLReader().read(bytes: Self.page())]
    documents.append(TextReader().read(bytes: Array(String(repeating: "Line 🙂 e\u{301}\r\n\r\n", count: 500).utf8)))
    for document in documents {
      #expect(document.blocks.count > 100)
      var sequential = TextDocument.Splitting()
      sequential.parallelFrom = .max
      let one = Self.json(document, sequential)
      var plain = JSONWriter()
      document.writeJSON(into: &plain)
      #expect(plain.utf8 == one)  // small documents take the one-thread path by default
      for (segment, segmentText, largeText) in [(1, 1 << 20, 1 << 20), (3, 50, 40), (7, 200, 100), (100, 1000, 500)] {
        let splitting = TextDocument.Splitting(
          parallelFrom: 0, segment: segment, segmentText: segmentText, largeText: largeText)
        let two = Self.json(document, splitting)
        // Compared outside #expect: a failing comparison of large arrays is diffed for minutes.
        let same = two == one
        #expect(same, "segment \(segment), segment text \(segmentText), large text \(largeText)")
      }
    }
  }
}
