internal import TextModel

/// HTML's table model for one HTML read: the tables' elements as they open and close (``HTMLBuilder``
/// reports them), and each table formed into a ``TableStructure`` when it closes — HTML § 4.9.12's
/// "forming a table" and "assigning header cells" algorithms.
///
/// Two choices beside the standard, both Chromium's: a `rowspan` (or `rowspan="0"`) ends with its
/// row group, so a stray `rowspan="65534"` does not make 65,534 rows; and `<tfoot>` rows keep their
/// place in document order (the reading order). Header assignment walks a grid of the table's
/// slots; a table of more than ``maximumSlots`` slots keeps its grid and spans but takes header
/// cells only from `headers` attributes, and its auto `<th>` cells are column headers.
///
/// - Complexity: O(s) per table of s slots (the header scans jump from header cell to header cell).
struct HTMLTableModel {
  /// The most slots a table's header analysis walks (five 32-bit values per slot: 20 MiB).
  static let maximumSlots = 1 << 20

  /// A `<th>`'s `scope`.
  enum Scope { case auto, row, column, rowGroup, columnGroup }

  /// A cell as read: its block, spans and header attributes.
  struct RawCell {
    var block: Int?
    /// The text length when the cell ended (where an empty cell stands).
    var textOffset: Int
    var rowSpan: Int
    var growsDown: Bool
    var columnSpan: Int
    var isHeader: Bool
    var scope: Scope
    var headers: [String]
    var id: String?
    /// No text inside (known when the cell ends).
    var isEmpty = false
  }

  private struct Group {
    /// A `<thead>`, `<tbody>` or `<tfoot>` (rows directly in the table form no row group).
    var isRowGroup: Bool
    /// Its first row (index into ``OpenTable/rowStarts``); its rows run to the next group's first.
    var firstRow: Int
  }

  /// A table being read: its cells in one flat array, the rows as where each starts in it (no array
  /// per row or group: a page of 4,900 tables paid for them, issue 44).
  private struct OpenTable {
    var block: Int
    var groups: [Group] = []
    var raws: [RawCell] = []
    /// Where each row's cells start in ``raws``.
    var rowStarts: [Int] = []
    var groupOpen = false
    var rowOpen = false
    /// Column groups: first column and width.
    var columnGroups: [(start: Int, width: Int)] = []
    var columns = 0
    /// The `<colgroup>` being read: its `span`, and whether a `<col>` replaced it.
    var openColumnGroup: (span: Int, hasColumns: Bool)?
  }

  private var open: [OpenTable] = []
  /// Buffers that forming a table reuses from table to table.
  private var scratch = Scratch()

  var isInsideTable: Bool { !open.isEmpty }

  /// Tells the model of a table element that just opened in `assembler` (its innermost element);
  /// false when it is no part of a table (a `<table>` whose role made it something else, a cell
  /// outside any table, content skipped).
  mutating func start(_ kind: HTMLElementKind, _ attributes: ElementAttributes, in assembler: inout MarkupAssembler)
    -> Bool
  {
    guard kind.isTablePart, let innermost = assembler.innermost, !innermost.skipping else { return false }
    let (block, blockKind) = (innermost.block, innermost.kind)
    if kind == .table {
      guard let block, blockKind == .table else { return false }
      startTable(block: block)
      return true
    }
    guard isInsideTable else { return false }
    switch kind {
    case .thead, .tbody, .tfoot: startRowGroup()
    case .tr: startRow()
    case .td, .th:
      let isCell: Bool = if case .tableCell? = blockKind { true } else { false }
      startCell(block: isCell ? block : nil, isHeader: kind == .th, attributes)
    case .colgroup: startColumnGroup(attributes)
    case .col: startColumn(attributes)
    default: return false
    }
    return true
  }

  /// Tells the model of a table element that ``start(_:_:in:)`` took that just closed in
  /// `assembler`; a table that closes goes to the document.
  mutating func end(_ kind: HTMLElementKind, in assembler: inout MarkupAssembler) {
    switch kind {
    case .table:
      if let table = endTable() { assembler.builder.tables.append(table) }
    case .thead, .tbody, .tfoot: endRowGroup()
    case .tr: endRow()
    case .td, .th:
      // Read in place: binding the builder copied it (a retain and release of each of its arrays).
      let isEmpty = lastCellBlock.map { !assembler.builder.holdsText($0) }
      endCell(textOffset: assembler.builder.length, isEmpty: isEmpty)
    case .colgroup: endColumnGroup()
    default: break
    }
  }

  mutating func startTable(block: Int) { open.append(OpenTable(block: block)) }

  /// The table that closed, formed; block indices as the builder numbers them (before empty blocks
  /// are dropped).
  mutating func endTable() -> TableStructure? {
    guard let table = open.popLast() else { return nil }
    return Self.form(table, scratch: &scratch)
  }

  mutating func startRowGroup() {
    guard !open.isEmpty else { return }
    open[open.count - 1].groups.append(Group(isRowGroup: true, firstRow: open[open.count - 1].rowStarts.count))
    open[open.count - 1].groupOpen = true
    open[open.count - 1].rowOpen = false
  }

  mutating func endRowGroup() {
    guard !open.isEmpty else { return }
    open[open.count - 1].groupOpen = false
    open[open.count - 1].rowOpen = false
  }

  mutating func startRow() {
    guard !open.isEmpty else { return }
    let last = open.count - 1
    if !open[last].groupOpen && (open[last].groups.last?.isRowGroup ?? true) {
      open[last].groups.append(Group(isRowGroup: false, firstRow: open[last].rowStarts.count))
    }
    open[last].rowStarts.append(open[last].raws.count)
    open[last].rowOpen = true
  }

  mutating func endRow() {
    guard !open.isEmpty else { return }
    open[open.count - 1].rowOpen = false
  }

  /// A `<td>` or `<th>` opened (its block, if it opened one) with its attributes.
  mutating func startCell(block: Int?, isHeader: Bool, _ attributes: ElementAttributes) {
    guard !open.isEmpty else { return }
    if !open[open.count - 1].rowOpen || open[open.count - 1].groups.isEmpty { startRow() }
    let last = open.count - 1
    // HTML's rules for parsing non-negative integers: leading digits count, anything else is 1.
    let columnSpan = Self.integer(attributes[.colspan]).map { $0 == 0 ? 1 : min($0, 1000) } ?? 1
    let rowSpanValue = Self.integer(attributes[.rowspan]).map { min($0, 65534) } ?? 1
    let scope: Scope =
      switch attributes[.scope]?.lowercased().trimmingSpaces() {
      case "row": .row
      case "col": .column
      case "rowgroup": .rowGroup
      case "colgroup": .columnGroup
      default: .auto
      }
    let headers = attributes[.headers].map { $0.split(whereSeparator: \.isWhitespace).map(String.init) } ?? []
    let cell = RawCell(
      block: block, textOffset: 0, rowSpan: max(rowSpanValue, 1), growsDown: rowSpanValue == 0,
      columnSpan: columnSpan, isHeader: isHeader, scope: scope, headers: headers,
      id: HTMLSemantics.nonEmpty(attributes[.id]))
    open[last].raws.append(cell)
  }

  /// The block of the cell that opened last, when it opened one (the builder tells whether it holds
  /// text, ``endCell(textOffset:isEmpty:)``).
  var lastCellBlock: Int? {
    guard let table = open.last, let row = table.rowStarts.last, table.raws.count > row else { return nil }
    return table.raws[table.raws.count - 1].block
  }

  /// The cell that opened last ended with the text `textOffset` bytes long; `isEmpty` tells whether
  /// its block holds no text (nil: it has no block).
  mutating func endCell(textOffset: Int, isEmpty: Bool?) {
    guard let last = open.indices.last, let row = open[last].rowStarts.last, open[last].raws.count > row else {
      return
    }
    let cell = open[last].raws.count - 1
    open[last].raws[cell].textOffset = textOffset
    if let isEmpty { open[last].raws[cell].isEmpty = isEmpty }
  }

  mutating func startColumnGroup(_ attributes: ElementAttributes) {
    guard !open.isEmpty else { return }
    let span = Self.integer(attributes[.span]).map { min(max($0, 1), 1000) } ?? 1
    open[open.count - 1].openColumnGroup = (span, false)
  }

  mutating func startColumn(_ attributes: ElementAttributes) {
    guard !open.isEmpty else { return }
    let last = open.count - 1
    let span = Self.integer(attributes[.span]).map { min(max($0, 1), 1000) } ?? 1
    guard var group = open[last].openColumnGroup else {
      // A <col> outside a <colgroup> is one (HTML's parser implies it).
      open[last].columnGroups.append((open[last].columns, span))
      open[last].columns += span
      return
    }
    if !group.hasColumns { group = (0, true) }
    group.span += span
    open[last].openColumnGroup = group
  }

  mutating func endColumnGroup() {
    guard !open.isEmpty, let group = open[open.count - 1].openColumnGroup else { return }
    let last = open.count - 1
    open[last].columnGroups.append((open[last].columns, group.span))
    open[last].columns += group.span
    open[last].openColumnGroup = nil
  }

  /// HTML's "rules for parsing non-negative integers": spaces, then digits (nil without any).
  static func integer(_ value: String?) -> Int? {
    guard let value else { return nil }
    var result: Int?
    for byte in value.utf8.drop(while: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0C || $0 == 0x0D }) {
      if byte == 0x2B && result == nil { continue }
      guard byte >= 0x30 && byte <= 0x39 else { break }
      result = min((result ?? 0) * 10 + Int(byte - 0x30), 1 << 30)
    }
    return result
  }

  // MARK: forming

  /// Buffers reused from table to table: forming a table allocates nothing per cell but its list
  /// of header cells (a page of 4,900 tables paid for a set and lists per cell, issue 44).
  private struct Scratch {
    var rowData: [Int32] = []
    var columnData: [Int32] = []
    /// Per cell: the index of the cell whose header list last took it (repeats leave the list).
    var seen: [Int32] = []
    var list: [Int] = []
    var opaque: [Int] = []
    var block: [Int] = []
    var spanning: [Int] = []
    var started: [Int] = []
    var grid = Grid()
  }

  /// Forms the grid of `table` and assigns its header cells.
  private static func form(_ table: OpenTable, scratch: inout Scratch) -> TableStructure {
    var cells: [TableCell] = []
    cells.reserveCapacity(table.raws.count)
    /// The row group (index into `groups`, row groups only) of each cell, or -1.
    var cellGroup: [Int32] = []
    cellGroup.reserveCapacity(table.raws.count)
    var rowGroupCount: Int32 = 0
    var width = table.columns
    var y = 0
    for (groupIndex, group) in table.groups.enumerated() {
      let rowsEnd = groupIndex + 1 < table.groups.count ? table.groups[groupIndex + 1].firstRow : table.rowStarts.count
      let groupEnd = y + (rowsEnd - group.firstRow)  // exclusive
      // Cells from rows above covering this row: index into `cells`.
      scratch.spanning.removeAll(keepingCapacity: true)
      for row in group.firstRow..<rowsEnd {
        scratch.spanning.removeAll { cells[$0].row + cells[$0].rowSpan <= y }
        if scratch.spanning.count > 1 { scratch.spanning.sort { cells[$0].column < cells[$1].column } }
        scratch.started.removeAll(keepingCapacity: true)
        var x = 0
        var next = 0  // the next spanning cell to the right of x
        let cellsEnd = row + 1 < table.rowStarts.count ? table.rowStarts[row + 1] : table.raws.count
        for rawIndex in table.rowStarts[row]..<cellsEnd {
          let raw = table.raws[rawIndex]
          // Past slots that cells from rows above cover.
          while next < scratch.spanning.count {
            let above = cells[scratch.spanning[next]]
            if above.column + above.columnSpan <= x {
              next += 1
            } else if above.column <= x {
              x = above.column + above.columnSpan
              next += 1
            } else {
              break
            }
          }
          let rowSpan = raw.growsDown ? groupEnd - y : min(raw.rowSpan, groupEnd - y)
          cells.append(
            TableCell(
              row: y, column: x, rowSpan: max(rowSpan, 1), columnSpan: raw.columnSpan, blockIndex: raw.block,
              range: TextRange(start: raw.textOffset, end: raw.textOffset)))
          cellGroup.append(group.isRowGroup ? rowGroupCount : -1)
          if rowSpan > 1 { scratch.started.append(cells.count - 1) }
          x += raw.columnSpan
          width = max(width, x)
        }
        scratch.spanning += scratch.started
        y += 1
      }
      if group.isRowGroup { rowGroupCount += 1 }
    }
    var structure = TableStructure(blockIndex: table.block, rowCount: y, columnCount: width, cells: cells)
    assignHeaders(
      &structure, raws: table.raws, cellGroup: cellGroup, columnGroups: table.columnGroups, scratch: &scratch)
    return structure
  }

  /// Header kinds, then each cell's header cells (HTML's "algorithm for assigning header cells").
  private static func assignHeaders(
    _ table: inout TableStructure, raws: [RawCell], cellGroup: [Int32], columnGroups: [(start: Int, width: Int)],
    scratch: inout Scratch
  ) {
    let (rows, columns) = (table.rowCount, table.columnCount)
    let slots = rows * columns
    let analysed = slots > 0 && slots <= maximumSlots
    let hasGroupHeaders = assignHeaderKinds(&table, raws: raws, analysed: analysed, scratch: &scratch)
    var ids: [String: Int] = [:]
    for (index, raw) in raws.enumerated() { if let id = raw.id, ids[id] == nil { ids[id] = index } }
    if analysed { scratch.grid.load(table) }
    scratch.seen.removeAll(keepingCapacity: true)
    scratch.seen.append(contentsOf: repeatElement(-1, count: table.cells.count))
    for index in table.cells.indices {
      scratch.list.removeAll(keepingCapacity: true)
      if !raws[index].headers.isEmpty {
        for id in raws[index].headers { if let header = ids[id], header != index { scratch.list.append(header) } }
      } else if analysed {
        let cell = table.cells[index]
        for row in cell.row..<cell.row + cell.rowSpan {
          scratch.grid.scan(
            from: index, x: cell.column, y: row, horizontal: true, into: &scratch.list, opaque: &scratch.opaque,
            block: &scratch.block)
        }
        for column in cell.column..<cell.column + cell.columnSpan {
          scratch.grid.scan(
            from: index, x: column, y: cell.row, horizontal: false, into: &scratch.list, opaque: &scratch.opaque,
            block: &scratch.block)
        }
        let (lastColumn, lastRow) = (cell.column + cell.columnSpan - 1, cell.row + cell.rowSpan - 1)
        if hasGroupHeaders, cellGroup[index] >= 0 {
          for (other, header) in table.cells.enumerated()
          where header.header == .rowGroup && cellGroup[other] == cellGroup[index] && header.column <= lastColumn
            && header.row <= lastRow
          {
            scratch.list.append(other)
          }
        }
        if hasGroupHeaders,
          let group = columnGroups.first(where: { cell.column >= $0.start && cell.column < $0.start + $0.width })
        {
          for (other, header) in table.cells.enumerated()
          where header.header == .columnGroup && header.column >= group.start
            && header.column < group.start + group.width && header.column <= lastColumn && header.row <= lastRow
          {
            scratch.list.append(other)
          }
        }
      }
      // The cell itself and repeats leave the list (empty cells leave it once the builder knows
      // which blocks hold text: ``DocumentBuilder/finish(format:language:title:)``).
      guard !scratch.list.isEmpty else { continue }
      var headerCells: [Int] = []
      for header in scratch.list where header != index && scratch.seen[header] != Int32(index) {
        scratch.seen[header] = Int32(index)
        headerCells.append(header)
      }
      table.cells[index].headerCells = headerCells
    }
  }

  /// Each header cell's kind (its `scope`, else what the rows and columns of data around it say);
  /// true when a row group or column group header is among them.
  private static func assignHeaderKinds(
    _ table: inout TableStructure, raws: [RawCell], analysed: Bool, scratch: inout Scratch
  ) -> Bool {
    let (rows, columns) = (table.rowCount, table.columnCount)
    // Whether each row and column has a data cell: difference arrays over the spans. An empty `<td>`
    // (the corner above row headers) is no data here, as in browsers: HTML counts it, and a `<th>`
    // row beside an empty corner would head nothing.
    scratch.rowData.removeAll(keepingCapacity: true)
    scratch.rowData.append(contentsOf: repeatElement(0, count: rows + 1))
    scratch.columnData.removeAll(keepingCapacity: true)
    scratch.columnData.append(contentsOf: repeatElement(0, count: columns + 1))
    for (index, cell) in table.cells.enumerated() where !raws[index].isHeader && !raws[index].isEmpty {
      scratch.rowData[cell.row] += 1
      scratch.rowData[cell.row + cell.rowSpan] -= 1
      scratch.columnData[cell.column] += 1
      scratch.columnData[cell.column + cell.columnSpan] -= 1
    }
    for index in 1..<scratch.rowData.count { scratch.rowData[index] += scratch.rowData[index - 1] }
    for index in 1..<scratch.columnData.count { scratch.columnData[index] += scratch.columnData[index - 1] }
    var hasGroupHeaders = false
    for (index, raw) in raws.enumerated() where raw.isHeader {
      let cell = table.cells[index]
      switch raw.scope {
      case .row: table.cells[index].header = .row
      case .column: table.cells[index].header = .column
      case .rowGroup: table.cells[index].header = .rowGroup; hasGroupHeaders = true
      case .columnGroup: table.cells[index].header = .columnGroup; hasGroupHeaders = true
      case .auto:
        if !analysed || (cell.row..<cell.row + cell.rowSpan).allSatisfy({ scratch.rowData[$0] == 0 }) {
          table.cells[index].header = .column
        } else if (cell.column..<cell.column + cell.columnSpan).allSatisfy({ scratch.columnData[$0] == 0 }) {
          table.cells[index].header = .row
        } else {
          table.cells[index].header = .unscoped
        }
      }
    }
    return hasGroupHeaders
  }

  /// The slots of a table: the cell covering each, and for each slot the nearest slot at or before
  /// it (leftwards and upwards) covered by a header cell and by a data cell, so a scan jumps from
  /// header to header (HTML's scan visits every slot).
  private struct Grid {
    var columns = 0
    var cell: [Int32] = []
    var isHeader: [Bool] = []
    var kind: [TableHeaderKind?] = []
    var cellsRow: [Int] = []
    var cellsColumn: [Int] = []
    var cellsRowSpan: [Int] = []
    var cellsColumnSpan: [Int] = []
    /// Per slot: the nearest column ≤ x (leftHeader, leftData) or row ≤ y (upHeader, upData) whose
    /// slot a header / data cell covers, or -1.
    var leftHeader: [Int32] = [], leftData: [Int32] = [], upHeader: [Int32] = [], upData: [Int32] = []

    /// Fills the grid for `table`, reusing its buffers.
    mutating func load(_ table: TableStructure) {
      columns = table.columnCount
      let count = table.rowCount * columns
      func refill<Element>(_ array: inout [Element], _ value: Element, _ count: Int) {
        array.removeAll(keepingCapacity: true)
        array.append(contentsOf: repeatElement(value, count: count))
      }
      refill(&cell, -1, count)
      isHeader.removeAll(keepingCapacity: true)
      kind.removeAll(keepingCapacity: true)
      cellsRow.removeAll(keepingCapacity: true)
      cellsColumn.removeAll(keepingCapacity: true)
      cellsRowSpan.removeAll(keepingCapacity: true)
      cellsColumnSpan.removeAll(keepingCapacity: true)
      for item in table.cells {
        isHeader.append(item.header != nil)
        kind.append(item.header)
        cellsRow.append(item.row)
        cellsColumn.append(item.column)
        cellsRowSpan.append(item.rowSpan)
        cellsColumnSpan.append(item.columnSpan)
      }
      for (index, item) in table.cells.enumerated() {
        for row in item.row..<item.row + item.rowSpan {
          for column in item.column..<item.column + item.columnSpan where cell[row * columns + column] < 0 {
            cell[row * columns + column] = Int32(index)
          }
        }
      }
      refill(&leftHeader, -1, count)
      refill(&leftData, -1, count)
      refill(&upHeader, -1, count)
      refill(&upData, -1, count)
      for row in 0..<table.rowCount {
        for column in 0..<columns {
          let slot = row * columns + column
          let owner = cell[slot]
          let header = owner >= 0 && isHeader[Int(owner)]
          let data = owner >= 0 && !isHeader[Int(owner)]
          leftHeader[slot] = header ? Int32(column) : column > 0 ? leftHeader[slot - 1] : -1
          leftData[slot] = data ? Int32(column) : column > 0 ? leftData[slot - 1] : -1
          upHeader[slot] = header ? Int32(row) : row > 0 ? upHeader[slot - columns] : -1
          upData[slot] = data ? Int32(row) : row > 0 ? upData[slot - columns] : -1
        }
      }
    }

    /// HTML's "internal algorithm for scanning and assigning header cells" from the principal cell,
    /// leftwards along row `y` (`horizontal`) or upwards along column `x`.
    func scan(
      from principal: Int, x: Int, y: Int, horizontal: Bool, into list: inout [Int], opaque: inout [Int],
      block: inout [Int]
    ) {
      opaque.removeAll(keepingCapacity: true)
      block.removeAll(keepingCapacity: true)
      var inHeaderBlock = isHeader[principal]
      if inHeaderBlock { block.append(principal) }
      var position = (horizontal ? x : y) - 1
      while position >= 0 {
        let slot = horizontal ? y * columns + position : position * columns + x
        let header = Int(horizontal ? leftHeader[slot] : upHeader[slot])
        guard header >= 0 else { break }
        let data = Int(horizontal ? leftData[slot] : upData[slot])
        if data > header && inHeaderBlock {
          inHeaderBlock = false
          opaque += block
          block.removeAll(keepingCapacity: true)
        }
        let current = Int(cell[horizontal ? y * columns + header : header * columns + x])
        inHeaderBlock = true
        block.append(current)
        var blocked = false
        if horizontal {
          blocked =
            opaque.contains { cellsRow[$0] == cellsRow[current] && cellsRowSpan[$0] == cellsRowSpan[current] }
            || kind[current] != .row
        } else {
          blocked =
            opaque.contains {
              cellsColumn[$0] == cellsColumn[current] && cellsColumnSpan[$0] == cellsColumnSpan[current]
            } || kind[current] != .column
        }
        if !blocked { list.append(current) }
        position = header - 1
      }
    }
  }
}
