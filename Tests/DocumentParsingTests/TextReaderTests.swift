import DocumentParsing
import TestSupport
import Testing
import TextModel

@Suite struct TextReaderTests {
  @Test func theDocumentTextIsTheInputItself() {
    let input = "Line one\r\nline two\n\n  Second paragraph\n"
    let document = TextDocument(parsingText: Array(input.utf8))
    #expect(document.text == input)
    #expect(document.blocks.map { String(document[$0.range]) } == ["Line one\r\nline two", "Second paragraph"])
  }

  static let cueLines: [(String, AlertSeverity)] = [
    ("⟦Warning: trail closed⟧", .warning), ("⟦Caution: slippery rocks⟧", .warning), ("⟦Alert: fog tonight⟧", .warning),
    ("⟦Important: bring water⟧", .warning), ("⟦⚠ bears nearby⟧", .warning), ("⟦Danger: cliff edge⟧", .critical),
    ("⟦警告：山路封闭⟧", .warning), ("⟦注意：路面湿滑⟧", .warning), ("⟦危険：落石⟧", .critical),
    ("⟦Cảnh báo: đường trơn⟧", .warning), ("⟦Lưu ý: mang nước⟧", .info), ("⟦تحذير: الطريق مغلق⟧", .warning),
    ("⟦**Warning:** bold cue⟧", .warning), ("  ⟦- Caution: in a list⟧", .warning),
  ]

  @Test(arguments: cueLines)
  func linesStartingWithAnAlertCueAreAlerts(_ marked: String, _ severity: AlertSeverity) {
    let fixture = MarkedText("Intro line.\n\n" + marked + "\n\nAfter.")
    let document = TextDocument(parsingText: Array(fixture.text.utf8))
    let alerts = document.runs.filter { $0.attribute.name == "alert" }
    #expect(alerts.map(\.range.offsets) == fixture.ranges)
    if case .alert(let found, _)? = alerts.first?.attribute { #expect(found == severity) }
  }

  static let notCues = ["Warnings are rare here.", "Notebook: blue", "The alert: was fine", "Importantly, go."]

  @Test(arguments: notCues)
  func wordsThatOnlyLookLikeCuesAreNotAlerts(_ line: String) {
    let document = TextDocument(parsingText: Array(line.utf8))
    #expect(!document.runs.contains { $0.attribute.name == "alert" })
  }

  @Test func anAlertRunsToTheEndOfItsParagraphOrTheNextCue() {
    let fixture = MarkedText("⟦Warning: mud on the\nlower loop.⟧\n⟦Caution: ice.⟧\n\nCalm text.")
    let document = TextDocument(parsingText: Array(fixture.text.utf8))
    #expect(document.runs.filter { $0.attribute.name == "alert" }.map(\.range.offsets) == fixture.ranges)
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
