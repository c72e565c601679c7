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
