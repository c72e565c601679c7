import DocumentParsing
import Testing
import TextModel

/// HTML's table model as ``TextDocument/tables`` keeps it (issue 44 row 10).
@Suite struct HTMLTableModelTests {
  func table(_ html: String, index: Int = 0) throws -> (TextDocument, TableStructure) {
    let document = try TextDocument(parsingHTML: Array(html.utf8))
    try #require(document.tables.count > index)
    return (document, document.tables[index])
  }

  /// Each cell as "text@row,column" with spans when they are not 1, a header kind, and its headers' texts.
  func describe(_ document: TextDocument, _ table: TableStructure) -> [String] {
    table.cells.map { cell in
      var line = "\(document[cell.range])@\(cell.row),\(cell.column)"
      if cell.rowSpan != 1 || cell.columnSpan != 1 { line += " \(cell.rowSpan)x\(cell.columnSpan)" }
      if let header = cell.header { line += " \(header.rawValue)" }
      if !cell.headerCells.isEmpty {
        line += " <- " + cell.headerCells.map { String(document[table.cells[$0].range]) }.joined(separator: "+")
      }
      return line
    }
  }

  @Test func aThFirstInRowsOfTdIsARowHeaderAndHeadsItsRow() throws {
    let (document, table) = try table(
      """
      <table><tr><th>Pizza</th><th>Price</th></tr>
      <tr><th scope="row">Margherita</th><td>$9</td></tr>
      <tr><th>Diavola</th><td>$11</td></tr></table>
      """)
    #expect(table.rowCount == 3 && table.columnCount == 2)
    #expect(
      describe(document, table) == [
        "Pizza@0,0 column", "Price@0,1 column", "Margherita@1,0 row <- Pizza", "$9@1,1 <- Margherita+Price",
        "Diavola@2,0 row <- Pizza", "$11@2,1 <- Diavola+Price",
      ])
    #expect(document.blocks[table.blockIndex].kind == .table)
    for cell in table.cells { #expect(document.blocks[cell.blockIndex!].range == cell.range) }
    #expect(table.cellsHeaded(by: 1) == [3, 5])
  }

  @Test func spansMoveLaterCellsAndEndWithTheirRowGroup() throws {
    let (document, table) = try table(
      """
      <table><thead><tr><th rowspan="2">A</th><th colspan="2">B</th></tr><tr><th>C</th><th>D</th></tr></thead>
      <tbody><tr><td rowspan="65534">e</td><td>f</td><td>g</td></tr><tr><td>h</td><td>i</td></tr></tbody></table>
      """)
    #expect(table.rowCount == 4 && table.columnCount == 3)
    #expect(
      describe(document, table) == [
        "A@0,0 2x1 column", "B@0,1 1x2 column", "C@1,1 column <- B", "D@1,2 column <- B", "e@2,0 2x1 <- A",
        "f@2,1 <- C+B", "g@2,2 <- D+B", "h@3,1 <- C+B", "i@3,2 <- D+B",
      ])
    #expect(table.cellIndex(row: 3, column: 0) == 4)
    #expect(table.cellIndex(row: 1, column: 0) == 0)
    #expect(table.cellIndex(row: 4, column: 0) == nil)
  }

  @Test func theHeadersAttributeNamesTheHeadersAndEmptyCellsTakeTheirSlots() throws {
    let (document, table) = try table(
      """
      <table><tr><td></td><th id="q1">Q1</th><th id="q2">Q2</th></tr>
      <tr><th id="north">North</th><td headers="north q2 missing">5</td><td>7</td></tr></table>
      """)
    #expect(table.cells[0].blockIndex == nil)
    #expect(table.cells[0].range.isEmpty)
    #expect(
      describe(document, table) == [
        "@0,0", "Q1@0,1 column", "Q2@0,2 column", "North@1,0 row", "5@1,1 <- North+Q2", "7@1,2 <- North+Q2",
      ])
  }

  @Test func scopesOfGroupsHeadTheirGroups() throws {
    let (document, table) = try table(
      """
      <table><colgroup span="2"></colgroup><colgroup><col><col></colgroup>
      <tr><th scope="colgroup">Left</th><td>x</td><th scope="colgroup">Right</th><td>y</td></tr>
      <tbody><tr><th scope="rowgroup">Group</th><td>a</td><td>b</td><td>c</td></tr></tbody></table>
      """)
    #expect(
      describe(document, table) == [
        "Left@0,0 columnGroup", "x@0,1 <- Left", "Right@0,2 columnGroup", "y@0,3 <- Right",
        "Group@1,0 rowGroup <- Left", "a@1,1 <- Group+Left", "b@1,2 <- Group+Right", "c@1,3 <- Group+Right",
      ])
  }

  @Test func headersInTheMiddleOfATableHideTheSameHeadersAboveThem() throws {
    // HTML's scan: a second header row, below data, makes the first one opaque for the cells below it.
    let (document, table) = try table(
      "<table><tr><th>H1</th></tr><tr><td>a</td></tr><tr><th>H2</th></tr><tr><td>b</td></tr></table>")
    #expect(describe(document, table) == ["H1@0,0 column", "a@1,0 <- H1", "H2@2,0 column", "b@3,0 <- H2"])
  }

  @Test func aThWithDataInItsRowAndColumnHeadsNeither() throws {
    let (document, table) = try table("<table><tr><td>a</td><th>X</th></tr><tr><td>b</td><td>c</td></tr></table>")
    #expect(describe(document, table) == ["a@0,0", "X@0,1 unscoped", "b@1,0", "c@1,1"])
  }

  @Test func nestedTablesAreTablesOfTheirOwnInDocumentOrder() throws {
    let document = try TextDocument(
      parsingHTML: Array(
        "<table><tr><th>Outer</th></tr><tr><td><table><tr><th>In</th><td>1</td></tr></table></td></tr></table>".utf8))
    #expect(document.tables.count == 2)
    #expect(document.tables[0].blockIndex < document.tables[1].blockIndex)
    #expect(document.tables[0].rowCount == 2 && document.tables[0].columnCount == 1)
    #expect(describe(document, document.tables[1]) == ["In@0,0 row", "1@0,1 <- In"])
    let inner = document.tables[1].cells[1].blockIndex!
    #expect(document.table(containingBlock: inner)?.table == 1)
    let outer = document.table(containingBlock: document.tables[0].blockIndex)
    #expect(outer?.table == 0 && outer?.cell == nil)
  }

  @Test func aTableWithoutTextAndHiddenTablesLeaveNoStructure() throws {
    #expect(try TextDocument(parsingHTML: Array("<table><tr><td></td></tr></table><p>x</p>".utf8)).tables.isEmpty)
    #expect(try TextDocument(parsingHTML: Array("<table hidden><tr><td>a</td></tr></table>".utf8)).tables.isEmpty)
  }
}
