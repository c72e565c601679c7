import Testing
import TextModel

@testable import DocumentParsing

/// Inputs found by the fuzz targets in Fuzz/ (docs/FUZZING.md) in the readers. The ones still open
/// are listed in Fuzz/findings/KNOWN and disabled here with that reason: enable a test together with
/// the fix (and delete its KNOWN line).
@Suite struct FuzzRegressionTests {
  /// Whether every block and run range lies inside the text on Unicode scalar boundaries.
  func rangesAreOnScalarBoundaries(_ document: TextDocument) -> Bool {
    let utf8 = Array(document.text.utf8)
    func ok(_ offset: Int) -> Bool {
      offset >= 0 && offset <= utf8.count && (offset == utf8.count || utf8[offset] & 0xC0 != 0x80)
    }
    return document.blocks.allSatisfy { ok($0.range.start) && ok($0.range.end) }
      && document.runs.allSatisfy { ok($0.range.start) && ok($0.range.end) }
  }

  /// fuzz-xml: `<i` followed by an invalid byte gave an emphasis run 0..<1 inside the U+FFFD that
  /// replaced it (3 bytes); the JSON then showed utf8 0..3 with the text "".
  @Test
  func aRunAfterAnInvalidByteEndsOnAScalarBoundary() throws {
    let document = try TextDocument(parsingXML: [0x3C, 0x69, 0x90, 0x0A, 0x0A, 0x0A])
    #expect(rangesAreOnScalarBoundaries(document))
  }

  /// fuzz-xml: `<tr"` and invalid bytes gave a table-row block ending inside a U+FFFD.
  @Test
  func aBlockAfterInvalidBytesEndsOnAScalarBoundary() throws {
    let document = try TextDocument(parsingXML: [0x3C, 0x74, 0x72, 0x22, 0xFF, 0xFF, 0x03, 0x03])
    #expect(rangesAreOnScalarBoundaries(document))
  }

  /// fuzz-xml and fuzz-html: a source-map anchor past the end of the text, recorded for text that was
  /// then dropped or trimmed (XML: text "" with an anchor at 1; HTML: text U+FFFD with an anchor at 4).
  @Test
  func sourceAnchorsStayInsideTheText() throws {
    let xml = try TextDocument(parsingXML: [0x3C, 0x70, 0x72, 0x65, 0x3E, 0x0A, 0x15, 0x20, 0xFF])
    #expect(xml.sourceMap.anchors.allSatisfy { $0.text <= xml.text.utf8.count })
    let html = try TextDocument(parsingHTML: [0xD8, 0x3C, 0x70, 0x72, 0x65, 0x3E, 0x0A])
    #expect(html.sourceMap.anchors.allSatisfy { $0.text <= html.text.utf8.count })
  }

  /// fuzz-html: an unterminated attribute value with an invalid byte at the end of the input gave a
  /// source-map anchor at byte 15 of a 13-byte input (the repair's extra bytes not mapped back).
  @Test
  func sourceAnchorsStayInsideTheInput() throws {
    let bytes = Array(#"<img alt="B "#.utf8) + [0xFF]
    let document = try TextDocument(parsingHTML: bytes)
    #expect(document.sourceMap.anchors.allSatisfy { $0.source <= bytes.count })
  }

  /// fuzz-alert: an HTML document that opens with a truncated `<?xml version="1.0" encodin` sends
  /// libxml2 astray (it reads the markup after it as text) and its positions past the input: an
  /// anchor at byte 765 of 742. Anchors are clamped to the input when the read finishes.
  @Test func aTruncatedXMLDeclarationInHTMLKeepsAnchorsInsideTheInput() throws {
    let root = #filePath.split(separator: "/").dropLast(3).joined(separator: "/")
    let source = try InputSource(path: "/" + root + "/Fuzz/findings/fixed/html-anchor-past-input-xml-pi.bin")
    defer { source.close() }
    let bytes = Array(try source.readAll().dropFirst(3))  // the target's three option bytes
    let document = try TextDocument(parsingHTML: bytes)
    #expect(document.sourceMap.anchors.allSatisfy { $0.source <= bytes.count })
  }
}
