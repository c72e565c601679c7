/// ACT a25f45: the ids in a cell's `headers` attribute name other cells of the same table.
package enum HeadersAttribute: AuditRule {
  package static let descriptor = AuditRuleDescriptor(
    name: "td-headers-attr", act: ["a25f45"], wcag: ["1.3.1"], severity: .error,
    summary: "A cell's headers attribute names header cells of its own table.",
    fix: "Make each id in headers the id of another cell in the same table.")

  package static func check(_ page: AuditPage, _ report: inout AuditReport) {
    for table in page.elementIndices where page.name(table) == "table" && !page.excluded[table] {
      if let role = page.explicitRole(table), role != "table" && role != "grid" && role != "treegrid" { continue }
      let grid = TableGrid(table: table, page: page)
      let cellsByID = Dictionary(
        grid.cells.compactMap { cell in page.attribute(cell.element, "id").map { ($0, cell.element) } },
        uniquingKeysWith: { first, _ in first })
      for cell in grid.cells {
        guard let headers = page.attribute(cell.element, "headers"), !headers.tokens.isEmpty else { continue }
        for id in headers.tokens {
          guard let target = cellsByID[String(id)], target != cell.element else {
            report.element(cell.element, "headers names \"\(id)\", which is not another cell of this table")
            break
          }
        }
      }
    }
  }
}
