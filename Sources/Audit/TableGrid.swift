/// A table's cells placed on a grid (HTML's table model: rows of `<tr>`, cells spanning columns
/// and rows), for the table rules.
struct TableGrid {
  struct Cell {
    var element: Int
    var row: Int
    var column: Int
    var rows: Int
    var columns: Int
    var isHeader: Bool
  }

  var cells: [Cell] = []

  init(table: Int, page: AuditPage) {
    var rowIndex = 0
    // Slots taken by row spans from rows above: (row, column).
    var taken = Set<[Int]>()
    for index in page.descendants(of: table) where page.name(index) == "tr" {
      // Only rows of this table, not of a nested one.
      guard page.ancestors(of: index).first(where: { page.name($0) == "table" }) == table else { continue }
      var column = 0
      for child in page.children(of: index) {
        guard case .element(let cell) = child, page.name(cell) == "td" || page.name(cell) == "th" else { continue }
        while taken.contains([rowIndex, column]) { column += 1 }
        let columns = max(1, min(1000, Int(page.keyword(cell, "colspan") ?? "") ?? 1))
        let rows = max(1, min(1000, Int(page.keyword(cell, "rowspan") ?? "") ?? 1))
        cells.append(
          Cell(
            element: cell, row: rowIndex, column: column, rows: rows, columns: columns,
            isHeader: page.name(cell) == "th"))
        for r in rowIndex..<rowIndex + rows { for c in column..<column + columns { taken.insert([r, c]) } }
        column += columns
      }
      rowIndex += 1
    }
  }

  /// Whether the cell covers column `column`.
  static func covers(_ cell: Cell, column: Int) -> Bool { column >= cell.column && column < cell.column + cell.columns }
  static func covers(_ cell: Cell, row: Int) -> Bool { row >= cell.row && row < cell.row + cell.rows }
}
