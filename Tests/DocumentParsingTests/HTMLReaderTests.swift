import DocumentParsing
import TestSupport
import Testing
import TextModel

@Suite struct HTMLReaderTests {
  func read(_ html: String) throws -> TextDocument { try TextDocument(parsingHTML: Array(html.utf8)) }

  static let droppedContent: [(String, String)] = [
    ("<p>Hi <script>alert(1)</script>there</p>", "Hi there"),
    ("<style>p{color:red}</style><p>Hi there</p>", "Hi there"),
    ("<p>Hi <template><b>x</b></template>there</p>", "Hi there"),
    ("<head><title>T</title><meta charset=utf-8></head><p>Hi there</p>", "Hi there"),
    ("<p>Hi <span hidden>secret</span>there</p>", "Hi there"),
    ("<p>Hi <span aria-hidden=\"true\">secret</span>there</p>", "Hi there"),
    ("<p>Hi <span style=\"display: none\">secret</span>there</p>", "Hi there"),
    ("<p>Hi <span style=\"visibility:hidden\">secret</span>there</p>", "Hi there"),
    ("<p>Hi <noscript>enable js</noscript>there</p>", "Hi there"),
    ("<p>Hi <input type=hidden value=x>there</p>", "Hi there"),
    ("<p>Hi <img src=d.png alt=\"\">there</p>", "Hi there"),
    // issue 44 row 12: libxml2 read "]>" of an internal subset as text.
    ("<!DOCTYPE html [\n<!ENTITY c \"&#169;\">\n<!ENTITY d \"]>\">\n]>\n<p>Hi there</p>", "Hi there"),
  ]

  @Test(arguments: droppedContent)
  func contentAScreenReaderNeverReadsIsDropped(_ html: String, _ expected: String) throws {
    #expect(try read(html).text == expected)
  }

  @Test func whitespaceCollapsesAsCSSDoesAndBlocksSeparateLines() throws {
    let document = try read("<div>  Hello \n\t world  </div><p>second   line</p>line<br>break")
    #expect(document.text == "Hello world\nsecond line\nline\nbreak")
  }

  @Test func preformattedTextKeepsItsSpacing() throws {
    let document = try read("<pre>  a\n    b</pre>")
    #expect(document.text == "  a\n    b")
    #expect(document.blocks.first?.kind == .preformatted)
  }

  @Test func headingsComeFromElementsAndARIA() throws {
    let document = try read("<h2>Trails</h2><div role=heading aria-level=4>Fog</div><div role=heading>Default</div>")
    #expect(document.blocks.map(\.kind) == [.heading(level: 2), .heading(level: 4), .heading(level: 2)])
    #expect(document.blocks.map { String(document[$0.range]) } == ["Trails", "Fog", "Default"])
  }

  @Test func linksKeepTheirTargetAndAccessibleName() throws {
    let marked = MarkedText("See the ⟦map⟧ now")
    let document = try read(
      "<p>See the <a href=\"https://maps.example.org/x\" aria-label=\"Trail map\">map</a> now</p>")
    #expect(document.text == marked.text)
    let link = try #require(document.runs.first { $0.attribute.name == "link" })
    #expect(link.range.offsets == marked.ranges[0])
    #expect(link.attribute == .link(target: "https://maps.example.org/x", name: "Trail map"))
  }

  @Test func imagesBecomeTheirAlternativeTextMarkedAsImages() throws {
    let marked = MarkedText("Look: ⟦Map of the loop trail⟧ and ⟦Fog warning icon⟧.")
    let document = try read(
      "<p>Look: <img src=m.png alt=\"Map of the loop trail\"> and <span role=img aria-label=\"Fog warning icon\">🌫</span>.</p>"
    )
    #expect(document.text == marked.text)
    #expect(document.runs.filter { $0.attribute.name == "image" }.map(\.range.offsets) == marked.ranges)
  }

  static let alertMarkup: [(String, AlertSeverity)] = [
    ("<div role=\"alert\">Closed</div>", .warning),
    ("<div role=\"alertdialog\">Closed</div>", .critical),
    ("<section aria-live=\"assertive\">Closed</section>", .warning),
    ("<p class=\"warning\">Closed</p>", .warning),
    ("<div class=\"alert alert-danger\">Closed</div>", .critical),
    ("<p class=\"callout caution\">Closed</p>", .warning),
    ("<p class=\"notice\">Closed</p>", .info),
  ]

  @Test(arguments: alertMarkup)
  func alertsComeFromRolesLiveRegionsAndClassTokens(_ html: String, _ severity: AlertSeverity) throws {
    let document = try read(html)
    let alert = try #require(document.runs.first { $0.attribute.name == "alert" })
    #expect(document[alert.range] == "Closed")
    guard case .alert(let found, _) = alert.attribute else { return }
    #expect(found == severity)
  }

  @Test func ordinaryClassesAreNotAlerts() throws {
    let document = try read("<p class=\"note intro\">Plain</p><p class=\"warningless\">Also plain</p>")
    #expect(!document.runs.contains { $0.attribute.name == "alert" })
  }

  @Test func landmarksComeFromElementsAndRoles() throws {
    let document = try read(
      "<header>Top</header><nav aria-label=\"Site\">Links</nav><main>Body<article><header>Art</header></article></main>"
        + "<aside>Side</aside><div role=search>Find</div><footer>End</footer>")
    let landmarks = document.blocks.compactMap { block -> String? in
      if case .landmark(let kind) = block.kind { return kind.rawValue }
      return nil
    }
    #expect(landmarks == ["banner", "navigation", "main", "complementary", "search", "contentinfo"])
    #expect(document.blocks.first { $0.kind == .landmark(.navigation) }?.label == "Site")
  }

  @Test func languageComesFromHtmlLangAndSpans() throws {
    let marked = MarkedText("Say ⟦hola⟧ twice")
    let document = try read("<html lang=\"en-US\"><body><p>Say <span lang=\"es\">hola</span> twice</p></body></html>")
    #expect(document.language == "en-US")
    #expect(document.text == marked.text)
    #expect(document.language(at: marked.ranges[0].lowerBound) == "es")
    #expect(document.language(at: 0) == "en-US")
  }

  @Test func abbreviationsKeepTheirExpansion() throws {
    let document = try read("<p><abbr title=\"World Wide Web Consortium\">W3C</abbr> rules</p>")
    #expect(document.runs.contains { $0.attribute == .abbreviation(expansion: "World Wide Web Consortium") })
  }

  @Test func listsAndTablesBecomeBlocks() throws {
    let document = try read("<ol><li>One</li><li>Two</li></ol><table><tr><th>Trail</th><td>Loop</td></tr></table>")
    #expect(
      document.blocks.map(\.kind) == [
        .list(ordered: true), .listItem, .listItem, .table, .tableRow, .tableCell(header: true),
        .tableCell(header: false),
      ])
  }

  @Test func entitiesAreDecoded() throws {
    #expect(try read("<p>caf&eacute; &amp; tea&nbsp;time &#8212; ok</p>").text == "café & tea\u{A0}time — ok")
  }

  @Test func invalidUTF8IsReplacedAndLaterOffsetsStayRight() throws {
    // Declared UTF-8 (undeclared, such bytes would make it windows-1252: EncodingTests).
    let bytes =
      Array("<meta charset=utf-8><p>bad ".utf8) + [0xFF, 0xC0, 0xAF] + Array(" then ann@example.org</p>".utf8)
    let document = try TextDocument(parsingHTML: bytes)
    #expect(document.text.hasPrefix("bad \u{FFFD}"))
    #expect(document.text.hasSuffix(" then ann@example.org"))
    #expect(document.diagnostics.contains { $0.message.contains("invalid UTF-8") })
    // The address maps back to its bytes in the input.
    let start = document.text.utf8.count - "ann@example.org".utf8.count
    let source = document.sourceMap.sourceOffset(forTextOffset: start)
    try #require(source + 15 <= bytes.count)
    #expect(Array(bytes[source..<(source + 15)]) == Array("ann@example.org".utf8))
  }

  @Test func aDeclaredLegacyCharsetIsDecoded() throws {
    let bytes = Array("<meta charset=\"iso-8859-1\"><p>caf".utf8) + [0xE9] + Array("</p>".utf8)
    #expect(try TextDocument(parsingHTML: bytes).text == "café")
  }

  @Test func malformedMarkupStillYieldsItsText() throws {
    let document = try read("<p>one <b>two <i>three</b> four</i></div><p>five<p unclosed=x>six <!-- never closed")
    #expect(document.text.contains("one two three four"))
    #expect(document.text.contains("five"))
    #expect(document.text.contains("six"))
  }

  @Test func aLargeDocumentStreamsInChunksWithExactOffsets() throws {
    var html = "<html><body>"
    for index in 0..<5000 { html += "<p>Paragraph \(index) with ranger\(index)@example.org inside.</p>\n" }
    let document = try read(html + "</body></html>")
    #expect(document.blocks.count == 5000)
    let last = try #require(document.blocks.last)
    #expect(document[last.range] == "Paragraph 4999 with ranger4999@example.org inside.")
    let source = document.sourceMap.sourceOffset(forTextOffset: last.range.start)
    let bytes = Array(html.utf8)
    #expect(String(decoding: bytes[source..<(source + 14)], as: UTF8.self) == "Paragraph 4999")
  }
}
