import DocumentParsing
import TestSupport
import Testing
import TextModel

/// What a page reads as in a browser's accessibility tree (issue 14): names, roles, hidden content,
/// HTML5 parsing that libxml2 2.9 lacks.
@Suite struct AccessibilityTreeTests {
  func read(_ html: String) throws -> TextDocument { try TextDocument(parsingHTML: Array(html.utf8)) }

  func landmarks(_ document: TextDocument) -> [String] {
    document.blocks.compactMap { block in
      guard case .landmark(let kind) = block.kind else { return nil }
      return block.label.map { "\(kind) \($0)" } ?? "\(kind)"
    }
  }

  func links(_ document: TextDocument) -> [String] {
    document.runs.compactMap { run in
      guard case .link(let target, let name) = run.attribute else { return nil }
      return "\(name ?? String(document[run.range])) → \(target)"
    }
  }

  // MARK: names

  @Test func ariaLabelledByNamesALandmarkEvenWhenTheLabelComesLater() throws {
    let document = try read(
      """
      <nav aria-labelledby="h"><a href="/a">A</a><h2 id="h">Site</h2></nav>
      <section aria-labelledby="x y"><p id="x">Two</p><p id="y">words</p></section>
      """)
    #expect(landmarks(document) == ["navigation Site", "region Two words"])
  }

  @Test func aLinkWithoutTextIsReadByItsName() throws {
    let marked = MarkedText("⟦Home⟧ ⟦Search⟧ ⟦Logo⟧")
    let document = try read(
      """
      <p><a href="/" aria-label="Home"><i class="icon"></i></a>
      <a href="/s" title="Search"></a>
      <a href="/l"><svg viewBox="0 0 1 1"><title>Logo</title><path d="M0 0"/></svg></a></p>
      """)
    #expect(document.text == marked.text)
    #expect(document.runs.filter { $0.attribute.name == "link" }.map(\.range.offsets) == marked.ranges)
    #expect(links(document) == ["Home → /", "Search → /s", "Logo → /l"])
  }

  @Test func aDescendantsOwnLabelReplacesItsTextInTheLinksName() throws {
    let document = try read(
      """
      <p><a href="/s"><figure role="group" aria-label="media"><img alt="" src="s.jpg"></figure>
      <h2>Sushi</h2> <span aria-label="by Tejal Rao">T. Rao</span></a>
      <a href="/e"><span aria-label="Empty"></span></a></p>
      """)
    #expect(links(document) == ["media Sushi by Tejal Rao → /s", "Empty → /e"])
    #expect(document.text == "Sushi\nT. Rao Empty")
  }

  @Test func aTitleDoesNotNameALinkThatHoldsAnUnnamedImage() throws {
    // The link stays (issue 56: Chromium keeps an `<a href>` whatever it holds), with no text and no name.
    let document = try read("<p>x <a href=\"/p\" title=\"Story\"><img src=\"t.jpg\"></a> y</p>")
    #expect(document.text == "x y")
    #expect(links(document) == [" → /p"])
    #expect(document.runs.map(\.range) == [TextRange(start: 1, end: 1)])
  }

  @Test func anSVGNamedByItsTitleIsAnImageAndNotTheDocumentTitle() throws {
    let document = try read(
      "<body><p>Logo: <svg role=\"img\"><title>The Verge</title><desc>logo</desc><path/></svg></p></body>")
    #expect(document.text == "Logo: The Verge")
    #expect(document.title == nil)
    let image = try #require(document.runs.first { $0.attribute.name == "image" })
    #expect(document[image.range] == "The Verge")
  }

  @Test func anSVGThatUsesASpriteSymbolIsNamedByTheSymbolsTitle() throws {
    let document = try read(
      """
      <svg style="display:none"><symbol id="i-next"><title>Next page</title><path/></symbol></svg>
      <p><a href="/2"><svg><use href="#i-next"/></svg></a></p>
      """)
    #expect(document.text == "Next page")
    #expect(links(document) == ["Next page → /2"])
    #expect(!document.runs.contains { $0.attribute.name == "image" })
  }

  @Test func buttonsAndSubmitInputsReadTheirNames() throws {
    let document = try read(
      "<form role=search><input name=q><input type=submit value=Go><button aria-label=Clear></button></form>")
    #expect(document.text == "Go Clear")
    #expect(landmarks(document) == ["search"])
  }

  // MARK: roles

  static let roleCases: [(String, [String])] = [
    ("<aside>a</aside>", ["complementary"]),
    ("<article><aside>a</aside></article>", []),
    ("<article><aside aria-label=\"More\">a</aside></article>", ["complementary More"]),
    ("<main><aside>a</aside></main>", ["main", "complementary"]),
    ("<section>s</section>", []),
    ("<section aria-label=\"News\">s</section>", ["region News"]),
    ("<section role=\"tabpanel\" aria-label=\"Tab\">s</section>", []),
    ("<form>f</form>", []),
    ("<form title=\"Subscribe\">f</form>", ["form Subscribe"]),
    ("<div role=\"search\">s</div>", ["search"]),
    ("<nav role=\"presentation\">n</nav>", []),
  ]

  @Test(arguments: roleCases)
  func landmarkRolesFollowHTMLAAM(_ html: String, _ expected: [String]) throws {
    #expect(landmarks(try read(html)) == expected)
  }

  @Test func anExplicitRoleReplacesTheLinkAndHeadingMeaning() throws {
    let document = try read(
      "<a href=\"#m\" role=\"menuitem\">Menu</a><a href=\"#t\" role=\"tab\">Tab</a><h2 role=\"tab\">T</h2><a href=\"/k\">Kept</a>"
    )
    #expect(links(document) == ["Kept → /k"])
    #expect(!document.blocks.contains { $0.kind.headingLevel != nil })
  }

  // MARK: hidden by CSS

  static let hiddenByStyleSheets: [(String, String)] = [
    ("<style>.ad{display:none}</style><p class=\"ad\">buy</p><p>kept</p>", "kept"),
    ("<style>#x{visibility:hidden}</style><p id=\"x\">gone</p><p>kept</p>", "kept"),
    ("<style>nav a{display:none}</style><nav><a href=/>gone</a></nav><a href=/k>kept</a>", "kept"),
    ("<style>div > b{display:none}</style><div><b>gone</b><i><b>kept</b></i></div>", "kept"),
    ("<style>[data-js]{display:none}</style><p data-js>gone</p><p>kept</p>", "kept"),
    (
      "<style>p.x{display:none} .y{display:none}.y{display:block}</style><p class=\"x\">gone</p><p class=\"y\">kept</p>",
      "kept"
    ),
    (
      "<style>.a{display:none}@media (max-width: 600px){.b{display:none}}</style><p class=a>gone</p><p class=b>kept</p>",
      "kept"
    ),
    ("<style media=\"print\">.p{display:none}</style><p class=\"p\">kept</p>", "kept"),
    ("<style><![CDATA[ .c{display:none} ]]></style><p class=\"c\">kept</p>", "kept"),
    ("<style>.d{display:none}</style><p class=\"d\" style=\"display:block\">kept</p>", "kept"),
    ("<style>.e{display:block!important} div .e{display:none}</style><div><p class=\"e\">kept</p></div>", "kept"),
    ("<style>.f{display:none !important}</style><p class=\"f\" style=\"display:block\">gone</p><p>kept</p>", "kept"),
    (
      "<style>@supports (display:grid){.g{display:none}}@layer base{.h{display:none}}</style><p class=g>x</p><p class=h>y</p><p>kept</p>",
      "kept"
    ),
    ("<p>kept</p><details><summary></summary>closed body</details>", "kept"),
    ("<details><summary>kept</summary>closed body<p>more</p></details>", "kept"),
    ("<details open><summary>open</summary>kept</details>", "open\nkept"),
    ("<dialog>not open</dialog><p>kept</p>", "kept"),
  ]

  @Test(arguments: hiddenByStyleSheets)
  func whatThePageHidesWithCSSIsNotRead(_ html: String, _ expected: String) throws {
    #expect(try read(html).text == expected)
  }

  @Test func aPageHiddenAsAWholeUntilAScriptRunsIsStillRead() throws {
    #expect(try read("<style>body{visibility:hidden}</style><body><p>Story</p></body>").text == "Story")
    #expect(try read("<html style=\"display:none\"><body><p>Story</p></body></html>").text == "Story")
  }

  @Test func boxesMadeByCSSSeparateWords() throws {
    let document = try read(
      "<style>.b{display:inline-block}</style><p><span class=\"b\">Bookmark</span><span class=\"b\">Share</span></p>")
    #expect(document.text == "Bookmark Share")
  }

  // MARK: HTML5 parsing

  static let voidElements: [(String, String)] = [
    ("<h2>H<source src=a.mp4>tail</h2>", "Htail"),
    ("<p>a<track src=t.vtt> b</p>", "a b"),
    ("<p>long<wbr>word</p>", "longword"),
    ("<p>x <embed src=a.swf> y</p>", "x y"),
    ("<p>x <image src=a.png alt=\"An image\"> y</p>", "x An image y"),
  ]

  @Test(arguments: voidElements)
  func html5VoidElementsDoNotSwallowTheTextAfterThem(_ html: String, _ expected: String) throws {
    #expect(try read(html).text == expected)
  }

  @Test func cdataInHTMLIsABogusCommentAsInHTML5() throws {
    #expect(try read("<p>a <![CDATA[hidden]]> b</p>").text == "a b")
  }

  static let characterReferences: [(String, String)] = [
    ("<p>&copy 2024</p>", "© 2024"),
    ("<p>a &amp b</p>", "a & b"),
    ("<p>x&nbspy</p>", "x\u{A0}y"),
    ("<p>&check; &rarrw; &NewLine;</p>", "✓ ↝"),
    ("<p>&notit; &notin;</p>", "¬it; ∉"),
    ("<p>AT&amp;T Q&amp;A &unknown;</p>", "AT&T Q&A &unknown;"),
    ("<p title=\"a&copy;b\">x</p><p>q</p>", "x\nq"),
  ]

  @Test(arguments: characterReferences)
  func html5NamedCharacterReferencesAreDecoded(_ html: String, _ expected: String) throws {
    #expect(try read(html).text == expected)
  }

  @Test func attributesDecodeHTML5NamesButNeverTwice() throws {
    let document = try read(
      "<a href=\"/?a=1&copy=2&amp=3&reg;\">q</a> <img alt=\"Mac &amp;amp; i &check;\" src=x.png>")
    #expect(links(document) == ["q → /?a=1&copy=2&amp=3®"])
    #expect(document.text.hasSuffix("Mac &amp; i ✓"))
  }

  @Test func escapedReferencesInTextStayEscaped() throws {
    #expect(try read("<p>write &amp;copy; or &amp;amp; here</p>").text == "write &copy; or &amp; here")
  }

  @Test func textareaContentIsRead() throws {
    #expect(try read("<p>Note:</p><textarea>typed text</textarea>").text == "Note:\ntyped text")
  }
}
