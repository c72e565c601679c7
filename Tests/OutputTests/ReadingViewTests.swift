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
}
