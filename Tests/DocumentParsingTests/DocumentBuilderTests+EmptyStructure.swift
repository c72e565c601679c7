import Testing
import TextModel

@testable import DocumentParsing

/// Structure a screen reader announces with no text (issue 56): empty headings, links with a
/// target and named landmarks stay, as empty ranges where they stood; other empty blocks go.
extension DocumentBuilderTests {
  static let emptyStructure = """
    <h1>Feeds</h1><h2></h2><p>See <a href="rss.xml"><img src="rss.png"></a> here</p>
    <nav aria-label="Site"></nav><ul><li></li></ul><table><tr><td></td></tr></table><p>End</p>
    """

  @Test func emptyHeadingsLinksAndNamedLandmarksStayWhereTheyStood() throws {
    let document = try TextDocument(parsingHTML: Array(Self.emptyStructure.utf8))
    #expect(document.text == "Feeds\nSee here\nEnd")
    let blocks = document.blocks.map { "\($0.kind.name) \($0.range.start)..<\($0.range.end) \($0.label ?? "")" }
    #expect(
      blocks == [
        "heading 0..<5 ", "heading 6..<6 ", "paragraph 6..<14 ", "landmark 15..<15 Site", "paragraph 15..<18 ",
      ])
    #expect(document.blocks[1].kind == .heading(level: 2))
    let links = document.runs.filter { $0.attribute.name == "link" }
    #expect(links.map(\.range) == [TextRange(start: 9, end: 9)])
    #expect(links.first?.attribute == .link(target: "rss.xml", name: nil))
    #expect(document.invariantViolations().isEmpty)
  }

  @Test func anEmptyHeadingAtTheEndOfALandmarkStaysInsideIt() throws {
    let html = #"<nav aria-label="Site"><p>Home</p><h2></h2></nav><p>After</p><h3></h3>"#
    let document = try TextDocument(parsingHTML: Array(html.utf8))
    #expect(document.text == "Home\nAfter")
    let nav = try #require(document.blocks.first { $0.kind == .landmark(.navigation) })
    let empty = document.blocks.filter { $0.kind.headingLevel != nil }
    #expect(empty.map(\.range) == [TextRange(start: 4, end: 4), TextRange(start: 10, end: 10)])
    #expect(nav.range == TextRange(start: 0, end: 4) && nav.range.contains(empty[0].range))
    #expect(document.invariantViolations().isEmpty)
  }

  @Test func emptyRunsAndBlocksOfOtherKindsAreStillDropped() throws {
    // An `<a>` without href is no link; emphasis, a quote, an unnamed section (no region) say nothing.
    let html = #"<p>A <a>no target</a> <em></em><a name="x"></a></p><section></section><blockquote></blockquote>"#
    let document = try TextDocument(parsingHTML: Array(html.utf8))
    #expect(document.runs.allSatisfy { !$0.range.isEmpty })
    #expect(document.blocks.allSatisfy { !$0.range.isEmpty })
  }

  @Test func anEmptyHrefAndAnUnnamedAsideAreKeptAsChromiumKeepsThem() throws {
    // `<a href="">` links to the page itself; a top-level `<aside>` is a complementary landmark.
    let document = try TextDocument(parsingHTML: Array(#"<p>Top <a href=""></a></p><aside></aside>"#.utf8))
    #expect(document.runs.map(\.range) == [TextRange(start: 3, end: 3)])
    #expect(document.runs.first?.attribute == .link(target: "", name: nil))
    #expect(document.blocks.last?.kind == .landmark(.complementary))
    #expect(document.blocks.last?.range == TextRange(start: 3, end: 3))
  }
}
