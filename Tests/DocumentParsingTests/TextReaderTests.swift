import DocumentParsing
import Testing
import TextModel

@Suite struct TextReaderTests {
  @Test func theDocumentTextIsTheInputItself() {
    let input = "Line one\r\nline two\n\n  Second paragraph\n"
    let document = TextDocument(parsingText: Array(input.utf8))
    #expect(document.text == input)
    #expect(document.blocks.map { String(document[$0.range]) } == ["Line one\r\nline two", "Second paragraph"])
  }

  /// Valid UTF-8 without a NUL is taken as it is; a byte-order mark sends the same text through the
  /// decoder. Both paths must give the same text and paragraphs, whatever the scripts and line ends.
  @Test func validUTF8TakenAsItIsEqualsTheDecodedText() {
    var generator = SystemRandomNumberGenerator()
    let pieces = ["Trail ", "東京都の公園", " 👍🏽", "\r\n", "\n\n", "Gọi 028 ", "مرحبا", "\t", "\u{3000}", "é"]
    var long = ""
    for _ in 0..<20_000 { long += pieces.randomElement(using: &generator)! }
    for input in ["", "a", "plain ASCII text\n", "東京\r\n\r\nnext", long] {
      let asIs = TextDocument(parsingText: Array(input.utf8))
      let decoded = TextDocument(parsingText: [0xEF, 0xBB, 0xBF] + Array(input.utf8))
      #expect(asIs.text == input)
      #expect(decoded.text == input)
      #expect(asIs.blocks.map(\.range) == decoded.blocks.map(\.range))
    }
  }

  @Test func aNULSendsTheTextThroughTheDecoder() {
    let document = TextDocument(parsingText: Array("a\u{0}b".utf8))
    #expect(document.text == "a\u{FFFD}b")
    #expect(document.diagnostics.contains { $0.message.contains("NUL") })
  }

  @Test func plainTextStatesNoAlertsOfItsOwn() {
    // Cue lines are found by the detection stage (AlertDetectorTests), with a rules file's cues too.
    let document = TextDocument(parsingText: Array("Warning: trail closed.\n".utf8))
    #expect(document.runs.isEmpty)
  }

  @Test func invalidUTF8IsReplacedAndReported() {
    let bytes = Array("ok ".utf8) + [0xFF] + Array(" ann@example.org".utf8)
    // Said to be UTF-8 (otherwise one invalid byte and no valid non-ASCII would mean windows-1252).
    let document = TextDocument(parsingText: bytes, options: ReaderOptions(encoding: "utf-8"))
    #expect(document.text == "ok \u{FFFD} ann@example.org")
    #expect(document.diagnostics.count == 1)
    let start = document.text.utf8.count - 15
    #expect(document.sourceMap.sourceOffset(forTextOffset: start) == bytes.count - 15)
  }
}
