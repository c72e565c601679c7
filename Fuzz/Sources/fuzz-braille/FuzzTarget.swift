import Braille
import CLibFuzzer
import FuzzSupport
import TextModel

/// Braille translation and layout of a document read from any bytes, with a table picked by the
/// input's first byte among those `auto` chooses (English UEB grades 1 and 2, Arabic, Chinese,
/// Vietnamese, German from liblouis's metadata): no crash; every piece's cells map to offsets in
/// its text range, in order (a line's pieces follow one another, offsets never go back); the
/// same document cut into small windows (the second byte picks their size) gives the same cells
/// and offsets; the wrapped rows stay within the width and BRF pages are whole. liblouis runs in
/// its worker process with a deadline: an input it loops on ends, as computer braille.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let table = input.pick(tables)
  let tableName = table.name
  let window = 64 + Int(input.byte() % 72)
  let context = 16
  let width = 8 + Int(input.byte() % 40)
  guard let document = FuzzDocuments.document(&input) else { return 0 }
  let count = document.text.utf8.count

  var whole = DocumentBraille(document: document, table: table)
  whole.chunking = DocumentBraille.Chunking(wholeBytes: Int.max, windowScalars: 1 << 20, context: 128, agreement: 32)
  // liblouis takes well under a millisecond for 512 bytes; a loop is stopped after 250 ms.
  let limit = Louis.TimeLimit(base: .milliseconds(250), perCharacter: .microseconds(50))
  whole.timeLimit = limit
  var cut = DocumentBraille(document: document, table: table)
  cut.timeLimit = limit
  // Windows of 64 to 135 characters, with 16 of context and 8 checked either side of a cut (the
  // standard sizes are 16,384, 128 and 32; with 2 of context a cut moved a capital indicator).
  cut.chunking = DocumentBraille.Chunking(wholeBytes: window, windowScalars: window, context: context, agreement: 8)

  let expected: [BrailleLine]
  var unfinished = false
  do {
    let translated = try whole.lines()
    expected = translated.lines
    unfinished = translated.warnings.contains { if case .unfinished = $0.kind { true } else { false } }
  } catch {
    return 0  // liblouis refused the text: nothing to compare
  }
  var pieces: [(BrailleLine, Bool)] = []
  do {
    let warnings = try cut.translate { piece, endsLine in pieces.append((piece, endsLine)) }
    unfinished = unfinished || warnings.contains { if case .unfinished = $0.kind { true } else { false } }
  } catch {
    invariant(false, "the windowed translation failed where the whole one did not: \(error)")
  }
  var lineStart = -1
  var lastOffset = -1
  var lines: [BrailleLine] = []
  var continues = false
  for (piece, endsLine) in pieces {
    invariant(piece.cells.count == piece.textOffsets.count, "cells and offsets differ in number")
    invariant(piece.textRange.start >= 0 && piece.textRange.end <= count, "piece range \(piece.textRange) out of text")
    for offset in piece.textOffsets {
      invariant(piece.textRange.start <= offset && offset < max(piece.textRange.end, piece.textRange.start + 1),
                "offset \(offset) outside its piece \(piece.textRange)")
      invariant(offset >= lastOffset, "offsets go back: \(offset) after \(lastOffset)")
      lastOffset = offset
    }
    if continues {
      invariant(piece.textRange.start == lines[lines.count - 1].textRange.end, "pieces of a line do not follow")
      lines[lines.count - 1].cells += piece.cells
      lines[lines.count - 1].textOffsets += piece.textOffsets
      lines[lines.count - 1].textRange = TextRange(start: lines[lines.count - 1].textRange.start, end: piece.textRange.end)
    } else {
      invariant(piece.textRange.start > lineStart, "lines out of order")
      lineStart = piece.textRange.start
      lines.append(piece)
    }
    continues = !endsLine
  }
  invariant(lines.count == expected.count, "\(lines.count) lines cut into windows, \(expected.count) whole")
  // The windows promise one call's braille where liblouis looks no further than their context:
  // with words shorter than it (a run of one mark longer than the context is translated by what
  // ends the run, which a window may not see; docs/FUZZING.md).
  var run = 0
  var longest = 0
  for scalar in document.text.unicodeScalars {
    run = scalar == " " || scalar == "\n" ? 0 : run + 1
    longest = max(longest, run)
  }
  // A passage liblouis did not finish (it loops on `c ->a@` in German) is computer braille, whole
  // or in windows: only the windows around the loop are, so the two differ there.
  for (got, want) in zip(lines, expected) where longest < context && !unfinished {
    invariant(got.cells == want.cells && got.textOffsets == want.textOffsets,
              "windows of \(window) give other braille for \(want.textRange): \(got.string) vs \(want.string)")
  }

  let layout = BrailleLayout(cells: width, lines: 2 + Int(width % 23))
  for row in layout.wrap(expected) { invariant(row.count <= max(8, width), "a row of \(row.count) cells, wider than \(width)") }
  if let brf = try? layout.brf(expected, table: tableName) {
    invariant(brf.last == 0x0C, "BRF does not end with a form feed")
    invariant(brf.allSatisfy { $0 == 0x0D || $0 == 0x0A || $0 == 0x0C || (0x20...0x5F).contains($0) },
              "BRF outside Braille ASCII")
  }
  return 0
}

/// Checked and compiled once (each check lists liblouis's tables).
private let tables = ["en-ueb-g2.ctb", "en-ueb-g1.ctb", "ar-ar-g1.utb", "zhcn-cbs.ctb", "vi-vn-g1.ctb", "de-g2.ctb"].map {
  try! BrailleTable(named: $0)
}

/// The entry point SwiftPM links as `main` (see CLibFuzzer): libFuzzer's driver with the target above.
@_cdecl("fuzz_braille_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  var argc = argc
  var argv = argv
  return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzTestOneInput(data, size) }
}
