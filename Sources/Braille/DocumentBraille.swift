import TextModel

/// One line of the reading view in braille: Unicode braille cells (U+2800 is the blank cell), the
/// block it belongs to, and for each cell the UTF-8 offset in the document text it came from (so
/// rotors and the source map work on braille too).
package struct BrailleLine: Hashable, Sendable {
  /// How the line is laid out on a page.
  package enum Role: Hashable, Sendable {
    case paragraph
    case heading(level: Int)
    /// A list item; `depth` 0 for a top-level list.
    case listItem(depth: Int)
  }

  package var role: Role
  package var cells: [Unicode.Scalar]
  /// For each cell, the UTF-8 offset of the document text it was translated from.
  package var textOffsets: [Int]
  /// The line of the document text.
  package var textRange: TextRange

  /// The cells as a string.
  package var string: String {
    var result = ""
    result.unicodeScalars.append(contentsOf: cells)
    return result
  }
}

/// Something the braille does not carry as the text has it, said on standard error by the CLI.
package struct BrailleWarning: Hashable, Sendable, CustomStringConvertible {
  package enum Kind: Hashable, Sendable {
    /// Text in `language`, which has no table, brailled with `table`.
    case noTable(language: String, table: String)
    /// `count` characters `table` has no braille for, written as liblouis's escape (`'\xhhhh'`).
    case undefinedCharacters(count: Int, table: String)
    /// `count` passages liblouis did not finish with `table` within its deadline (it loops on some
    /// text), written in computer braille (``BrailleASCII/computerBraille(_:)``) instead.
    case unfinished(count: Int, table: String)
  }

  package var kind: Kind
  /// Where the first such text starts (UTF-8 offset of the document text).
  package var offset: Int

  package var description: String {
    switch kind {
    case .noTable(let language, let table):
      "\(BrailleTable.noTableReason(for: language).prefix { $0 != ";" }); text in \"\(language)\" is brailled with \(table)"
    case .undefinedCharacters(let count, let table):
      "\(count) character\(count == 1 ? "" : "s") with no braille in \(table), written as liblouis's escape ('\\xhhhh'); the first is here"
    case .unfinished(let count, let table):
      "liblouis did not finish translating \(count == 1 ? "this passage" : "\(count) passages (the first is here)") with \(table) in time (it loops on some text); \(count == 1 ? "it is" : "they are") written in computer braille"
    }
  }
}

/// A document's reading view translated into braille, line by line, each passage with the table
/// of its language (declared, else the document's, else identified), or one table for all.
package struct DocumentBraille: Sendable {
  package let document: TextDocument
  /// One table for the whole document (`--table NAME`), or nil to choose by language.
  package let table: BrailleTable?
  /// The grade asked for; nil: each language's usual one (UEB grade 2 for English, grade 1 elsewhere).
  package let grade: BrailleGrade?

  /// How long passages are cut into windows for liblouis (see ``Chunking``).
  package var chunking = Chunking.standard
  /// How long liblouis may take over a request before the passage is written in computer braille.
  package var timeLimit = Louis.TimeLimit.standard

  package init(document: TextDocument, table: BrailleTable? = nil, grade: BrailleGrade? = nil) {
    self.document = document
    self.table = table
    self.grade = grade
  }

  /// Where a long passage is cut for liblouis: a passage of at most `wholeBytes` is one call; a
  /// longer one is translated in windows of `windowScalars` characters, each with `context`
  /// characters either side, and each cut is checked on `agreement` characters either side of it
  /// (up to `attempts` places). The standard sizes keep memory bounded and every ordinary line one
  /// call; tests and the fuzzer use small ones to cut often.
  package struct Chunking: Hashable, Sendable {
    package var wholeBytes: Int
    package var windowScalars: Int
    package var context: Int
    package var agreement: Int
    package var attempts: Int

    package init(wholeBytes: Int, windowScalars: Int, context: Int, agreement: Int, attempts: Int = 4) {
      self.wholeBytes = max(1, wholeBytes)
      self.context = max(1, context)
      self.windowScalars = max(8, windowScalars, 4 * self.context)  // room for a cut and its check
      self.agreement = max(1, min(agreement, context))
      self.attempts = max(1, attempts)
    }

    /// 32 KiB whole, windows of 16,384 characters, 128 of context, 32 checked.
    package static let standard = Chunking(wholeBytes: 1 << 15, windowScalars: 1 << 14, context: 128, agreement: 32)
  }

  /// The language used when nothing in the document says or shows one.
  package static let fallbackLanguage = "en"

  /// Every line of the reading view in braille, and the passages read with another language's
  /// table. Throws when the document's own language has no table (and none was chosen).
  ///
  /// Holds every line: for a large document, ``translate(_:)`` hands them on as they are made.
  package func lines() throws(BrailleError) -> (lines: [BrailleLine], warnings: [BrailleWarning]) {
    var lines: [BrailleLine] = []
    var continues = false
    do {
      let warnings = try translate { piece, endsLine in
        if continues {
          lines[lines.count - 1].cells += piece.cells
          lines[lines.count - 1].textOffsets += piece.textOffsets
          lines[lines.count - 1].textRange = TextRange(
            start: lines[lines.count - 1].textRange.start, end: piece.textRange.end)
        } else {
          lines.append(piece)
        }
        continues = !endsLine
      }
      return (lines, warnings)
    } catch let error as BrailleError {
      throw error
    } catch {
      throw .translation("\(error)")
    }
  }

  /// Cells a line piece holds before it is handed on (a line longer than this comes in pieces).
  static let pieceCells = 1 << 16

  /// Translates the reading view line by line and hands each line to `body` as it is made, in
  /// pieces of at most about ``pieceCells`` cells: `endsLine` is false for every piece of a line
  /// but its last (a line of ordinary length is one piece). The pieces of a line have the line's
  /// role, and text ranges that follow one another. Returns the passages read with another
  /// language's table and the characters no table had; throws what `body` throws, or
  /// ``BrailleError`` when the document's own language has no table (and none was chosen).
  ///
  /// - Complexity: O(n) time and O(``pieceCells``) memory beyond the document for n bytes of text:
  ///   a long passage is translated in windows (``ChunkedTranslation``).
  package func translate(_ body: (_ piece: BrailleLine, _ endsLine: Bool) throws -> Void) throws -> [BrailleWarning] {
    let main = document.language ?? LanguageSegments.dominant(in: document) ?? Self.fallbackLanguage
    let mainTable: BrailleTable
    if let table {
      mainTable = table
    } else if let found = BrailleTable.forLanguage(main, grade: grade) {
      mainTable = found
    } else {
      throw BrailleError.noTable(language: main)
    }
    var warnings: [BrailleWarning] = []
    var undefined: [String: (count: Int, first: Int)] = [:]
    var unfinished: [String: (count: Int, first: Int)] = [:]
    var roles = LineRoles(blocks: document.blocks)
    let text = document.text
    try text.utf8.withContiguousStorageIfAvailable { bytes in
      var planner = PassagePlanner(
        document: document, bytes: bytes, table: table, mainTable: mainTable, main: main, grade: grade, sizes: chunking,
        timeLimit: timeLimit)
      defer { warnings = planner.warnings + warnings }
      var start = 0
      var emittedAny = false
      while start <= bytes.count {
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        let range = TextRange(start: start, end: end)
        var line = BrailleLine(role: roles.role(at: start), cells: [], textOffsets: [], textRange: range)
        // Hands on what the line holds so far when it has grown past a piece.
        func flushIfLong(upTo offset: Int) throws {
          guard line.cells.count >= Self.pieceCells else { return }
          line.textRange = TextRange(start: line.textRange.start, end: offset)
          try body(line, false)
          line.cells.removeAll(keepingCapacity: true)
          line.textOffsets.removeAll(keepingCapacity: true)
          line.textRange = TextRange(start: offset, end: end)
        }
        for planned in planner.passages(of: range) {
          let piece = planner.settled(planned)
          let pieceTable = piece.table
          var translation = ChunkedTranslation(
            text: text, bytes: bytes, range: piece.range, table: pieceTable.name, sizes: chunking,
            prepared: piece.prepared, timeLimit: timeLimit)
          while let (cells, offsets, next) = try translation.next() {
            Self.appendFixingEscapes(
              cells, offsets, to: &line, undefined: &undefined[pieceTable.name, default: (0, 0)])
            try flushIfLong(upTo: next)
          }
          if let missed = translation.unfinished {
            if planned.prepared == nil { planner.noteUnfinished(missed.count) }
            let known = unfinished[pieceTable.name]
            unfinished[pieceTable.name] = ((known?.count ?? 0) + missed.count, known?.first ?? missed.first)
          }
        }
        if !(end == bytes.count && start == end && emittedAny) {
          try body(line, true)
          emittedAny = true
        }
        start = end + 1
      }
    }
    for (name, found) in undefined.sorted(by: { $0.value.first < $1.value.first }) where found.count > 0 {
      warnings.append(BrailleWarning(kind: .undefinedCharacters(count: found.count, table: name), offset: found.first))
    }
    for (name, missed) in unfinished.sorted(by: { $0.value.first < $1.value.first }) {
      warnings.append(BrailleWarning(kind: .unfinished(count: missed.count, table: name), offset: missed.first))
    }
    return warnings
  }

  /// Appends translated `cells` (each from the text at the UTF-8 offset in `offsets`) to `line`.
  /// A character the table has no braille for comes back from liblouis as its escape, `'\xhhhh'`,
  /// whose backslash some tables write with dot 7: those cells lose dots 7 and 8 (the 6-dot
  /// backslash, dots 1-2-5-6, is Braille ASCII's), so a 6-dot table's output stays 6-dot;
  /// `undefined` counts them.
  static func appendFixingEscapes(
    _ cells: [Unicode.Scalar], _ offsets: [Int], to line: inout BrailleLine, undefined: inout (count: Int, first: Int)
  ) {
    var cells = cells
    var start = 0
    while start < cells.count {
      var end = start + 1
      while end < cells.count, offsets[end] == offsets[start] { end += 1 }
      if end - start >= 6, cells[start..<end].contains(where: { $0.value > 0x283F && $0.value <= 0x28FF }) {
        for index in start..<end where cells[index].value > 0x283F && cells[index].value <= 0x28FF {
          cells[index] = Unicode.Scalar(0x2800 + (cells[index].value - 0x2800) & 0x3F)!
        }
        if undefined.count == 0 { undefined.first = offsets[start] }
        undefined.count += 1
      }
      start = end
    }
    line.cells.append(contentsOf: cells)
    line.textOffsets.append(contentsOf: offsets)
  }
}

/// The role of each line from the blocks that contain its start (blocks come in document order,
/// each before the blocks inside it); lines must be asked for in increasing order.
struct LineRoles {
  private let blocks: [Block]
  private var next = 0
  private var open: [Block] = []

  init(blocks: [Block]) { self.blocks = blocks }

  mutating func role(at offset: Int) -> BrailleLine.Role {
    open.removeAll { $0.range.end <= offset }
    // A block with no text (an empty heading) holds no line: it gives none its role.
    while next < blocks.count, blocks[next].range.start <= offset {
      if blocks[next].range.end > offset { open.append(blocks[next]) }
      next += 1
    }
    var lists = 0
    var role = BrailleLine.Role.paragraph
    for block in open {
      switch block.kind {
      case .list: lists += 1
      case .heading(let level): role = .heading(level: level)
      case .listItem: role = .listItem(depth: max(0, lists - 1))
      default: break
      }
    }
    return role
  }
}
