import Detection
import DocumentParsing
import Testing
import TextModel

@testable import Speech

/// Spans spoken as a whole are gathered a window at a time; any window gives the speech one
/// window over the whole text gives (the simple version), including spans that cross windows.
@Suite struct SpeechSpanWindowTests {
  static let html = """
    <html lang="en"><body><p>Call (415) 555-0132 or +44 20 7946 0958 and write to ranger@example.org.
    See https://parks.example.org/trails?day=2 and <abbr title="Department of Parks">DOP</abbr> notes.
    <code>let ratio = 11.7:1; // a long code span that crosses windows</code> then 4.5:1 contrast,
    <span data-speak="digits">20240611</span> and <time datetime="PT2H30M">2h30</time>.</p>
    <p lang="ja">お問い合わせ：03-1234-5678、メール desk@example.jp</p>
    <p lang="vi">Gọi 028 3822 1234 hoặc xem https://vi.example.vn/a</p></body></html>
    """

  @Test(arguments: [1, 17, 97, 4096])
  func anyWindowGivesTheSpeechOfOneWindow(window: Int) throws {
    let page = String(repeating: Self.html, count: 40)
    let document = try TextDocument(parsingHTML: Array(page.utf8))
    let detections = DocumentDetector().detect(in: document)
    var whole = SpeechRenderer(document: document, detections: detections)
    whole.tuning.spanWindow = Int.max / 2
    var windowed = SpeechRenderer(document: document, detections: detections)
    windowed.tuning.spanWindow = window
    let expected = whole.render(nil)
    #expect(windowed.render(nil).segments == expected.segments)
    #expect(expected.plainText().contains("4.5 to 1"))
    #expect(expected.segments.contains { $0.kind == .phone })
    // A part of the text too, starting and ending inside spans.
    let part = TextRange(start: 1000, end: document.text.utf8.count - 1000)
    #expect(windowed.render(part).segments == whole.render(part).segments)
  }
}
