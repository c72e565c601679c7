import TextModel

/// One line of the reading view in braille: Unicode braille cells (U+2800 is the blank cell), the
/// block it belongs to, and for each cell the UTF-8 offset in the document text it came from (so
/// rotors and the source map work on braille too).
public struct BrailleLine: Hashable, Sendable {
  /// How the line is laid out on a page.
  public enum Role: Hashable, Sendable {
    case paragraph
    case heading(level: Int)
    /// A list item; `depth` 0 for a top-level list.
    case listItem(depth: Int)
  }

  public var role: Role
  public var cells: [Unicode.Scalar]
  /// For each cell, the UTF-8 offset of the document text it was translated from.
  public var textOffsets: [Int]
  /// The line of the document text.
  public var textRange: TextRange

  /// The cells as a string.
  public var string: String {
    var result = ""
    result.unicodeScalars.append(contentsOf: cells)
    return result
  }
}

/// Something the braille does not carry as the text has it, said on standard error by the CLI.
public struct BrailleWarning: Hashable, Sendable, CustomStringConvertible {
  public enum Kind: Hashable, Sendable {
    /// Text in `language`, which has no table, brailled with `table`.
    case noTable(language: String, table: String)
    /// `count` characters `table` has no braille for, written as liblouis's escape (`'\xhhhh'`).
    case undefinedCharacters(count: Int, table: String)
  }

  public var kind: Kind
  /// Where the first such text starts (UTF-8 offset of the document text).
  public var offset: Int

  public var description: String {
    switch kind {
    case .noTable(let language, let table):
      "\(BrailleTable.noTableReason(for: language).prefix { $0 != ";" }); text in \"\(language)\" is brailled with \(table)"
    case .undefinedCharacters(let count, let table):
      "\(count) character\(count == 1 ? "" : "s") with no braille in \(table), written as liblouis's escape ('\\xhhhh'); the first is here"
    }
  }
}

/// A document's reading view translated into braille, line by line, each passage with the table
/// of its language (declared, else the document's, else identified), or one table for all.
public struct DocumentBraille: Sendable {
  public let document: TextDocument
  /// One table for the whole document (`--table NAME`), or nil to choose by language.
  public let table: BrailleTable?
  /// The grade asked for; nil: each language's usual one (UEB grade 2 for English, grade 1 elsewhere).
  public let grade: BrailleGrade?

  public init(document: TextDocument, table: BrailleTable? = nil, grade: BrailleGrade? = nil) {
    self.document = document
    self.table = table
    self.grade = grade
  }

  /// The language used when nothing in the document says or shows one.
  public static let fallbackLanguage = "en"

  /// Every line of the reading view in braille, and the passages read with another language's
  /// table. Throws when the document's own language has no table (and none was chosen).
  public func lines() throws(BrailleError) -> (lines: [BrailleLine], warnings: [BrailleWarning]) {
    let main = document.language ?? LanguageSegments.dominant(in: document) ?? Self.fallbackLanguage
    let mainTable: BrailleTable
    if let table {
      mainTable = table
    } else if let found = BrailleTable.forLanguage(main, grade: grade) {
      mainTable = found
    } else {
      throw .noTable(language: main)
    }
    var tables: [String: BrailleTable] = [:]
    var warned: Set<String> = []
    var warnings: [BrailleWarning] = []
    var undefined: [String: (count: Int, first: Int)] = [:]
    var segments = table == nil ? LanguageSegments(document: document) : nil
    var roles = LineRoles(blocks: document.blocks)
    var lines: [BrailleLine] = []
    let bytes = Array(document.text.utf8)
    var start = 0
    while start <= bytes.count {
      var end = start
      while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
      let range = TextRange(start: start, end: end)
      var line = BrailleLine(role: roles.role(at: start), cells: [], textOffsets: [], textRange: range)
      for piece in segments?.pieces(of: range) ?? [(range, main)] {
        let pieceTable: BrailleTable
        if table != nil {
          pieceTable = mainTable
        } else if let known = tables[piece.language] {
          pieceTable = known
        } else {
          let found = BrailleTable.forLanguage(piece.language, grade: grade)
          if found == nil, warned.insert(piece.language).inserted {
            warnings.append(
              BrailleWarning(kind: .noTable(language: piece.language, table: mainTable.name), offset: piece.range.start)
            )
          }
          pieceTable = found ?? mainTable
          tables[piece.language] = pieceTable
        }
        try translate(
          bytes, piece.range, with: pieceTable, into: &line, undefined: &undefined[pieceTable.name, default: (0, 0)])
      }
      if !(end == bytes.count && start == end && !lines.isEmpty) { lines.append(line) }
      start = end + 1
    }
    for (name, found) in undefined.sorted(by: { $0.value.first < $1.value.first }) where found.count > 0 {
      warnings.append(BrailleWarning(kind: .undefinedCharacters(count: found.count, table: name), offset: found.first))
    }
    return (lines, warnings)
  }

  /// Appends the braille of `bytes[range]` (whole scalars) to `line`; default-ignorable
  /// characters are left out. A character the table has no
  /// braille for comes back from liblouis as its escape, `'\xhhhh'`, whose backslash some tables
  /// write with dot 7: those cells lose dots 7 and 8 (the 6-dot backslash, dots 1-2-5-6, is
  /// Braille ASCII's), so a 6-dot table's output stays 6-dot; `undefined` counts them.
  private func translate(
    _ bytes: [UInt8], _ range: TextRange, with table: BrailleTable, into line: inout BrailleLine,
    undefined: inout (count: Int, first: Int)
  ) throws(BrailleError) {
    guard range.length > 0 else { return }
    var scalars: [Unicode.Scalar] = []
    var offsets: [Int] = []
    let text = String(decoding: bytes[range.start..<range.end], as: UTF8.self)
    var offset = range.start
    for scalar in text.unicodeScalars {
      // Invisible formatting (bidi marks and isolates, joiners, soft hyphens) has no braille: a
      // table would write each as an escape.
      if !scalar.properties.isDefaultIgnorableCodePoint {
        scalars.append(scalar)
        offsets.append(offset)
      }
      offset += UTF8.width(scalar)
    }
    guard !scalars.isEmpty else { return }
    var result: Louis.Result
    do {
      result = try Louis.translate(scalars, table: table.name, mode: .unicodeCells)
    } catch {
      throw .translation(error.description)
    }
    var start = 0
    while start < result.output.count {
      var end = start + 1
      while end < result.output.count, result.inputIndex[end] == result.inputIndex[start] { end += 1 }
      if end - start >= 6, result.output[start..<end].contains(where: { $0.value > 0x283F && $0.value <= 0x28FF }) {
        for index in start..<end where result.output[index].value > 0x283F && result.output[index].value <= 0x28FF {
          result.output[index] = Unicode.Scalar(0x2800 + (result.output[index].value - 0x2800) & 0x3F)!
        }
        if undefined.count == 0 {
          undefined.first = offsets[min(max(0, Int(result.inputIndex[start])), offsets.count - 1)]
        }
        undefined.count += 1
      }
      start = end
    }
    line.cells.append(contentsOf: result.output)
    for index in result.inputIndex {
      let clamped = min(max(0, Int(index)), offsets.count - 1)
      line.textOffsets.append(offsets[clamped])
    }
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
    open.removeAll { $0.range.end <= offset && !($0.range.isEmpty && $0.range.start == offset) }
    while next < blocks.count, blocks[next].range.start <= offset {
      if blocks[next].range.end > offset || blocks[next].range.start == offset { open.append(blocks[next]) }
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
