/// ACT d0f69e "Table header cell has assigned cells". Applicability: an HTML element whose semantic
/// role is `rowheader` or `columnheader` (a `th` as HTML's table model and HTML-AAM make it, or an
/// explicit role), visible, included in the accessibility tree, whose closest ancestor with the
/// semantic role `table` or `grid` is included in the accessibility tree. Expectation: it is
/// assigned to at least one cell (any role inheriting from `cell`, header cells included): by HTML's
/// algorithm for forming relationships between data cells and header cells in a `<table>`
/// (``TableGrid/HeaderModel``), by the column or row it heads in an ARIA table.
package enum HeaderHasCells: AuditRule {
  package static let descriptor = AuditRuleDescriptor(
    name: "th-has-data-cells", act: ["d0f69e"], wcag: ["1.3.1"], severity: .error,
    summary: "Each header cell of a table heads at least one cell.",
    fix: "Remove the header cell, or add the cells it heads (or point at it with headers).")

  /// Cells looked at per header before giving up undecided, which is not reported: a header is
  /// assigned to the first cell below it or after it that has no `headers` attribute, so only a
  /// table of thousands of such cells in a row reaches it (the work stays linear in the table).
  static let candidateLimit = 4096

  package static func check(_ page: AuditPage, _ report: inout AuditReport) {
    for table in page.elementIndices where !page.excluded[table] {
      let role = page.role(table)
      guard role == "table" || role == "grid" else { continue }
      if page.name(table) == "table" {
        checkHTMLTable(table, page, &report)
      } else {
        checkARIATable(table, page, &report)
      }
    }
  }

  private static func checkHTMLTable(_ table: Int, _ page: AuditPage, _ report: inout AuditReport) {
    let grid = TableGrid(table: table, page: page)
    guard grid.cells.contains(where: { $0.isHeader || page.explicitRole($0.element) != nil }) else { return }
    let model = TableGrid.HeaderModel(grid, page: page)
    let cells = grid.cells
    var byID: [String: Int] = [:]
    for (position, cell) in cells.enumerated() {
      if let id = page.attribute(cell.element, "id"), byID[id] == nil { byID[id] = position }
    }
    // Headers named by a cell's headers attribute (a cell of the same table, not itself, not empty).
    var named = Set<Int>()
    for (position, cell) in cells.enumerated() {
      for id in page.attribute(cell.element, "headers")?.tokens ?? [] {
        if let target = byID[String(id)], target != position, !model.isEmpty[target] { named.insert(target) }
      }
    }
    for (position, cell) in cells.enumerated() {
      let role = semanticRole(of: position, model, page)
      guard role == "columnheader" || role == "rowheader", isApplicable(cell.element, page) else { continue }
      if named.contains(position) { continue }
      if cell.isHeader && page.explicitRole(cell.element) == nil {
        if isAssigned(position, model, page) { continue }
      } else if headsAnotherCell(cell, role: role!, among: cells.map { ($0.row, $0.column, $0.rows, $0.columns) }) {
        continue
      }
      report.element(cell.element, "header cell is assigned to no cell")
    }
  }

  /// A cell's semantic role: its explicit role, else HTML-AAM's for `th` (column header, row
  /// header, or cell when HTML's table model makes it neither) and `td` (cell).
  private static func semanticRole(of position: Int, _ model: TableGrid.HeaderModel, _ page: AuditPage) -> String? {
    let cell = model.grid.cells[position]
    if page.explicitRole(cell.element) != nil { return page.role(cell.element) }
    guard cell.isHeader else { return "cell" }
    if model.isColumnHeader[position] || model.scopes[position] == "colgroup" { return "columnheader" }
    if model.isRowHeader[position] || model.scopes[position] == "rowgroup" { return "rowheader" }
    return "cell"
  }

  /// Whether some cell without a `headers` attribute gets header `position` from HTML's algorithm:
  /// the cells below it in its columns and after it in its rows, nearest first.
  private static func isAssigned(_ position: Int, _ model: TableGrid.HeaderModel, _ page: AuditPage) -> Bool {
    let header = model.grid.cells[position]
    let height = model.height
    var seen = Set<Int>()
    var looked = 0
    func tries(_ candidate: Int?) -> Bool {
      guard let candidate, seen.insert(candidate).inserted else { return false }
      looked += 1
      if page.has(model.grid.cells[candidate].element, "headers") { return false }
      return model.assignsImplicitly(position, to: candidate)
    }
    if model.scopes[position] == "rowgroup" || model.scopes[position] == "colgroup" {
      return model.grid.cells.indices.contains { tries($0) }
    }
    // Scanning up a column stops at column headers only, left along a row at row headers only.
    for row in header.row + header.rows..<max(height, header.row + header.rows) where model.isColumnHeader[position] {
      for column in header.column..<header.column + header.columns where tries(model.cell(row: row, column: column)) {
        return true
      }
      if looked > candidateLimit { return true }
    }
    for column in header.column + header.columns..<max(model.width, header.column + header.columns)
    where model.isRowHeader[position] {
      for row in header.row..<header.row + header.rows where tries(model.cell(row: row, column: column)) {
        return true
      }
      if looked > candidateLimit { return true }
    }
    return false
  }

  /// Whether a cell other than `cell` lies in the column a column header heads, or the row a row
  /// header heads (ARIA's meaning of the two roles).
  private static func headsAnotherCell(
    _ cell: TableGrid.Cell, role: String, among cells: [(row: Int, column: Int, rows: Int, columns: Int)]
  ) -> Bool {
    cells.contains { other in
      if other.row == cell.row && other.column == cell.column { return false }
      if role == "columnheader" {
        return other.column < cell.column + cell.columns && cell.column < other.column + other.columns
      }
      return other.row < cell.row + cell.rows && cell.row < other.row + other.rows
    }
  }

  /// An ARIA table: rows with the semantic role `row` whose closest table is this one, and their
  /// cells in order.
  private static func checkARIATable(_ table: Int, _ page: AuditPage, _ report: inout AuditReport) {
    var cells: [(element: Int, row: Int, column: Int, rows: Int, columns: Int)] = []
    var rowNumber = 0
    for row in page.descendants(of: table) where page.role(row) == "row" && closestTable(of: row, page) == table {
      var column = 0
      for cell in page.descendants(of: row) {
        guard let role = page.role(cell), cellRoles.contains(role),
          page.ancestors(of: cell).first(where: { page.role($0) == "row" }) == row
        else { continue }
        let index = page.keyword(cell, "aria-colindex").flatMap { Int($0) }.map { $0 - 1 } ?? column
        cells.append((cell, rowNumber, index, 1, 1))
        column = index + 1
      }
      rowNumber += 1
    }
    let positions = cells.map { ($0.row, $0.column, $0.rows, $0.columns) }
    for cell in cells {
      guard let role = page.role(cell.element), role == "columnheader" || role == "rowheader",
        isApplicable(cell.element, page)
      else { continue }
      let asCell = TableGrid.Cell(
        element: cell.element, row: cell.row, column: cell.column, rows: 1, columns: 1, isHeader: true)
      if !headsAnotherCell(asCell, role: role, among: positions) {
        report.element(cell.element, "header cell is assigned to no cell")
      }
    }
  }

  private static let cellRoles: Set<String> = ["cell", "gridcell", "columnheader", "rowheader"]

  /// The closest ancestor whose semantic role is `table` or `grid`.
  private static func closestTable(of index: Int, _ page: AuditPage) -> Int? {
    page.ancestors(of: index).first { page.role($0) == "table" || page.role($0) == "grid" }
  }

  /// The rule's other conditions: the header is included in the accessibility tree and visible
  /// (rendered, with text or an embedded thing to show), and so is its closest table.
  private static func isApplicable(_ index: Int, _ page: AuditPage) -> Bool {
    guard !page.excluded[index], let table = closestTable(of: index, page), !page.excluded[table] else { return false }
    return hasVisibleContent(index, page)
  }

  private static let embedded: Set<String> = [
    "img", "svg", "input", "button", "select", "textarea", "video", "canvas", "object", "embed", "iframe", "picture",
    "math", "meter", "progress",
  ]

  private static func hasVisibleContent(_ index: Int, _ page: AuditPage) -> Bool {
    var stack = [index]
    while let element = stack.popLast() {
      guard page.isRendered(element) else { continue }
      if element != index && embedded.contains(page.name(element)) { return true }
      for child in page.children(of: element) {
        switch child {
        case .text(let text): if !AuditPage.isWhiteSpace(text) { return true }
        case .element(let inner): stack.append(inner)
        }
      }
    }
    return false
  }
}
