/// ACT d0f69e: a table header cell is assigned to at least one cell.
public enum HeaderHasCells: AuditRule {
  public static let descriptor = AuditRuleDescriptor(
    name: "th-has-data-cells", act: ["d0f69e"], wcag: ["1.3.1"], severity: .error,
    summary: "Each header cell of a table heads at least one cell.",
    fix: "Remove the header cell, or add the cells it heads (or point at it with headers).")

  public static func check(_ page: AuditPage, _ report: inout AuditReport) {
    for table in page.elementIndices where page.name(table) == "table" && !page.excluded[table] {
      if let role = page.explicitRole(table), role != "table" && role != "grid" && role != "treegrid" { continue }
      let grid = TableGrid(table: table, page: page)
      var referenced = Set<String>()
      for cell in grid.cells {
        for id in page.attribute(cell.element, "headers")?.tokens ?? [] { referenced.insert(String(id)) }
      }
      for header in grid.cells where header.isHeader && !page.excluded[header.element] {
        if let role = page.explicitRole(header.element), role != "columnheader" && role != "rowheader" { continue }
        if let id = page.attribute(header.element, "id"), referenced.contains(id) { continue }
        let scope = page.keyword(header.element, "scope")
        let headsColumn = scope != "row" && scope != "rowgroup"
        let headsRow = scope != "col" && scope != "colgroup"
        // A cell with a headers attribute takes its headers from it alone (HTML's table model).
        let assigned = grid.cells.contains { cell in
          guard cell.element != header.element, !cell.isHeader,
            page.attribute(cell.element, "headers")?.tokens.isEmpty ?? true
          else { return false }
          let column = (header.column..<header.column + header.columns).contains { TableGrid.covers(cell, column: $0) }
          let row = (header.row..<header.row + header.rows).contains { TableGrid.covers(cell, row: $0) }
          return (headsColumn && column) || (headsRow && row)
        }
        if !assigned { report.element(header.element, "header cell heads no cell") }
      }
    }
  }
}
