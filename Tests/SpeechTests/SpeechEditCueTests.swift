import Detection
import DocumentParsing
import Speech
import Testing
import TextModel

/// `<del>` and `<ins>` are announced as NVDA announces editor revisions (issue 44 row 11).
@Suite struct SpeechEditCueTests {
  func speech(_ html: String, locale: String? = nil) throws -> String {
    let document = try TextDocument(parsingHTML: Array(html.utf8))
    let renderer = SpeechRenderer(
      document: document, detections: DocumentDetector().detect(in: document), options: SpeechOptions(locale: locale))
    return renderer.render(TextRange(start: 0, end: document.text.utf8.count)).plainText()
  }

  @Test func aStruckPriceAndItsNewValueAreSaidWithCues() throws {
    #expect(
      try speech("<p lang=en>Price: <del>$20</del> <ins>$15</ins></p>")
        == "Price, deleted 20 dollars, inserted 15 dollars")
  }

  @Test func theCueEndsWithAPauseOnlyWhenWordsFollowOnTheLine() throws {
    #expect(try speech("<p lang=en>Open <ins>daily</ins>.</p>") == "Open inserted daily.")
    #expect(try speech("<p lang=en><del>Closed</del> today</p>") == "deleted Closed, today")
  }

  @Test(arguments: [("zh", "删除"), ("ja", "削除"), ("vi", "đã xóa"), ("ar", "محذوف")])
  func eachLanguageSaysItsOwnWord(_ language: String, _ word: String) throws {
    #expect(try speech("<p lang=\(language)><del>x</del></p>").contains(word))
  }

  @Test func theRunsAreEditsBesideTheirEmphasis() throws {
    let document = try TextDocument(parsingHTML: Array("<p><del>a</del> <ins>b</ins> <s>c</s></p>".utf8))
    #expect(document.runs(where: { $0 == .edit(.deletion) }).map { document[$0.range] } == ["a"])
    #expect(document.runs(where: { $0 == .edit(.insertion) }).map { document[$0.range] } == ["b"])
    #expect(document.runs(where: { $0 == .emphasis(.strikethrough) }).count == 2)
  }
}
