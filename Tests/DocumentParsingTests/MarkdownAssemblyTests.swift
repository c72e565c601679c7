import TestSupport
import Testing
import TextModel

@testable import DocumentParsing

/// Markdown assembled straight into the document, without the HTML builder: each tag means what
/// HTML says of the element, and the document is the one GitHub's HTML of the Markdown gives.
@Suite struct MarkdownAssemblyTests {
  /// The Markdown of `marked`, and the same Markdown forced through the HTML reader (an HTML
  /// comment at its end is raw HTML, which sends the whole through HTML and adds no text).
  static func bothWays(_ markdown: String) throws -> (direct: TextDocument, throughHTML: TextDocument) {
    let direct = try TextDocument(parsingMarkdown: Array(markdown.utf8))
    let throughHTML = try TextDocument(parsingMarkdown: Array((markdown + "\n<!-- raw -->\n").utf8))
    return (direct, throughHTML)
  }

  static func blocks(_ document: TextDocument) -> [String] {
    document.blocks.map { "\($0.kind.name)\($0.kind.headingLevel.map(String.init) ?? ""):\(document[$0.range])" }
  }

  @Test func eachTagMeansWhatHTMLSemanticsSaysOfItsElement() {
    for tag in MarkdownTag.allCases {
      let table = MarkdownAssembly.meanings[tag.rawValue]
      let html = HTMLSemantics.meaning(of: ElementName(tag.name), ElementAttributes([]), context: .init())
      #expect(table.block == html.block && table.runs == html.runs && table.skip == html.skip, "\(tag.name)")
      #expect(table.lineBreak == html.lineBreak && table.separator == html.separator, "\(tag.name)")
      #expect(table.isTitle == html.isTitle, "\(tag.name)")
    }
  }

  @Test(arguments: [
    "# Title *em* **strong** `code` ~~gone~~\n\nAT&T &copy 2024 and &amp; \u{92}quoted\u{94}.\n",
    "> [!WARNING]\n> Careful.\n\n- [x] done\n- [ ] to do\n  1. nested\n\n3. three\n",
    "| L | C | R |\n|:--|:-:|--:|\n| a | ![alt *x*](p.png \"T\") | [l](http://x.org?a=1&b=2 \"t\") |\n",
    "```swift extra\nlet x = 1\t// tab\n```\n\n    indented\n\n***\n\nwww.example.org and <a@b.org>\n",
  ])
  func theAssemblyReadsMarkdownAsTheHTMLReaderReadsGitHubsHTML(markdown: String) throws {
    let (direct, throughHTML) = try Self.bothWays(markdown)
    #expect(direct.text == throughHTML.text)
    #expect(Self.blocks(direct) == Self.blocks(throughHTML))
    #expect(direct.runs.map(\.attribute) == throughHTML.runs.map(\.attribute))
    #expect(direct.runs.map(\.range) == throughHTML.runs.map(\.range))
    #expect(direct.tables.map(\.cells.count) == throughHTML.tables.map(\.cells.count))
    #expect(direct.tables.map { $0.cells.map(\.header) } == throughHTML.tables.map { $0.cells.map(\.header) })
  }

  @Test func anAmpersandAndTheNameAfterItAreTextFromTheAmpersand() throws {
    // cmark makes "AT", "&", "T" three text nodes; the "&T" after "AT" is placed at the "&".
    let marked = MarkedText("AT⟦&⟧T and ⟦now⟧\n")
    let document = try TextDocument(parsingMarkdown: Array(marked.text.utf8))
    #expect(document.text == "AT&T and now")
    for (range, word) in zip(marked.ranges, ["&", "now"]) {
      let found = try #require(document.text.utf8.firstRange(of: word.utf8)).lowerBound
      let offset = document.text.utf8.distance(from: document.text.utf8.startIndex, to: found)
      #expect(document.sourceMap.sourceOffset(forTextOffset: offset) == range.lowerBound, "\(word)")
    }
  }

  @Test func anAlignedCellAndALinkTitleKeepTheirMeaningWithAttributes() throws {
    let document = try TextDocument(
      parsingMarkdown: Array("| h |\n|--:|\n| [go](https://example.org \"Example\") |\n".utf8))
    #expect(document.text.contains("go"))
    let link = try #require(
      document.runs.first { if case .link = $0.attribute { true } else { false } })
    #expect(link.attribute == .link(target: "https://example.org", name: nil))
    #expect(document[link.range] == "go")
    #expect(document.tables.first?.cells.map(\.header) == [.column, nil])
  }
}

/// Text on its way to the assembler: references held across events and C1 references mapped.
@Suite struct CharacterReferenceJoinerTests {
  static func join(_ events: [(String, Int)]) -> (text: String, anchors: [Int]) {
    var assembler = MarkupAssembler(maximumDepth: 10)
    var joiner = CharacterReferenceJoiner()
    // An input as long as the events span, so that offsets in it are kept.
    [UInt8](repeating: 0x20, count: 32).withUnsafeBytes { assembler.builder.sourceMap.scanLines($0) }
    assembler.start("p", meaning: ElementMeaning(block: .paragraph), sourceOffset: 0)
    for (text, offset) in events {
      Array(text.utf8).withUnsafeBufferPointer { joiner.text($0, offset: offset, into: &assembler) }
    }
    joiner.flush(into: &assembler)
    let document = assembler.finish(format: .html, language: nil)
    let anchors = (0..<document.text.utf8.count).map { document.sourceMap.sourceOffset(forTextOffset: $0) }
    return (document.text, anchors)
  }

  @Test func anAmpersandWaitsForTheNameAfterIt() {
    let joined = Self.join([("a ", 0), ("&", 2), ("copy", 3), (" b", 7)])
    #expect(joined.text == "a © b")
    #expect(joined.anchors[2] == 2)
  }

  @Test func aNameThatIsNoReferenceIsTextFromTheAmpersand() {
    let joined = Self.join([("AT", 0), ("&", 2), ("T", 3)])
    #expect(joined.text == "AT&T")
    #expect(Array(joined.anchors.prefix(4)) == [0, 1, 2, 3])
  }

  @Test func aC1ReferenceReadsAsTheWindows1252Character() {
    #expect(Self.join([("\u{92}s", 0)]).text == "’s")
  }
}
