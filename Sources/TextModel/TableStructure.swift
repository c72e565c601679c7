/// What a table header cell heads, as HTML's table model decides it (a `<th>`'s `scope`, else its
/// place: HTML's "column header" and "row header" rules for the auto state).
public enum TableHeaderKind: String, Hashable, Sendable, CaseIterable {
  /// Heads the cells below it (`scope="col"`, or an auto `<th>` whose rows hold no data cell).
  case column
  /// Heads the cells beside it (`scope="row"`, or an auto `<th>` that is no column header and whose
  /// columns hold no data cell: a `<th>` first in each row of `<td>`).
  case row
  /// Heads its column group (`scope="colgroup"`).
  case columnGroup
  /// Heads its row group, `<thead>`/`<tbody>`/`<tfoot>` (`scope="rowgroup"`).
  case rowGroup
  /// A header cell that heads neither its row nor its column by HTML's rules (an auto `<th>` with
  /// data cells in its rows and in its columns); the `headers` attribute may still point at it.
  case unscoped
}

/// One cell of a ``TableStructure``: where it sits in the table's grid, how far it spans, the text it
/// holds, and its headers.
public struct TableCell: Hashable, Sendable {
  /// The row of its top-left slot (0-based).
  public package(set) var row: Int
  /// The column of its top-left slot (0-based).
  public package(set) var column: Int
  /// How many rows it covers (at least 1; a `rowspan` past its row group ends with the group).
  public package(set) var rowSpan: Int
  /// How many columns it covers (at least 1).
  public package(set) var columnSpan: Int
  /// The index of its ``BlockKind/tableCell(header:)`` block in ``TextDocument/blocks``; nil for a
  /// cell that holds no text (it has no block, but takes its slots).
  public package(set) var blockIndex: Int?
  /// Its text; empty (where the cell stands in the text) for a cell without text.
  public package(set) var range: TextRange
  /// What it heads when it is a header cell (`<th>`); nil for a data cell.
  public package(set) var header: TableHeaderKind?
  /// The header cells that head it (indices into ``TableStructure/cells``), in HTML's order: the
  /// `headers` attribute's ids, else the headers found scanning left, then up, then its row group's
  /// and column group's headers.
  public package(set) var headerCells: [Int]

  /// A cell at (`row`, `column`) spanning `rowSpan` × `columnSpan` slots.
  package init(
    row: Int, column: Int, rowSpan: Int = 1, columnSpan: Int = 1, blockIndex: Int? = nil,
    range: TextRange = TextRange(start: 0, end: 0), header: TableHeaderKind? = nil, headerCells: [Int] = []
  ) {
    self.row = row
    self.column = column
    self.rowSpan = rowSpan
    self.columnSpan = columnSpan
    self.blockIndex = blockIndex
    self.range = range
    self.header = header
    self.headerCells = headerCells
  }

  /// Whether the cell covers the slot at (`row`, `column`).
  public func covers(row: Int, column: Int) -> Bool {
    row >= self.row && row < self.row + rowSpan && column >= self.column && column < self.column + columnSpan
  }
}

/// A table as HTML's table model forms it: a grid of rows and columns, each cell anchored at a slot
/// and spanning others, with its header cells assigned (HTML § 4.9.12, "Processing model").
///
/// Kept in ``TextDocument/tables`` in document order (a table nested in a cell comes after the table
/// that holds it); the next table navigation builds on it.
///
/// ```swift
/// for table in document.tables {
///   for cell in table.cells where cell.header == nil {
///     let headers = cell.headerCells.map { document[table.cells[$0].range] }
///     print(headers.joined(separator: ", "), document[cell.range])
///   }
/// }
/// ```
public struct TableStructure: Hashable, Sendable {
  /// The index of the table's ``BlockKind/table`` block in ``TextDocument/blocks``.
  public package(set) var blockIndex: Int
  /// How many rows the grid has.
  public package(set) var rowCount: Int
  /// How many columns the grid has.
  public package(set) var columnCount: Int
  /// The cells in document order (which is the order of their anchors, row by row, left to right).
  public package(set) var cells: [TableCell]

  /// A table of `rowCount` × `columnCount` slots holding `cells`.
  package init(blockIndex: Int, rowCount: Int, columnCount: Int, cells: [TableCell]) {
    self.blockIndex = blockIndex
    self.rowCount = rowCount
    self.columnCount = columnCount
    self.cells = cells
  }

  /// The index in ``cells`` of the cell covering the slot at (`row`, `column`), or nil for a slot no
  /// cell covers (a short row) or outside the grid.
  /// - Complexity: O(log c + k), k the cells anchored at or above the slot's row and after its cell.
  public func cellIndex(row: Int, column: Int) -> Int? {
    guard row >= 0, row < rowCount, column >= 0, column < columnCount else { return nil }
    // Cells are ordered by anchor row: only those anchored at or above `row` can cover it.
    let end = cells.partitioningIndex(where: { $0.row > row })
    var index = end
    while index > 0 {
      index -= 1
      if cells[index].covers(row: row, column: column) { return index }
    }
    return nil
  }

  /// The cells (indices into ``cells``) that the cell at `headerIndex` heads, in document order.
  /// - Complexity: O(c · h) for c cells with h headers each.
  public func cellsHeaded(by headerIndex: Int) -> [Int] {
    cells.indices.filter { cells[$0].headerCells.contains(headerIndex) }
  }

  /// The index in ``cells`` of the cell whose block is `blockIndex`, if any.
  /// - Complexity: O(c).
  public func cellIndex(ofBlock blockIndex: Int) -> Int? {
    cells.firstIndex { $0.blockIndex == blockIndex }
  }
}

extension TextDocument {
  /// The table whose block is `blockIndex`, or which holds the cell block `blockIndex`, with the
  /// cell's index when it is a cell.
  /// - Complexity: O(t + log c) for t tables.
  public func table(containingBlock blockIndex: Int) -> (table: Int, cell: Int?)? {
    // The innermost table holding the block: the last one that starts at or before it and whose
    // block holds it.
    guard blockIndex >= 0, blockIndex < blocks.count else { return nil }
    var found: (Int, Int?)?
    for (index, table) in tables.enumerated() where table.blockIndex <= blockIndex {
      if table.blockIndex == blockIndex { return (index, nil) }
      if let cell = table.cellIndex(ofBlock: blockIndex) { found = (index, cell) }
    }
    return found
  }
}
