import Detection
import Speech
import Testing
import TextModel

@testable import DocumentParsing

/// ``SpokenForms/speech``: a reader writes a formula's spoken form and an edit's marks into the
/// text (issue 58, rows 1 and 2); speech says what it says without them.
@Suite struct SpokenFormsTests {
  static func read(_ html: String, spoken: Bool) throws -> TextDocument {
    var options = ReaderOptions.default
    if spoken { options.spokenForms = .speech }
    return try DocumentReader(options: options).read(bytes: Array(html.utf8), format: .html)
  }

  static func speech(_ document: TextDocument) -> String {
    let renderer = SpeechRenderer(document: document, detections: DocumentDetector().detect(in: document))
    return renderer.render(TextRange(start: 0, end: document.text.utf8.count)).plainText()
  }

  static let pages = [
    "<p lang=en>Price: <del>$20</del> <ins>$15</ins></p>",
    "<p lang=en>Open <ins>daily</ins>.</p>",
    "<p lang=en><del>Closed</del> today</p>",
    "<p>Price: <del>$30</del>, <ins>$25</ins>; <del>old</del> (<ins>new</ins>) end</p>",
    "<ul><li><del>gone</del></li><li>kept <ins>added <b>bold</b></ins></li></ul>",
    "<p lang=zh>价格<del>30元</del><ins>25元</ins>。</p>",
    "<p lang=ja>価格<del>300円</del>、<ins>250円</ins>です。</p>",
    "<pre>a <del>b</del> c</pre>",
    "<p>end<ins>x</ins>y <a href=/x><del>link</del></a><del>a</del><ins>b</ins></p>",
    "<p><span><ins>Forum 2016?</ins></span><span style=display:block>Intel</span> <ins>x</ins><img alt=logo></p>",
    "<div><ins>Say Hello to Sleep</ins></div><div>My Snoring Solution</div>",
    "<p>Dose: <math><mn>2</mn><mfrac><mn>3</mn><mn>4</mn></mfrac></math> tablets</p>",
    "<p>Area <math alttext=\"x squared\"><msup><mi>x</mi><mn>2</mn></msup></math>.</p>",
    "<p lang=vi>Lấy <math><mfrac><mn>1</mn><mn>2</mn></mfrac></math> cốc.</p>",
    "<p>Roots: <math><msqrt><mi>x</mi></msqrt></math>, <math><mroot><mi>y</mi><mn>3</mn></mroot></math></p>",
  ]

  @Test(arguments: pages)
  func speechIsTheSameWithTheSpokenFormInTheText(_ page: String) throws {
    let spoken = try Self.read(page, spoken: true)
    let plain = try Self.read(page, spoken: false)
    #expect(Self.speech(spoken) == Self.speech(plain))
  }

  @Test func aFormulasTextIsItsSpokenFormAndItsRunCoversIt() throws {
    let document = try Self.read(
      "<p>Dose: <math><mn>2</mn><mfrac><mn>3</mn><mn>4</mn></mfrac></math> tablets</p>", spoken: true)
    #expect(document.text == "Dose: 2 and 3 fourths tablets")
    #expect(document.math.map { document[$0.range] } == ["2 and 3 fourths"])
  }

  @Test func aFormulaInAVietnameseParagraphIsWrittenInVietnamese() throws {
    let document = try Self.read(
      "<p lang=vi>Lấy <math><mfrac><mn>1</mn><mn>2</mn></mfrac></math> cốc.</p>", spoken: true)
    let english = try Self.read(
      "<p lang=en>Take <math><mfrac><mn>1</mn><mn>2</mn></mfrac></math> cup.</p>", spoken: true)
    #expect(document.math.map { document[$0.range] } != english.math.map { english[$0.range] })
    #expect(english.math.map { english[$0.range] } == ["1 half"])
  }

  @Test func editMarksStandOutsideTheEditAndItsEmphasis() throws {
    let document = try Self.read("<p>Was <del>$30</del> now <ins>$25</ins>.</p>", spoken: true)
    #expect(document.text == "Was del $30 del end now ins $25 ins end.")
    // Each mark with the space written only to part it from its neighbours (the input's own spaces
    // stay outside): speech leaves these ranges out.
    #expect(document.editMarks.map { document[$0] } == ["del ", " del end", "ins ", " ins end"])
    #expect(document.runs(where: { $0 == .edit(.deletion) }).map { document[$0.range] } == ["$30"])
    #expect(document.runs(where: { $0 == .emphasis(.strikethrough) }).map { document[$0.range] } == ["$30"])
  }

  @Test func aFormulasTextAndAnEditsMarksMapIntoTheirTagsInTheInput() throws {
    let page = "<p>Dose: <math><mn>2</mn></math> <del>x</del></p>"
    let document = try Self.read(page, spoken: true)
    let math = try #require(document.math.first?.range.start)
    let tag = page.utf8.count - "<math><mn>2</mn></math> <del>x</del></p>".utf8.count
    #expect((tag..<tag + 6).contains(document.sourceMap.sourceOffset(forTextOffset: math)))
    let mark = try #require(document.editMarks.first?.start)
    let del = page.utf8.count - "<del>x</del></p>".utf8.count
    #expect((del..<del + 5).contains(document.sourceMap.sourceOffset(forTextOffset: mark)))
  }

  @Test func aLinkNamedByItsContentIsNamedWithoutTheMarks() throws {
    let document = try Self.read("<p><a href=/x>Now <ins>Say Hello</ins></a></p>", spoken: true)
    #expect(document.text == "Now ins Say Hello ins end")
    let names = document.runs.compactMap { run -> String? in
      if case .link(_, let name) = run.attribute { return name }
      return nil
    }
    #expect(names == ["Now Say Hello"])
  }
}
