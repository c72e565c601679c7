import DocumentParsing
import Foundation
import TestSupport
import Testing
import TextModel

@testable import Braille

/// Issue 55, row 10: a long passage is translated in windows whose cuts are checked, and the
/// braille is what one liblouis call over the whole passage gives; lines come in bounded pieces.
@Suite struct ChunkedTranslationTests {
  /// Windows far smaller than the standard ones, so that every text below is cut many times.
  static let small = DocumentBraille.Chunking(wholeBytes: 64, windowScalars: 96, context: 16, agreement: 8)
  static let whole = DocumentBraille.Chunking(wholeBytes: .max, windowScalars: 1 << 20, context: 128, agreement: 32)

  /// One long line of each kind that makes liblouis look around: contractions across letters,
  /// numbers (numeric mode), capital passages, words across a cut, marks, flags, other scripts.
  static let cases: [(name: String, text: String, table: String)] = [
    ("park brochure as one line", brochureLine(), "en-ueb-g2.ctb"),
    ("letters without a space", String(repeating: "a", count: 3000), "en-ueb-g2.ctb"),
    ("contractions without a space", String(repeating: "thereforeandthewithation", count: 150), "en-ueb-g2.ctb"),
    ("digits", String(repeating: "1234567890", count: 300), "en-ueb-g2.ctb"),
    ("capital passages", String(repeating: "THE BIG DOG RAN HOME. ", count: 150), "en-ueb-g2.ctb"),
    ("grade 1", brochureLine(), "en-ueb-g1.ctb"),
    ("combining marks", String(repeating: "cafe\u{301} ", count: 600), "en-ueb-g2.ctb"),
    ("flags", String(repeating: "\u{1F1EB}\u{1F1F7}\u{1F1E9}\u{1F1EA}", count: 300), "en-ueb-g2.ctb"),
    ("Arabic", String(repeating: "مرحبا بكم في الحديقة ", count: 150), "ar-ar-g1.utb"),
    ("Vietnamese", String(repeating: "Công viên mở cửa lúc chín giờ. ", count: 120), "vi-vn-g1.ctb"),
    ("Chinese", String(repeating: "公园九点开门。", count: 400), "zhcn-cbs.ctb"),
  ]

  static func brochureLine() -> String {
    let html = (try? String(contentsOfFile: CorpusFiles.directory + "/park-trip-brochure.html", encoding: .utf8)) ?? ""
    let document = try? DocumentReader().read(bytes: Array(html.utf8), format: .html)
    return (document?.text ?? "").split(whereSeparator: \.isNewline).joined(separator: " ")
  }

  static func braille(_ text: String, table: String, chunking: DocumentBraille.Chunking) throws -> [BrailleLine] {
    var braille = DocumentBraille(
      document: TextReader().read(bytes: Array(text.utf8)), table: try BrailleTable(named: table))
    braille.chunking = chunking
    return try braille.lines().lines
  }

  @Test(arguments: cases.indices)
  func windowsGiveTheBrailleOfOneCall(_ index: Int) throws {
    let (name, text, table) = Self.cases[index]
    #expect(text.utf8.count > 1000, "\(name)")
    let cut = try Self.braille(text, table: table, chunking: Self.small)
    let one = try Self.braille(text, table: table, chunking: Self.whole)
    #expect(cut.map(\.cells) == one.map(\.cells), "\(name)")
    #expect(cut.map(\.textOffsets) == one.map(\.textOffsets), "\(name)")
    #expect(cut.map(\.textRange) == one.map(\.textRange), "\(name)")
  }

  /// 034130b: liblouis drops an escape that does not fit its output and still reports the input
  /// as consumed: 100 flags (200 regional indicators, 9 cells each) gave 396 cells, no error.
  @Test func everyCharacterWithNoBrailleKeepsItsWholeEscape() throws {
    for count in [1, 7, 100, 3000] {
      let text = String(repeating: "\u{1F1EB}\u{1F1F7}", count: count)
      for chunking in [Self.whole, Self.small, .standard] {
        let line = try #require(try Self.braille(text, table: "en-ueb-g2.ctb", chunking: chunking).first)
        #expect(line.cells.count == 2 * count * 9, "\(count) flags")
        #expect(Set(line.textOffsets).count == 2 * count)
      }
    }
  }

  @Test func aCutIsNeverInsideACharacter() throws {
    // Each "e" with its accent is one Character; a cut between them would give the accent alone.
    let text = String(repeating: "e\u{301}", count: 4000)
    let document = TextReader().read(bytes: Array(text.utf8))
    let bytes = Array(document.text.utf8)
    try bytes.withUnsafeBufferPointer { buffer in
      var translation = ChunkedTranslation(
        text: document.text, bytes: buffer, range: TextRange(start: 0, end: bytes.count), table: "en-ueb-g2.ctb",
        sizes: Self.small)
      var cuts = 0
      while let (_, _, next) = try translation.next() {
        if next < bytes.count {
          cuts += 1
          #expect(bytes[next] == UInt8(ascii: "e"), "a cut at \(next) inside a Character")
        }
      }
      #expect(cuts > 10)
      #expect(translation.unsettledCuts == 0)
    }
  }

  @Test func aLongLineComesInBoundedPiecesThatFollowOneAnother() throws {
    let text = String(repeating: "a", count: 300_000) + "\nshort line\n"
    let braille = DocumentBraille(
      document: TextReader().read(bytes: Array(text.utf8)), table: try BrailleTable(named: "en-ueb-g2.ctb"))
    var pieces: [(BrailleLine, Bool)] = []
    _ = try braille.translate { pieces.append(($0, $1)) }
    let first = pieces.prefix { !$0.1 }
    #expect(first.count >= 3)
    let bound = DocumentBraille.pieceCells + DocumentBraille.Chunking.standard.windowScalars
    #expect(pieces.allSatisfy { $0.0.cells.count <= bound })
    var end = 0
    for (piece, endsLine) in pieces.prefix(first.count + 1) {
      #expect(piece.textRange.start == end)
      #expect(piece.textOffsets.allSatisfy { piece.textRange.start <= $0 && $0 < piece.textRange.end })
      end = piece.textRange.end
      if endsLine { break }
    }
    #expect(end == 300_000)
    #expect(pieces.last?.0.string == "⠩⠕⠗⠞⠀⠇⠔⠑")
  }

  @Test func wrappingAndPagesTakeALineInPieces() throws {
    let lines = try Self.braille(Self.brochureLine(), table: "en-ueb-g2.ctb", chunking: Self.whole)
    let layout = BrailleLayout(cells: 32, lines: 12)
    var rows: [[Unicode.Scalar]] = []
    var pages: [UInt8] = []
    var pager = BrailleLayout.BRFPager(layout: layout, table: "en-ueb-g2.ctb")
    for line in lines {
      var wrapper = BrailleLayout.LineWrapper(layout: layout, role: line.role)
      pager.startLine(line.role)
      for start in stride(from: 0, to: line.cells.count, by: 7) {
        let piece = line.cells[start..<min(start + 7, line.cells.count)]
        wrapper.append(piece) { rows.append($0) }
        try pager.append(piece) { pages += $0 }
      }
      wrapper.finish { rows.append($0) }
      try pager.endLine { pages += $0 }
    }
    try pager.finish { pages += $0 }
    #expect(rows == layout.wrap(lines))
    #expect(pages == (try layout.brf(lines, table: "en-ueb-g2.ctb")))
    #expect(rows.count > 20)
  }
}
