import DocumentParsing
import Navigation
import Testing
import TextModel

/// Issue 45's tables in the session: cells in four directions with headers and coordinates, spans
/// as one stop, edges, rows and columns read whole, where am I, the grid of an ARIA table, verbosity
/// brief, and the five message languages.
@Suite struct BrowseTableSessionTests {
  static let aria = """
    <html lang="en"><body><h2>Before</h2>
    <div role="table" aria-label="Students"><div role="rowgroup"><div role="row">
    <span role="columnheader">First</span><span role="columnheader">Last</span></div></div>
    <div role="rowgroup"><div role="row"><span role="cell">Fred</span><span role="cell">Jackson</span></div>
    <div role="row"><span role="cell">Sara</span><span role="cell">James</span></div></div></div>
    <h2>After</h2></body></html>
    """

  static let spans = """
    <html lang="en"><body><table>
    <tr><td></td><th>Mon</th><th>Tue</th></tr>
    <tr><th>Lake</th><td colspan="2">closed</td></tr>
    <tr><th>Ridge</th><td>open</td><td>open late</td></tr>
    </table></body></html>
    """

  func session(_ html: String, language: String = "en") throws -> BrowseSession {
    let document = try TextDocument(parsingHTML: Array(html.utf8))
    var browse = BrowseSession(index: RotorIndex(document: document, detections: []))
    browse.messages = BrowseMessages(language: language)
    return browse
  }

  @Test func ariaTableCellsHaveHeadersAndCoordinates() throws {
    var browse = try session(Self.aria)
    #expect(browse.perform("t") == "Table, Students, 3 rows, 2 columns, 1 of 1: Row 1, column 1: First")
    #expect(browse.perform("tabledown") == "First, row 2, column 1: Fred")
    #expect(browse.perform("tableright") == "Last, row 2, column 2: Jackson")
    #expect(browse.perform("tableright") == "Edge of table")
    #expect(browse.perform("where").hasPrefix("Jackson. Table, Students, row 2, column 2, Last. "))
    #expect(browse.perform("read") == "Last, row 2, column 2: Jackson")
    #expect(browse.perform("readcolumn") == "Column 2: Last; Jackson; James")
    #expect(browse.perform("columnend") == "Last, row 3, column 2: James")
    #expect(browse.perform("rowstart") == "First, row 3, column 1: Sara")
    browse.verbosity = .brief
    #expect(browse.perform("tableup") == "Fred")
    #expect(browse.perform("tableright") == "Last: Jackson")
  }

  @Test func aLineMoveIntoATableSaysItsSizeThenCells() throws {
    var browse = try session(Self.aria)
    _ = browse.perform("2")
    #expect(browse.perform("nextline") == "Table, Students, 3 rows, 2 columns, row 1, column 1: First")
    #expect(browse.perform("nextline") == "Row 1, column 2: Last")
    #expect(browse.perform("nextline") == "First, row 2, column 1: Fred")
    _ = browse.perform("2")
    #expect(browse.perform("previousline") == "Table, Students, 3 rows, 2 columns, Last, row 3, column 2: James")
    _ = browse.perform("2")
    #expect(browse.perform("tableright") == "Not in a table")
  }

  /// Down from the line before a table whose first cell has one line before it (a caption, a
  /// description) lands on the first cell, saying the table, that line and the cell, as NVDA's Down;
  /// Up from the first cell reads that line; with two lines before the first cell each is read.
  @Test func downIntoATableWithACaptionLandsOnTheFirstCell() throws {
    let captioned = """
      <html lang="en"><body><p>Before the table.</p>
      <table><caption>Trips</caption><tr><th>Trail</th><th>Grade</th></tr><tr><td>Lake</td><td>easy</td></tr>
      </table><p>After.</p></body></html>
      """
    var browse = try session(captioned)
    #expect(browse.perform("nextline") == "Before the table.")
    #expect(browse.perform("nextline") == "Table, 2 rows, 2 columns: Trips. Row 1, column 1: Trail")
    #expect(browse.perform("nextline") == "Row 1, column 2: Grade")
    #expect(browse.perform("previousline") == "Row 1, column 1: Trail")
    #expect(browse.perform("previousline") == "Trips")
    #expect(browse.perform("nextline") == "Row 1, column 1: Trail")
    // The cell cursor is on the first cell after the fold: Control+Alt+Down goes to row 2.
    var moved = try session(captioned)
    _ = moved.perform("nextline")
    _ = moved.perform("nextline")
    #expect(moved.perform("tabledown") == "Trail, row 2, column 1: Lake")
    // Two lines before the first cell: nothing is cut, each is read in turn.
    var long = try session(
      """
      <html lang="en"><body><p>Before.</p><div role="table" aria-label="Pairs">
      <div>First line of the description.</div><div>Second line of it.</div>
      <div role="row"><span role="cell">a</span><span role="cell">b</span></div></div></body></html>
      """)
    _ = long.perform("nextline")
    #expect(long.perform("nextline") == "Table, Pairs, 1 row, 2 columns: First line of the description.")
    #expect(long.perform("nextline") == "Second line of it.")
    #expect(long.perform("nextline") == "Row 1, column 1: a")
  }

  /// A search match in a table says the table and the cell, as a line move does.
  @Test func aMatchInATableSaysTheCell() throws {
    var browse = try session(Self.aria)
    #expect(
      browse.perform("find jackson") == "1 of 1: Table, Students, 3 rows, 2 columns, Last, row 2, column 2: Jackson")
    #expect(browse.perform("tabledown") == "Last, row 3, column 2: James")
    #expect(browse.perform("find after") == "1 of 1: Out of table: After")
  }

  /// A line move into a list says its kind and size, a move out of one "Out of list", the
  /// innermost list counting, as NVDA's browse mode says them.
  @Test func aLineMoveIntoAndOutOfAListSaysSo() throws {
    var browse = try session(
      "<html lang=\"en\"><body><ol><li>One</li><li>Two<ul><li>Two a</li></ul></li><li>Three</li></ol><p>After.</p></body></html>"
    )
    let down = (0..<6).map { _ in browse.perform("nextline") }
    #expect(
      down == [
        "Numbered list, 3 items: One", "Two", "List, 1 item: Two a", "Out of list: Three", "Out of list: After.",
        "End of document",
      ])
    let up = (0..<4).map { _ in browse.perform("previousline") }
    #expect(up == ["Numbered list, 3 items: Three", "List, 1 item: Two a", "Out of list: Two", "One"])
  }

  /// A line move out of a table says "Out of table" first, as NVDA does.
  @Test func aLineMoveOutOfATableSaysSo() throws {
    var browse = try session(Self.aria)
    _ = browse.perform("t")
    _ = browse.perform("columnend")
    #expect(browse.perform("rowend") == "Last, row 3, column 2: James")
    #expect(browse.perform("nextline") == "Out of table: After")
    #expect(browse.perform("previousline") == "Table, Students, 3 rows, 2 columns, Last, row 3, column 2: James")
    _ = browse.perform("top")
    #expect(browse.perform("nextline") == "Before")
  }

  /// Comma leaves the innermost list or table, Shift+comma goes to its start.
  @Test func commaLeavesTheTable() throws {
    var browse = try session(Self.aria)
    _ = browse.perform("t")
    _ = browse.perform("tabledown")
    #expect(browse.perform(",") == "Out of table: After")
    #expect(browse.perform("<") == "Not in a list or table")
    _ = browse.perform("T")
    _ = browse.perform("tabledown")
    #expect(browse.perform("<") == "Table, Students, 3 rows, 2 columns, 1 of 1: Row 1, column 1: First")
    var list = try session(
      """
      <html lang="en"><body><table><tr><td><ul><li>one</li><li>two</li></ul></td><td>x</td></tr></table>
      <p>After.</p></body></html>
      """)
    _ = list.perform("i")
    #expect(list.perform(",") == "Out of list: x")
    #expect(list.perform(",") == "Out of table: After.")
  }

  @Test func aSpanIsOneStop() throws {
    var browse = try session(Self.spans)
    _ = browse.perform("t")
    #expect(browse.perform("tabledown") == "Row 2, column 1: Lake")
    #expect(browse.perform("tableright") == "Lake, Mon, Tue, row 2, column 2: closed")
    #expect(browse.perform("tableright") == "Edge of table")
    #expect(browse.perform("tabledown") == "Ridge, Mon, row 3, column 2: open")
    #expect(browse.perform("readrow") == "Row 3: Ridge; open; open late")
    #expect(browse.perform("sayrow") == "Row 3: open; open late")
  }

  @Test(arguments: BrowseMessages.languages) func tablePhrasesInEveryLanguage(language: String) throws {
    var browse = try session(Self.aria, language: language)
    _ = browse.perform("t")
    let cell = browse.perform("tabledown")
    #expect(cell.contains("2") && cell.contains("1") && cell.hasSuffix("Fred"), "\(language): \(cell)")
    #expect(!browse.perform("tableright").contains("{"))
    let edge = browse.perform("tableright")
    #expect(edge == BrowseMessages(language: language).phrase(.tableEdge).capitalizedForTest)
    #expect(language == "en" || edge != "Edge of table")
  }
}

extension String {
  var capitalizedForTest: String { BrowseMessages.sentenceCase(self) }
}
