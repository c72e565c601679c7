@_spi(Plumbing) internal import TextModel

/// Table navigation as NVDA's browse mode has it: by cell in four directions (Control+Alt+arrows),
/// the row's and column's first and last cells, a row or column read whole, the cell's headers and
/// coordinates, and the table's size said on entering it.
///
/// The grid is ``TextDocument/tables`` (HTML's table model, spans and header cells) when the parser
/// formed one; a table it did not form (ARIA `role="table"`, XML and Markdown tables) gets a grid of
/// its row and cell blocks, one slot per cell, header cells assigned as HTML's auto state does (a
/// header cell in a row of header cells heads its column, one beside data cells heads its row).
extension BrowseSession {
  /// Where the cell cursor is: the table, its grid, the cell, and the slot (the row and column the
  /// reader moves along, kept across spans: moving right from a cell spanning two rows stays in the
  /// row the reader came from).
  struct TableCursor: Sendable {
    var tableBlock: Int
    var table: TableStructure
    var cell: Int
    var row: Int
    var column: Int
    /// The session's position when the cursor was set; another move makes the cursor stale.
    var position: Int
  }

  // MARK: commands

  /// The table commands, or nil for a command that is not one of them.
  mutating func performTable(verb: String) -> String? {
    switch verb {
    case "tableright", "nextcolumn": return moveInTable(rows: 0, columns: 1)
    case "tableleft", "previouscolumn": return moveInTable(rows: 0, columns: -1)
    case "tabledown", "nextrow": return moveInTable(rows: 1, columns: 0)
    case "tableup", "previousrow": return moveInTable(rows: -1, columns: 0)
    case "rowstart": return jumpInTable(row: nil, column: 0)
    case "rowend": return jumpInTable(row: nil, column: Int.max)
    case "columnstart": return jumpInTable(row: 0, column: nil)
    case "columnend": return jumpInTable(row: Int.max, column: nil)
    case "readrow": return readTableLine(alongRow: true, fromHere: false)
    case "sayrow": return readTableLine(alongRow: true, fromHere: true)
    case "readcolumn": return readTableLine(alongRow: false, fromHere: false)
    case "saycolumn": return readTableLine(alongRow: false, fromHere: true)
    default: return nil
    }
  }

  // MARK: finding the table

  /// The innermost table holding `offset`: its block index and grid.
  mutating func tableStructure(containing offset: Int) -> (block: Int, table: TableStructure)? {
    guard let tables = index.rotor(.tables), !tables.entries.isEmpty else { return nil }
    let entries = tables.entries
    // Tables are in document order: the innermost one holding the offset is the last that starts at
    // or before it and still holds it (an outer table starts before the tables nested in it).
    if tableEnds.count != entries.count {
      // The furthest end of the tables so far, for each table: the scan back stops where no earlier
      // table reaches the offset (O(1) past tables that do not nest).
      var furthest = 0
      tableEnds = entries.indices.map { at in
        furthest = max(furthest, entries.range(at: at).end)
        return furthest
      }
    }
    var at = entries.partitioningIndex { $0.range.start > offset }
    var found: TextRange?
    while at > 0, tableEnds[at - 1] > offset {
      at -= 1
      let range = entries.range(at: at)
      if range.start <= offset && offset < range.end {
        found = range
        break
      }
    }
    guard let found else { return nil }
    if let cached = tableCache, index.document.blocks[cached.block].range == found { return cached }
    let blocks = index.document.blocks
    var block = blocks.partitioningIndex { $0.range.start >= found.start }
    while block < blocks.count, blocks[block].range.start == found.start {
      if blocks[block].kind == .table && blocks[block].range == found { break }
      block += 1
    }
    guard block < blocks.count, blocks[block].kind == .table else { return nil }
    let formed = index.document.tables
    let place = formed.partitioningIndex { $0.blockIndex >= block }
    let table =
      place < formed.count && formed[place].blockIndex == block
      ? formed[place] : Self.grid(ofTableBlock: block, in: index.document)
    tableCache = (block, table)
    return (block, table)
  }

  /// A grid from a table's row and cell blocks (for tables HTML's table model did not form).
  static func grid(ofTableBlock tableBlock: Int, in document: TextDocument) -> TableStructure {
    let blocks = document.blocks
    let end = blocks[tableBlock].range.end
    var rows: [[TableCell]] = []
    var next = tableBlock + 1
    while next < blocks.count, blocks[next].range.start < end {
      let block = blocks[next]
      switch block.kind {
      case .table:
        // A nested table is content of its cell: skip its blocks.
        var skip = next + 1
        while skip < blocks.count, blocks[skip].range.start < block.range.end { skip += 1 }
        next = skip
        continue
      case .tableRow: rows.append([])
      case .tableCell(let header):
        if rows.isEmpty { rows.append([]) }
        let row = rows.count - 1
        rows[row].append(
          TableCell(
            row: row, column: rows[row].count, blockIndex: next, range: block.range, header: header ? .column : nil))
      default: break
      }
      next += 1
    }
    rows.removeAll { $0.isEmpty }
    for row in rows.indices { for column in rows[row].indices { rows[row][column].row = row } }
    // HTML's auto state: a header cell in a row of header cells heads its column; one in a row that
    // holds data cells heads its row.
    for row in rows.indices where rows[row].contains(where: { $0.header == nil }) {
      for column in rows[row].indices where rows[row][column].header != nil { rows[row][column].header = .row }
    }
    var cells = rows.flatMap { $0 }
    var first = 0
    var starts: [Int] = []
    for row in rows {
      starts.append(first)
      first += row.count
    }
    for (index, cell) in cells.enumerated() {
      var headers: [Int] = []
      // Left in the row: row headers; up in the column: column headers.
      for column in stride(from: cell.column - 1, through: 0, by: -1)
      where cells[starts[cell.row] + column].header == .row {
        headers.append(starts[cell.row] + column)
      }
      for row in stride(from: cell.row - 1, through: 0, by: -1) where cell.column < rows[row].count {
        let above = starts[row] + cell.column
        if cells[above].header == .column { headers.append(above) }
      }
      cells[index].headerCells = headers
    }
    return TableStructure(
      blockIndex: tableBlock, rowCount: rows.count, columnCount: rows.map(\.count).max() ?? 0, cells: cells)
  }

  /// The cell holding `offset` (the last cell starting at or before it that holds it).
  static func cellIndex(containing offset: Int, in table: TableStructure) -> Int? {
    var at = table.cells.partitioningIndex { $0.range.start > offset }
    while at > 0 {
      at -= 1
      let range = table.cells[at].range
      if range.start <= offset && (offset < range.end || range.isEmpty && offset == range.start) { return at }
      if range.end <= offset { break }
    }
    return nil
  }

  /// The cell cursor at the position: the cursor last set when nothing moved since, else the cell
  /// holding the position, else (on the table's caption or description) its first cell.
  mutating func tableCursorHere() -> TableCursor? {
    if let tableCursor, tableCursor.position == position { return tableCursor }
    let end = index.document.text.utf8.count
    guard position < end, let (block, table) = tableStructure(containing: position), !table.cells.isEmpty else {
      return nil
    }
    let cell = Self.cellIndex(containing: position, in: table) ?? 0
    let found = table.cells[cell]
    return TableCursor(
      tableBlock: block, table: table, cell: cell, row: found.row, column: found.column, position: position)
  }

  // MARK: moving

  mutating func moveInTable(rows: Int, columns: Int) -> String {
    guard let cursor = tableCursorHere() else { return messages.phrase(.notInTable) }
    let table = cursor.table
    let cell = table.cells[cursor.cell]
    var row = cursor.row
    var column = cursor.column
    // A span is one stop: step from its far side.
    if columns > 0 { column = cell.column + cell.columnSpan }
    if columns < 0 { column = cell.column - 1 }
    if rows > 0 { row = cell.row + cell.rowSpan }
    if rows < 0 { row = cell.row - 1 }
    // Slots no cell covers (a short row) are passed over.
    while row >= 0, row < table.rowCount, column >= 0, column < table.columnCount {
      if let target = table.cellIndex(row: row, column: column) {
        return landOnCell(target, row: row, column: column, cursor: cursor)
      }
      row += rows
      column += columns
    }
    return messages.phrase(.tableEdge).capitalizedFirst
  }

  /// Control+Alt+Home/End: the row's first or last cell; Control+Alt+Page Up/Down: the column's.
  mutating func jumpInTable(row: Int?, column: Int?) -> String {
    guard let cursor = tableCursorHere() else { return messages.phrase(.notInTable) }
    let table = cursor.table
    let step = (row ?? column ?? 0) == 0 ? 1 : -1
    var slot = (
      row: min(row ?? cursor.row, table.rowCount - 1), column: min(column ?? cursor.column, table.columnCount - 1)
    )
    while slot.row >= 0, slot.row < table.rowCount, slot.column >= 0, slot.column < table.columnCount {
      if let target = table.cellIndex(row: slot.row, column: slot.column) {
        if target == cursor.cell { return messages.phrase(.tableEdge).capitalizedFirst }
        return landOnCell(target, row: slot.row, column: slot.column, cursor: cursor)
      }
      if row != nil { slot.row += step } else { slot.column += step }
    }
    return messages.phrase(.tableEdge).capitalizedFirst
  }

  mutating func landOnCell(_ target: Int, row: Int, column: Int, cursor: TableCursor) -> String {
    let table = cursor.table
    let from = table.cells[cursor.cell]
    leaveItem(at: table.cells[target].range.start)
    hasReadText = true
    tableCursor = TableCursor(
      tableBlock: cursor.tableBlock, table: table, cell: target, row: row, column: column, position: position)
    let cell = table.cells[target]
    return cellAnnouncement(
      cell, in: table, rowChanged: cell.row != from.row, columnChanged: cell.column != from.column, whole: false)
  }

  // MARK: what is said

  /// "Last Name, row 2, column 2: Jackson": the cell's headers, its coordinates, its text. At
  /// verbosity brief only the header of the row or column that changed, and no coordinates.
  func cellAnnouncement(_ cell: TableCell, in table: TableStructure, rowChanged: Bool, columnChanged: Bool, whole: Bool)
    -> String
  {
    var parts = cellHeaders(cell, in: table, rowChanged: rowChanged, columnChanged: columnChanged)
    if verbosity != .brief { parts.append(coordinates(of: cell)) }
    let text = cellText(cell, whole: whole)
    guard !parts.isEmpty else { return text }
    return parts.joined(separator: clause).capitalizedFirst + colon + text
  }

  /// The headers of a cell (row headers, then column headers); a header cell says none of its own.
  /// Normal and full verbosity say them on every move (ARIA-AT's table tests expect the column's
  /// header when the row changes), brief only those of the row or column that changed.
  func cellHeaders(_ cell: TableCell, in table: TableStructure, rowChanged: Bool, columnChanged: Bool) -> [String] {
    var rowHeaders: [String] = []
    var columnHeaders: [String] = []
    for header in cell.headerCells where table.cells.indices.contains(header) {
      let headerCell = table.cells[header]
      let isRowHeader = headerCell.header == .row || headerCell.header == .rowGroup
      var text = textForm(headerCell.range, index.document)
      if text.count > 160 { text = RotorEntry.label(from: Substring(text), limit: 160) }
      guard !text.isEmpty else { continue }
      if isRowHeader {
        if verbosity != .brief || rowChanged { rowHeaders.append(text) }
      } else if verbosity != .brief || columnChanged {
        columnHeaders.append(text)
      }
    }
    return rowHeaders + columnHeaders
  }

  /// "row 3, column 2" (the cell's first slot, counted from 1).
  func coordinates(of cell: TableCell) -> String {
    messages.phrase(.tableRow, ["row": String(cell.row + 1)]) + clause
      + messages.phrase(.tableColumn, ["column": String(cell.column + 1)])
  }

  func cellText(_ cell: TableCell, whole: Bool) -> String {
    // The speech form, as line moves say it ("3.4 miles"), cut as announcements are.
    var text = textForm(cell.range, index.document)
    if !whole && text.count > 160 { text = RotorEntry.label(from: Substring(text), limit: 160) }
    return text.isEmpty ? messages.phrase(.blank) : text
  }

  /// "Table, Students, 5 rows, 4 columns": said on entering a table.
  func tableIntroduction(_ table: TableStructure) -> String {
    var parts = [messages.name(.table)]
    if let label = index.document.blocks[table.blockIndex].label, !label.isEmpty { parts.append(label) }
    parts.append(messages.count(.row, table.rowCount))
    parts.append(messages.count(.column, table.columnCount))
    return parts.joined(separator: clause).capitalizedFirst
  }

  /// What t (or Shift+T) says after the table's name and size: the text before its first cell (a
  /// caption, a description), then the first cell with its coordinates, where NVDA's T lands.
  mutating func tableEntryContent(_ entry: RotorEntry) -> String? {
    guard let (block, table) = tableStructure(containing: entry.range.start), !table.cells.isEmpty,
      index.document.blocks[block].range == entry.range
    else { return nil }
    let first = table.cells[0]
    var content = ""
    if first.range.start > entry.range.start {
      // The speech form, as a line move says the same text; more than a few lines before the first
      // cell (a layout table) are cut from the text itself, not rendered whole to be cut.
      let before = TextRange(start: entry.range.start, end: first.range.start)
      content =
        before.end - before.start <= 4096
        ? textForm(before, index.document) : RotorEntry.label(from: index.document[before], limit: 160)
      if content.count > 160 { content = RotorEntry.label(from: Substring(content), limit: 160) }
    }
    let cell = cellAnnouncement(first, in: table, rowChanged: true, columnChanged: true, whole: false)
    tableCursor = TableCursor(
      tableBlock: block, table: table, cell: 0, row: first.row, column: first.column, position: entry.range.start)
    guard !content.isEmpty else { return cell }
    let stop = (content.last.map { ".!?。！？".contains($0) } ?? false) ? " " : ". "
    return content + stop + cell
  }

  /// Down into a table whose first cell has one line before it (a caption, an `aria-describedby`
  /// description): the move lands on the first cell and says the table's role, name and size, that
  /// line, then the cell with its coordinates, as NVDA's Down does on entering a table (ARIA-AT's
  /// table test 1). Nil when the line is not such a line, or more text stands before the first cell
  /// (then each line is read in turn, nothing cut).
  mutating func enterTableAtFirstCell(from line: TextRange, previous: Int) -> String? {
    let before = tableStructure(containing: previous)
    guard let (block, table) = tableStructure(containing: line.start), !table.cells.isEmpty, before?.block != block
    else { return nil }
    let first = table.cells[0]
    guard line.start < first.range.start, line.end <= first.range.start,
      index.document[TextRange(start: line.end, end: first.range.start)].allSatisfy(\.isWhitespace)
    else { return nil }
    let content = say(line)
    moveCursor(to: first.range.start)
    tableCursor = TableCursor(
      tableBlock: block, table: table, cell: 0, row: first.row, column: first.column, position: position)
    let cell = cellAnnouncement(first, in: table, rowChanged: true, columnChanged: true, whole: false)
    let stop = (content.last.map { ".!?。！？".contains($0) } ?? false) ? " " : ". "
    // From a cell of another table (one ends where the next begins): out of that one first.
    let out = before == nil ? "" : messages.phrase(.outOfTable) + clause
    return (out + tableIntroduction(table)).capitalizedFirst + colon + content + stop + cell
  }

  /// A line move into a table says the table's name and size first, a move out of one "Out of
  /// table"; a move to another cell of it says the cell's headers and coordinates.
  mutating func withTableContext(_ line: String, at offset: Int, from previous: Int) -> String {
    let before = tableStructure(containing: previous)
    // Leaving a table by line says so first, as NVDA's "out of table".
    var leaving = false
    if let before {
      let range = index.document.blocks[before.block].range
      leaving = offset < range.start || offset >= range.end
    }
    guard let (block, table) = tableStructure(containing: offset) else {
      return leaving ? messages.phrase(.outOfTable) + colon + line : line
    }
    let here = Self.cellIndex(containing: offset, in: table)
    let entering = before?.block != block
    var prefix: [String] = leaving ? [messages.phrase(.outOfTable)] : []
    if entering { prefix.append(tableIntroduction(table)) }
    if let here {
      let previousCell = entering ? nil : Self.cellIndex(containing: previous, in: table)
      if previousCell != here {
        let cell = table.cells[here]
        let from = previousCell.map { table.cells[$0] }
        prefix += cellHeaders(
          cell, in: table, rowChanged: from?.row != cell.row, columnChanged: from?.column != cell.column)
        if verbosity != .brief { prefix.append(coordinates(of: cell)) }
        tableCursor = TableCursor(
          tableBlock: block, table: table, cell: here, row: cell.row, column: cell.column, position: position)
      }
    }
    guard !prefix.isEmpty else { return line }
    return prefix.joined(separator: clause).capitalizedFirst + colon + line
  }

  /// Where am I inside a table: "Table, Students, row 2, column 1, First Name".
  mutating func tablePlace() -> String? {
    guard let cursor = tableCursorHere(),
      cursor.position == position, Self.cellIndex(containing: position, in: cursor.table) == cursor.cell
    else { return nil }
    let cell = cursor.table.cells[cursor.cell]
    var parts = [messages.name(.table)]
    if let label = index.document.blocks[cursor.tableBlock].label, !label.isEmpty { parts.append(label) }
    parts.append(coordinates(of: cell))
    parts += cellHeaders(cell, in: cursor.table, rowChanged: true, columnChanged: true)
    return parts.joined(separator: clause).capitalizedFirst
  }

  /// The current cell whole, with its headers and coordinates (NVDA+Up in a table), or nil outside one.
  mutating func readCell() -> String? {
    guard let cursor = tableCursorHere(), Self.cellIndex(containing: position, in: cursor.table) == cursor.cell
    else { return nil }
    return cellAnnouncement(
      cursor.table.cells[cursor.cell], in: cursor.table, rowChanged: true, columnChanged: true, whole: true)
  }

  /// A row or column read whole ("Row 2: Fred; Jackson; …"), or from the current cell on; the
  /// cursor stays.
  mutating func readTableLine(alongRow: Bool, fromHere: Bool) -> String {
    guard let cursor = tableCursorHere() else { return messages.phrase(.notInTable) }
    let table = cursor.table
    let count = alongRow ? table.columnCount : table.rowCount
    let here = table.cells[cursor.cell]
    let start = fromHere ? (alongRow ? here.column : here.row) : 0
    var texts: [String] = []
    var last: Int?
    for step in start..<max(count, start) {
      let found =
        alongRow ? table.cellIndex(row: cursor.row, column: step) : table.cellIndex(row: step, column: cursor.column)
      guard let found, found != last else { continue }
      last = found
      texts.append(cellText(table.cells[found], whole: true))
    }
    let title =
      alongRow
      ? messages.phrase(.tableRow, ["row": String(cursor.row + 1)])
      : messages.phrase(.tableColumn, ["column": String(cursor.column + 1)])
    return title.capitalizedFirst + colon + texts.joined(separator: cellSeparator)
  }

  /// Between cells read in a row: a pause longer than a clause's.
  var cellSeparator: String {
    switch messages.language {
    case "zh", "ja": return "；"
    case "ar": return "؛ "
    default: return "; "
    }
  }
}
