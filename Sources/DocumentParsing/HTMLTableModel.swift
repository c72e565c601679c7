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
    var rows: [[RawCell]] = []
  }

  private struct OpenTable {
    var block: Int
    var groups: [Group] = []
    var groupOpen = false
    var rowOpen = false
    /// Column groups: first column and width.
    var columnGroups: [(start: Int, width: Int)] = []
    var columns = 0
    /// The `<colgroup>` being read: its `span`, and whether a `<col>` replaced it.
    var openColumnGroup: (span: Int, hasColumns: Bool)?
  }

  private var open: [OpenTable] = []

  var isInsideTable: Bool { !open.isEmpty }

  mutating func startTable(block: Int) { open.append(OpenTable(block: block)) }

  /// The table that closed, formed; block indices as the builder numbers them (before empty blocks
  /// are dropped).
  mutating func endTable() -> TableStructure? {
    guard let table = open.popLast() else { return nil }
    return Self.form(table)
  }

  mutating func startRowGroup() {
    guard !open.isEmpty else { return }
    open[open.count - 1].groups.append(Group(isRowGroup: true))
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
      open[last].groups.append(Group(isRowGroup: false))
    }
    open[last].groups[open[last].groups.count - 1].rows.append([])
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
    let columnSpan = Self.integer(attributes["colspan"]).map { $0 == 0 ? 1 : min($0, 1000) } ?? 1
    let rowSpanValue = Self.integer(attributes["rowspan"]).map { min($0, 65534) } ?? 1
    let scope: Scope =
      switch attributes["scope"]?.lowercased().trimmingSpaces() {
      case "row": .row
      case "col": .column
      case "rowgroup": .rowGroup
      case "colgroup": .columnGroup
      default: .auto
      }
    let headers = attributes["headers"].map { $0.split(whereSeparator: \.isWhitespace).map(String.init) } ?? []
    let cell = RawCell(
      block: block, textOffset: 0, rowSpan: max(rowSpanValue, 1), growsDown: rowSpanValue == 0,
      columnSpan: columnSpan, isHeader: isHeader, scope: scope, headers: headers,
      id: HTMLSemantics.nonEmpty(attributes[.id]))
    let group = open[last].groups.count - 1
    open[last].groups[group].rows[open[last].groups[group].rows.count - 1].append(cell)
  }

  /// The cell that opened last ended with the text `textOffset` bytes long; `holdsText` tells
  /// whether a block (as the builder numbers it) holds text.
  mutating func endCell(textOffset: Int, holdsText: (Int) -> Bool) {
    guard let last = open.indices.last, let group = open[last].groups.indices.last,
      let row = open[last].groups[group].rows.indices.last, !open[last].groups[group].rows[row].isEmpty
    else { return }
    let cell = open[last].groups[group].rows[row].count - 1
    open[last].groups[group].rows[row][cell].textOffset = textOffset
    if let block = open[last].groups[group].rows[row][cell].block {
      open[last].groups[group].rows[row][cell].isEmpty = !holdsText(block)
    }
  }

  mutating func startColumnGroup(_ attributes: ElementAttributes) {
    guard !open.isEmpty else { return }
    let span = Self.integer(attributes["span"]).map { min(max($0, 1), 1000) } ?? 1
    open[open.count - 1].openColumnGroup = (span, false)
  }

  mutating func startColumn(_ attributes: ElementAttributes) {
    guard !open.isEmpty else { return }
    let last = open.count - 1
    let span = Self.integer(attributes["span"]).map { min(max($0, 1), 1000) } ?? 1
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

  /// Forms the grid of `table` and assigns its header cells.
  private static func form(_ table: OpenTable) -> TableStructure {
    var cells: [TableCell] = []
    var raws: [RawCell] = []
    /// The row group (index into `groups`, row groups only) of each cell, or -1.
    var cellGroup: [Int] = []
    var rowGroups: [(start: Int, end: Int)] = []
    var width = table.columns
    var y = 0
    for group in table.groups {
      let groupStart = y
      let groupEnd = y + group.rows.count  // exclusive
      // Cells from rows above covering this row: index into `cells`.
      var spanning: [Int] = []
      for row in group.rows {
        spanning.removeAll { cells[$0].row + cells[$0].rowSpan <= y }
        spanning.sort { cells[$0].column < cells[$1].column }
        var started: [Int] = []
        var x = 0
        var next = 0  // the next spanning cell to the right of x
        for raw in row {
          // Past slots that cells from rows above cover.
          while next < spanning.count {
            let above = cells[spanning[next]]
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
          raws.append(raw)
          cellGroup.append(group.isRowGroup ? rowGroups.count : -1)
          if rowSpan > 1 { started.append(cells.count - 1) }
          x += raw.columnSpan
          width = max(width, x)
        }
        spanning += started
        y += 1
      }
      if group.isRowGroup { rowGroups.append((groupStart, groupEnd)) }
    }
    var structure = TableStructure(blockIndex: table.block, rowCount: y, columnCount: width, cells: cells)
    assignHeaders(&structure, raws: raws, cellGroup: cellGroup, columnGroups: table.columnGroups)
    return structure
  }

  /// Header kinds, then each cell's header cells (HTML's "algorithm for assigning header cells").
  private static func assignHeaders(
    _ table: inout TableStructure, raws: [RawCell], cellGroup: [Int], columnGroups: [(start: Int, width: Int)]
  ) {
    let (rows, columns) = (table.rowCount, table.columnCount)
    let slots = rows * columns
    let analysed = slots > 0 && slots <= maximumSlots
    // Whether each row and column has a data cell: difference arrays over the spans. An empty `<td>`
    // (the corner above row headers) is no data here, as in browsers: HTML counts it, and a `<th>`
    // row beside an empty corner would head nothing.
    var rowData = [Int32](repeating: 0, count: rows + 1)
    var columnData = [Int32](repeating: 0, count: columns + 1)
    for (index, cell) in table.cells.enumerated() where !raws[index].isHeader && !raws[index].isEmpty {
      rowData[cell.row] += 1
      rowData[cell.row + cell.rowSpan] -= 1
      columnData[cell.column] += 1
      columnData[cell.column + cell.columnSpan] -= 1
    }
    for index in 1..<rowData.count { rowData[index] += rowData[index - 1] }
    for index in 1..<columnData.count { columnData[index] += columnData[index - 1] }
    for (index, raw) in raws.enumerated() where raw.isHeader {
      let cell = table.cells[index]
      switch raw.scope {
      case .row: table.cells[index].header = .row
      case .column: table.cells[index].header = .column
      case .rowGroup: table.cells[index].header = .rowGroup
      case .columnGroup: table.cells[index].header = .columnGroup
      case .auto:
        if !analysed || (cell.row..<cell.row + cell.rowSpan).allSatisfy({ rowData[$0] == 0 }) {
          table.cells[index].header = .column
        } else if (cell.column..<cell.column + cell.columnSpan).allSatisfy({ columnData[$0] == 0 }) {
          table.cells[index].header = .row
        } else {
          table.cells[index].header = .unscoped
        }
      }
    }
    var ids: [String: Int] = [:]
    for (index, raw) in raws.enumerated() { if let id = raw.id, ids[id] == nil { ids[id] = index } }
    let grid = analysed ? Grid(table) : nil
    for index in table.cells.indices {
      var list: [Int] = []
      if !raws[index].headers.isEmpty {
        for id in raws[index].headers { if let header = ids[id], header != index { list.append(header) } }
      } else if let grid {
        let cell = table.cells[index]
        for row in cell.row..<cell.row + cell.rowSpan {
          grid.scan(from: index, x: cell.column, y: row, horizontal: true, into: &list)
        }
        for column in cell.column..<cell.column + cell.columnSpan {
          grid.scan(from: index, x: column, y: cell.row, horizontal: false, into: &list)
        }
        let (lastColumn, lastRow) = (cell.column + cell.columnSpan - 1, cell.row + cell.rowSpan - 1)
        if cellGroup[index] >= 0 {
          for (other, header) in table.cells.enumerated()
          where header.header == .rowGroup && cellGroup[other] == cellGroup[index] && header.column <= lastColumn
            && header.row <= lastRow
          {
            list.append(other)
          }
        }
        if let group = columnGroups.first(where: { cell.column >= $0.start && cell.column < $0.start + $0.width }) {
          for (other, header) in table.cells.enumerated()
          where header.header == .columnGroup && header.column >= group.start
            && header.column < group.start + group.width && header.column <= lastColumn && header.row <= lastRow
          {
            list.append(other)
          }
        }
      }
      // The cell itself and repeats leave the list (empty cells leave it once the builder knows
      // which blocks hold text: ``DocumentBuilder/finish(format:language:title:)``).
      var seen = Set<Int>()
      table.cells[index].headerCells = list.filter { $0 != index && seen.insert($0).inserted }
    }
  }

  /// The slots of a table: the cell covering each, and for each slot the nearest slot at or before
  /// it (leftwards and upwards) covered by a header cell and by a data cell, so a scan jumps from
  /// header to header (HTML's scan visits every slot).
  private struct Grid {
    let columns: Int
    var cell: [Int32]
    var isHeader: [Bool]
    var kind: [TableHeaderKind?]
    var cellsRow: [Int]
    var cellsColumn: [Int]
    var cellsRowSpan: [Int]
    var cellsColumnSpan: [Int]
    /// Per slot: the nearest column ≤ x (leftHeader, leftData) or row ≤ y (upHeader, upData) whose
    /// slot a header / data cell covers, or -1.
    var leftHeader: [Int32], leftData: [Int32], upHeader: [Int32], upData: [Int32]

    init(_ table: TableStructure) {
      columns = table.columnCount
      let count = table.rowCount * columns
      cell = [Int32](repeating: -1, count: count)
      isHeader = table.cells.map { $0.header != nil }
      kind = table.cells.map(\.header)
      cellsRow = table.cells.map(\.row)
      cellsColumn = table.cells.map(\.column)
      cellsRowSpan = table.cells.map(\.rowSpan)
      cellsColumnSpan = table.cells.map(\.columnSpan)
      for (index, item) in table.cells.enumerated() {
        for row in item.row..<item.row + item.rowSpan {
          for column in item.column..<item.column + item.columnSpan where cell[row * columns + column] < 0 {
            cell[row * columns + column] = Int32(index)
          }
        }
      }
      leftHeader = [Int32](repeating: -1, count: count)
      leftData = leftHeader
      upHeader = leftHeader
      upData = leftHeader
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
    func scan(from principal: Int, x: Int, y: Int, horizontal: Bool, into list: inout [Int]) {
      var opaque: [Int] = []
      var inHeaderBlock = isHeader[principal]
      var block: [Int] = inHeaderBlock ? [principal] : []
      var position = (horizontal ? x : y) - 1
      while position >= 0 {
        let slot = horizontal ? y * columns + position : position * columns + x
        let header = Int(horizontal ? leftHeader[slot] : upHeader[slot])
        guard header >= 0 else { break }
        let data = Int(horizontal ? leftData[slot] : upData[slot])
        if data > header && inHeaderBlock {
          inHeaderBlock = false
          opaque += block
          block = []
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
