/// Lays braille lines out on lines of a fixed width and, for BRF, on pages, as BANA's Braille
/// Formats (2016) asks: paragraphs start in cell 3 with runovers in cell 1; list items start in
/// cell 1 (two cells further in per level of nesting) with runovers two cells in; a level-1 heading
/// is centred with a blank line before and after; level-2 headings start in cell 5, deeper ones in
/// cell 7, with a blank line before; a heading is never the last text on a page. The braille page
/// number stands at the right of the last line of every page (number sign and the digits as
/// letters a–j); lines end with CR LF and pages with a form feed.
package struct BrailleLayout: Sendable {
  /// Cells per line (40 for a standard embosser page).
  package var cells: Int
  /// Lines per page, the page-number line included (25); nil: no pages.
  package var lines: Int?

  package init(cells: Int = 40, lines: Int? = 25) {
    self.cells = cells
    self.lines = lines
  }

  static let blank: Unicode.Scalar = "\u{2800}"
  static let hyphen: Unicode.Scalar = "\u{2824}"  // dots 3-6

  /// The physical lines of `brailleLines`, wrapped and indented (no pages).
  package func wrap(_ brailleLines: [BrailleLine]) -> [[Unicode.Scalar]] {
    var out: [[Unicode.Scalar]] = []
    for line in brailleLines {
      var wrapper = LineWrapper(layout: self, role: line.role)
      wrapper.append(line.cells) { out.append($0) }
      wrapper.finish { out.append($0) }
    }
    return out
  }

  /// A BRF file (North American Braille ASCII) of `brailleLines` on pages. Throws when a cell has
  /// dot 7 or 8 (`table` names the table in the message).
  package func brf(_ brailleLines: [BrailleLine], table: String) throws(BrailleError) -> [UInt8] {
    var out: [UInt8] = []
    var pager = BRFPager(layout: self, table: table)
    do {
      for line in brailleLines {
        pager.startLine(line.role)
        try pager.append(line.cells) { out += $0 }
        try pager.endLine { out += $0 }
      }
      try pager.finish { out += $0 }
    } catch let error as BrailleError {
      throw error
    } catch {
      fatalError("appending to an array does not throw")
    }
    return out
  }

  /// The first-line and runover indents (in cells) of a role, and the heading level if it is one.
  fileprivate func indents(_ role: BrailleLine.Role) -> (first: Int, runover: Int, heading: Int?) {
    switch role {
    case .paragraph: (2, 0, nil)
    case .heading(let level): level == 1 ? (0, 0, 1) : (level == 2 ? (4, 4, level) : (6, 6, level))
    case .listItem(let depth): (2 * depth, 2 * depth + 2, nil)
    }
  }

  /// Number sign and the digits as the letters a–j, in Unicode braille.
  static func pageNumber(_ number: Int) -> [Unicode.Scalar] {
    let letters: [UInt32] = [0x1A, 0x01, 0x03, 0x09, 0x19, 0x11, 0x0B, 0x1B, 0x13, 0x0A]  // j a b c d e f g h i
    var cells: [Unicode.Scalar] = [Unicode.Scalar(0x2800 + 0x3C)!]  // dots 3-4-5-6
    for digit in String(number).utf8 { cells.append(Unicode.Scalar(0x2800 + letters[Int(digit - 48)])!) }
    return cells
  }

}

extension BrailleLayout {
  /// One braille line wrapped at word boundaries (blank cells) into rows of the layout's width, as
  /// its cells come, a piece at a time; a word longer than a row is split with a hyphen (dots 3-6)
  /// at the row's end. Holds at most a row and a row's width of a word.
  package struct LineWrapper {
    private let width: Int
    private let runover: Int
    /// The heading level of the line, if it is a heading.
    package let heading: Int?
    private var row: [Unicode.Scalar]
    private var rowHasWord = false
    private var word: [Unicode.Scalar] = []
    private var emittedRow = false

    package init(layout: BrailleLayout, role: BrailleLine.Role) {
      let (first, runover, heading) = layout.indents(role)
      width = max(8, layout.cells)
      self.runover = min(runover, width / 2)
      self.heading = heading
      row = Array(repeating: BrailleLayout.blank, count: min(first, width / 2))
    }

    /// Takes the next cells of the line, handing each finished row to `emit`.
    package mutating func append(
      _ cells: some Sequence<Unicode.Scalar>, _ emit: ([Unicode.Scalar]) throws -> Void
    ) rethrows {
      for cell in cells {
        if cell == BrailleLayout.blank {
          if !word.isEmpty { try place(final: true, emit) }
        } else {
          word.append(cell)
          if word.count > width { try place(final: false, emit) }
        }
      }
    }

    /// Ends the line: its last row to `emit` (a line with no word is one row of its indent).
    package mutating func finish(_ emit: ([Unicode.Scalar]) throws -> Void) rethrows {
      if !word.isEmpty { try place(final: true, emit) }
      if rowHasWord || !emittedRow { try emitRow(emit) }
    }

    /// Places the word (all of it when `final`; else while what is left is longer than a row,
    /// where every choice is the one the whole word would get).
    private mutating func place(final: Bool, _ emit: ([Unicode.Scalar]) throws -> Void) rethrows {
      var rest = word[...]
      while !rest.isEmpty && (final || rest.count > width) {
        let room = width - row.count - (rowHasWord ? 1 : 0)
        if rest.count <= room {
          if rowHasWord { row.append(BrailleLayout.blank) }
          row += rest
          rowHasWord = true
          rest = []
        } else if rowHasWord && (rest.count <= width - runover || room < 3) {
          try emitRow(emit)
        } else {
          let take = room - 1
          if rowHasWord { row.append(BrailleLayout.blank) }
          row += rest.prefix(take)
          row.append(BrailleLayout.hyphen)
          rest = rest.dropFirst(take)
          try emitRow(emit)
        }
      }
      word = Array(rest)
    }

    private mutating func emitRow(_ emit: ([Unicode.Scalar]) throws -> Void) rethrows {
      var finished = row
      if heading == 1 {
        let text = Array(row.drop { $0 == BrailleLayout.blank })
        finished = [Unicode.Scalar](repeating: BrailleLayout.blank, count: max(0, (width - text.count) / 2)) + text
      }
      row = Array(repeating: BrailleLayout.blank, count: runover)
      rowHasWord = false
      emittedRow = true
      try emit(finished)
    }
  }

  /// BRF pages made as the lines come, a piece at a time: each finished page (CR LF line ends, a
  /// form feed) is handed on. Holds one page, and a heading's rows until it is known where the
  /// heading goes (at most a page of them).
  package struct BRFPager {
    private let layout: BrailleLayout
    private let table: String
    /// Lines of a page's text (the page-number line is one more).
    private let body: Int
    private var page: [[Unicode.Scalar]] = []
    private var pageNumber = 1
    private var wrapper: LineWrapper?
    private var lineHasCells = false
    /// A heading's rows before its place is decided; nil once decided or for other lines.
    private var held: [[Unicode.Scalar]]?

    package init(layout: BrailleLayout, table: String) {
      self.layout = layout
      self.table = table
      body = max(2, layout.lines ?? 25) - 1
    }

    /// Starts a braille line of `role`.
    package mutating func startLine(_ role: BrailleLine.Role) {
      wrapper = LineWrapper(layout: layout, role: role)
      lineHasCells = false
      held = wrapper?.heading != nil ? [] : nil
    }

    /// The next cells of the line; finished pages go to `write`.
    package mutating func append(_ cells: some Collection<Unicode.Scalar>, _ write: ([UInt8]) throws -> Void) throws {
      guard var current = wrapper else { return }
      if !cells.isEmpty { lineHasCells = true }
      try current.append(cells) { try place($0, write) }
      wrapper = current
    }

    /// Ends the line (a line with no cells leaves no row).
    package mutating func endLine(_ write: ([UInt8]) throws -> Void) throws {
      guard var current = wrapper else { return }
      try current.finish { try place($0, write) }
      wrapper = nil
      guard lineHasCells else {
        held = nil
        return
      }
      if held != nil { try decideHeading(write) }
      if current.heading == 1, page.count < body { page.append([]) }
    }

    /// Writes the last page.
    package mutating func finish(_ write: ([UInt8]) throws -> Void) throws {
      try writePage(write)
    }

    private mutating func place(_ row: [Unicode.Scalar], _ write: ([UInt8]) throws -> Void) throws {
      guard lineHasCells else { return }  // a line with no cells leaves no row (its indent only)
      if held != nil {
        held!.append(row)
        // A heading of a page's rows or more starts a page whatever its length.
        if held!.count >= body - 1 { try decideHeading(write) }
        return
      }
      if page.count >= body { try writePage(write) }
      page.append(row)
    }

    /// A blank line before a heading (not at the top of a page); the heading and one line after it
    /// fit on the page, else it starts the next.
    private mutating func decideHeading(_ write: ([UInt8]) throws -> Void) throws {
      guard let rows = held else { return }
      held = nil
      if body - page.count < rows.count + 2, !page.isEmpty { try writePage(write) }
      if !page.isEmpty { page.append([]) }
      for row in rows { try place(row, write) }
    }

    private mutating func writePage(_ write: ([UInt8]) throws -> Void) throws {
      var rows = page
      while rows.count < body { rows.append([]) }
      let number = BrailleLayout.pageNumber(pageNumber)
      rows.append([Unicode.Scalar](repeating: BrailleLayout.blank, count: max(0, layout.cells - number.count)) + number)
      var out: [UInt8] = []
      for row in rows {
        var trimmed = row[...]
        while trimmed.last == BrailleLayout.blank { trimmed = trimmed.dropLast() }
        for cell in trimmed {
          guard let character = BrailleASCII.character(for: cell) else {
            throw BrailleError.eightDotCells(table: table)
          }
          out.append(character)
        }
        out += [0x0D, 0x0A]
      }
      out.append(0x0C)
      page = []
      pageNumber += 1
      try write(out)
    }
  }
}
