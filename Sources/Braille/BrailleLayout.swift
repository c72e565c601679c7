/// Lays braille lines out on lines of a fixed width and, for BRF, on pages, as BANA's Braille
/// Formats (2016) asks: paragraphs start in cell 3 with runovers in cell 1; list items start in
/// cell 1 (two cells further in per level of nesting) with runovers two cells in; a level-1 heading
/// is centred with a blank line before and after; level-2 headings start in cell 5, deeper ones in
/// cell 7, with a blank line before; a heading is never the last text on a page. The braille page
/// number stands at the right of the last line of every page (number sign and the digits as
/// letters a–j); lines end with CR LF and pages with a form feed.
public struct BrailleLayout: Sendable {
  /// Cells per line (40 for a standard embosser page).
  public var cells: Int
  /// Lines per page, the page-number line included (25); nil: no pages.
  public var lines: Int?

  public init(cells: Int = 40, lines: Int? = 25) {
    self.cells = cells
    self.lines = lines
  }

  static let blank: Unicode.Scalar = "\u{2800}"
  static let hyphen: Unicode.Scalar = "\u{2824}"  // dots 3-6

  /// The physical lines of `brailleLines`, wrapped and indented (no pages).
  public func wrap(_ brailleLines: [BrailleLine]) -> [[Unicode.Scalar]] {
    var out: [[Unicode.Scalar]] = []
    for line in brailleLines { out += wrapped(line).lines }
    return out
  }

  /// A BRF file (North American Braille ASCII) of `brailleLines` on pages. Throws when a cell has
  /// dot 7 or 8 (`table` names the table in the message).
  public func brf(_ brailleLines: [BrailleLine], table: String) throws(BrailleError) -> [UInt8] {
    let pageLines = max(2, lines ?? 25)
    let body = pageLines - 1
    var pages: [[[Unicode.Scalar]]] = [[]]
    func startPage() { if !pages[pages.count - 1].isEmpty { pages.append([]) } }
    for line in brailleLines {
      let (physical, heading) = wrapped(line)
      if physical.allSatisfy({ $0.allSatisfy { $0 == Self.blank } }) && line.cells.isEmpty { continue }
      if heading != nil {
        // A blank line before a heading (not at the top of a page); the heading and one line after it fit.
        if body - pages[pages.count - 1].count < physical.count + 2 { startPage() }
        if !pages[pages.count - 1].isEmpty { pages[pages.count - 1].append([]) }
      }
      for row in physical {
        if pages[pages.count - 1].count >= body { pages.append([]) }
        pages[pages.count - 1].append(row)
      }
      if heading == 1, pages[pages.count - 1].count < body { pages[pages.count - 1].append([]) }
    }
    var out: [UInt8] = []
    for (index, page) in pages.enumerated() {
      var rows = page
      while rows.count < body { rows.append([]) }
      let number = Self.pageNumber(index + 1)
      rows.append([Unicode.Scalar](repeating: Self.blank, count: max(0, cells - number.count)) + number)
      for row in rows {
        var trimmed = row[...]
        while trimmed.last == Self.blank { trimmed = trimmed.dropLast() }
        for cell in trimmed {
          guard let character = BrailleASCII.character(for: cell) else { throw .eightDotCells(table: table) }
          out.append(character)
        }
        out += [0x0D, 0x0A]
      }
      out.append(0x0C)
    }
    return out
  }

  /// Number sign and the digits as the letters a–j, in Unicode braille.
  static func pageNumber(_ number: Int) -> [Unicode.Scalar] {
    let letters: [UInt32] = [0x1A, 0x01, 0x03, 0x09, 0x19, 0x11, 0x0B, 0x1B, 0x13, 0x0A]  // j a b c d e f g h i
    var cells: [Unicode.Scalar] = [Unicode.Scalar(0x2800 + 0x3C)!]  // dots 3-4-5-6
    for digit in String(number).utf8 { cells.append(Unicode.Scalar(0x2800 + letters[Int(digit - 48)])!) }
    return cells
  }

  /// The first-line and runover indents (in cells) of a role, and the heading level if it is one.
  private func indents(_ role: BrailleLine.Role) -> (first: Int, runover: Int, heading: Int?) {
    switch role {
    case .paragraph: (2, 0, nil)
    case .heading(let level): level == 1 ? (0, 0, 1) : (level == 2 ? (4, 4, level) : (6, 6, level))
    case .listItem(let depth): (2 * depth, 2 * depth + 2, nil)
    }
  }

  /// One braille line wrapped at word boundaries (blank cells); a word longer than a line is
  /// split with a hyphen (dots 3-6) at the line's end.
  private func wrapped(_ line: BrailleLine) -> (lines: [[Unicode.Scalar]], heading: Int?) {
    let (first, runover, heading) = indents(line.role)
    let width = max(8, cells)
    let words = line.cells.split(separator: Self.blank, omittingEmptySubsequences: true)
    var rows: [[Unicode.Scalar]] = []
    var row: [Unicode.Scalar] = Array(repeating: Self.blank, count: min(first, width / 2))
    var rowHasWord = false
    func finish() {
      rows.append(row)
      row = Array(repeating: Self.blank, count: min(runover, width / 2))
      rowHasWord = false
    }
    for word in words {
      var rest = word[...]
      while !rest.isEmpty {
        let room = width - row.count - (rowHasWord ? 1 : 0)
        if rest.count <= room {
          if rowHasWord { row.append(Self.blank) }
          row += rest
          rowHasWord = true
          rest = []
        } else if rowHasWord && (rest.count <= width - min(runover, width / 2) || room < 3) {
          finish()
        } else {
          let take = room - 1
          if rowHasWord { row.append(Self.blank) }
          row += rest.prefix(take)
          row.append(Self.hyphen)
          rest = rest.dropFirst(take)
          finish()
        }
      }
    }
    if rowHasWord || rows.isEmpty { rows.append(row) }
    if heading == 1 {
      rows = rows.map { row in
        let text = Array(row.drop { $0 == Self.blank })
        return [Unicode.Scalar](repeating: Self.blank, count: max(0, (width - text.count) / 2)) + text
      }
    }
    return (rows, heading)
  }
}
