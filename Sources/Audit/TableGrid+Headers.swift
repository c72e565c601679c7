extension TableGrid {
  /// The slots and header facts of an HTML table that HTML's "forming relationships between data
  /// cells and header cells" algorithm reads: which cell covers each slot, which cells are column
  /// and row headers (a `th` whose `scope` says so, or, for `scope` auto, whose rows, else whose
  /// columns, hold no data cell), and the row group of each row.
  struct HeaderModel {
    let grid: TableGrid
    /// The cell (an index into `grid.cells`) covering each slot, keyed `row * width + column`.
    let slots: [Int: Int]
    let width: Int
    let height: Int
    let isColumnHeader: [Bool]
    let isRowHeader: [Bool]
    let isEmpty: [Bool]
    /// Each cell's `scope`, lowercased ("" for none).
    let scopes: [String]

    init(_ grid: TableGrid, page: AuditPage) {
      self.grid = grid
      let cells = grid.cells
      width = cells.map { $0.column + $0.columns }.max() ?? 0
      height = cells.map { $0.row + $0.rows }.max() ?? 0
      var slots: [Int: Int] = [:]
      var dataInRow = Array(repeating: false, count: height)
      var dataInColumn = Array(repeating: false, count: width)
      for (position, cell) in cells.enumerated() {
        for row in cell.row..<cell.row + cell.rows {
          for column in cell.column..<cell.column + cell.columns where slots[row * width + column] == nil {
            slots[row * width + column] = position
          }
          if !cell.isHeader { dataInRow[row] = true }
        }
        if !cell.isHeader { for column in cell.column..<cell.column + cell.columns { dataInColumn[column] = true } }
      }
      self.slots = slots
      let scopes = cells.map { page.keyword($0.element, "scope") ?? "" }
      self.scopes = scopes
      let columnHeaders = cells.indices.map { position in
        let cell = cells[position]
        guard cell.isHeader else { return false }
        let scope = scopes[position]
        if scope == "col" { return true }
        if scope == "row" || scope == "rowgroup" || scope == "colgroup" { return false }
        return !(cell.row..<cell.row + cell.rows).contains { dataInRow[$0] }
      }
      isColumnHeader = columnHeaders
      isRowHeader = cells.indices.map { position in
        let cell = cells[position]
        guard cell.isHeader else { return false }
        let scope = scopes[position]
        if scope == "row" { return true }
        if scope == "col" || scope == "rowgroup" || scope == "colgroup" || columnHeaders[position] { return false }
        return !(cell.column..<cell.column + cell.columns).contains { dataInColumn[$0] }
      }
      isEmpty = cells.map { cell in
        !page.children(of: cell.element).contains { child in
          if case .text(let text) = child { return !text.isBlank }
          return true
        }
      }
    }

    /// The cell covering slot (`row`, `column`), or nil.
    func cell(row: Int, column: Int) -> Int? { slots[row * width + column] }

    /// Whether the header algorithm assigns header cell `header` to cell `principal` (both indices
    /// into `grid.cells`), when `principal` has no `headers` attribute: scanning up its columns and
    /// left along its rows, with header blocks made opaque by a data cell, and the row and column
    /// group headers above and before it. Empty headers are assigned to nothing.
    func assignsImplicitly(_ header: Int, to principal: Int) -> Bool {
      guard header != principal, !isEmpty[header] else { return false }
      let p = grid.cells[principal]
      let h = grid.cells[header]
      switch scopes[header] {
      case "rowgroup", "colgroup":
        // Row and column group headers: anchored at or before the principal cell, in its group
        // (approximated by its rows below and columns to the right of the header).
        return h.row <= p.row && h.column <= p.column
          && (scopes[header] == "rowgroup" || h.column + h.columns > p.column)
      default: break
      }
      for column in p.column..<p.column + p.columns
      where scan(from: principal, x: column, y: p.row, dx: 0, dy: -1, to: header) {
        return true
      }
      for row in p.row..<p.row + p.rows where scan(from: principal, x: p.column, y: row, dx: -1, dy: 0, to: header) {
        return true
      }
      return false
    }

    /// HTML's internal algorithm for scanning and assigning header cells, asking only whether it
    /// adds `target`.
    private func scan(from principal: Int, x: Int, y: Int, dx: Int, dy: Int, to target: Int) -> Bool {
      var x = x
      var y = y
      var opaque: [Int] = []
      var inHeaderBlock = grid.cells[principal].isHeader
      var block: [Int] = inHeaderBlock ? [principal] : []
      var last: Int? = principal
      while true {
        x += dx
        y += dy
        if x < 0 || y < 0 { return false }
        guard let current = cell(row: y, column: x) else { continue }
        if current == last { continue }
        last = current
        let cell = grid.cells[current]
        if cell.isHeader {
          inHeaderBlock = true
          block.append(current)
          var blocked = false
          if dx == 0 {
            blocked =
              opaque.contains { grid.cells[$0].column == cell.column && grid.cells[$0].columns == cell.columns }
              || !isColumnHeader[current]
          } else {
            blocked =
              opaque.contains { grid.cells[$0].row == cell.row && grid.cells[$0].rows == cell.rows }
              || !isRowHeader[current]
          }
          if !blocked && current == target { return true }
        } else if inHeaderBlock {
          inHeaderBlock = false
          opaque += block
          block = []
        }
      }
    }
  }
}
