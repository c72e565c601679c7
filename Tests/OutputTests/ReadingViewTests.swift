import DocumentParsing
import Output
import Testing
import TextModel

/// The reading view's lines for table cells (issue 44 row 10).
@Suite struct ReadingViewTests {
  @Test func headerCellsSayWhatTheyHead() throws {
    let document = try TextDocument(
      parsingHTML: Array(
        """
        <table><tr><td></td><th>Price</th></tr>
        <tr><th scope="row">Margherita</th><td>$9</td></tr><tr><th>Diavola</th><td>$11</td></tr>
        <tbody><tr><th scope="rowgroup">Drinks</th><td>$2</td></tr></tbody></table>
        """.utf8))
    let lines = ReadingView(document).lines()
    #expect(
      lines == [
        "Table", "Column header: Price", "Row header: Margherita", "Cell: $9", "Row header: Diavola", "Cell: $11",
        "Row group header: Drinks", "Cell: $2",
      ])
  }

  @Test func structureWithNoTextIsSaidOnItsOwnLineWhereItStands() throws {
    // Issue 56: an empty heading, an icon link with no name and an empty named landmark are what a
    // screen reader announces; the view says each where it stands, inside the landmark it is in.
    let html = """
      <h1>Feeds</h1><h2></h2><p>See <a href="rss.xml"><img src="rss.png"></a> here</p>
      <nav aria-label="Site"></nav><main><p>Body <a href="/a/"></a></p><h3></h3></main><p>End</p><h4></h4>
      """
    let lines = ReadingView(try TextDocument(parsingHTML: Array(html.utf8))).lines()
    #expect(
      lines == [
        "Heading 1: Feeds", "Heading 2", "See (link rss.xml) here", "Landmark navigation \"Site\" begins",
        "Landmark navigation ends", "Landmark main begins", "Body (link /a/)", "Heading 3", "Landmark main ends", "End",
        "Heading 4",
      ])
  }

  @Test func aDocumentOfOnlyAnEmptyLinkStillShowsIt() throws {
    let lines = ReadingView(try TextDocument(parsingHTML: Array(#"<a href="https://example.org/"></a>"#.utf8))).lines()
    #expect(lines == ["(link https://example.org/)"])
  }
}
