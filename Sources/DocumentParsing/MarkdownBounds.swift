/// Bounds what cmark-gfm is slow or deep in, before it sees the Markdown, by escaping markup bytes
/// with an inserted backslash; ``insertions`` lets cmark's positions be mapped back to the input:
/// - **Table width.** cmark-gfm splits a table row into a list of cells that it appends to one at a
///   time from its head (`cmark_llist_append`): time quadratic in the cells of a row (120 KB 1.5 s,
///   480 KB 21.7 s; a two-column table with one 120 KB row, 87 s). On a line of more than
///   ``maximumTableColumns`` + 1 unescaped pipes, those from the ``maximumTableColumns`` + 1st on are
///   escaped (`\|`), so a row has at most that many cells, the rest of its text stays in its last cell
///   (where cmark would have dropped excess cells), and a delimiter row that wide is no delimiter row:
///   the table is read as text.
/// - **Container depth.** Each `>` or list marker at the start of a line opens a container, a node
///   nested in the one before (a 1 MB run of `>` made a million nested nodes: 573 MB). The first
///   marker past `maximumDepth` (`--max-depth`) on a line is escaped, so it and the rest are text.
///
/// Both apply on every line, code blocks included (a fence is not tracked: a fence an attacker leaves
/// open inside a quote would switch the bound off); each is reported with a diagnostic.
/// - Complexity: O(n), one pass over the lines; a copy of the input only when something is bounded.
struct MarkdownBounds {
  /// The most cells a Markdown table row may have (md4c allows 128; GitHub renders far fewer).
  static let maximumTableColumns = 1000

  /// The bytes cmark-gfm is given instead of the input, when something was bounded.
  var bytes: [UInt8]?
  /// For each 0-based line that has inserted bytes, their offsets in the line as given to cmark.
  var insertions: [Int: [Int]] = [:]
  /// What was bounded, each with its byte offset in the input (the slice's own indices).
  var notes: [(offset: Int, message: String)] = []

  /// Bounds `input` (a slice of the whole input) to `maximumDepth` containers on a line and
  /// ``maximumTableColumns`` cells in a row.
  init(_ input: ArraySlice<UInt8>, maximumDepth: Int) {
    var scan = Scan()
    var line = 0
    var start = input.startIndex
    while start < input.endIndex {
      scan.lineStarts.append(start)
      var end = start
      while end < input.endIndex, input[end] != 0x0A, input[end] != 0x0D { end += 1 }
      if let marker = Self.markerPastDepth(input, start..<end, maximumDepth: maximumDepth) {
        scan.points.append(marker.escape)
        scan.pointLines.append(line)
        scan.deepLines += 1
        if scan.firstDeep == nil { scan.firstDeep = marker.at }
      }
      Self.escapePipesPastLimit(input, start..<end, line: line, into: &scan)
      start = end
      if start < input.endIndex {
        // CR LF is one line end, as cmark counts lines.
        start += input[start] == 0x0D && start + 1 < input.endIndex && input[start + 1] == 0x0A ? 2 : 1
      }
      line += 1
    }
    guard !scan.points.isEmpty else { return }
    insertBackslashes(input, scan)
    if let firstDeep = scan.firstDeep {
      notes.append(
        (
          firstDeep,
          "block quotes or lists nested deeper than \(maximumDepth) levels on \(scan.deepLines) line(s): the "
            + "markers past the limit are read as text (limit: --max-depth)"
        ))
    }
    if let firstWide = scan.firstWide {
      notes.append(
        (
          firstWide.offset,
          "a table row of \(firstWide.cells) cells, more than the limit of \(Self.maximumTableColumns) columns: "
            + "the pipes past it are read as text (\(scan.wideLines) such line(s))"
        ))
    }
  }

  /// What one pass over the lines found: where backslashes go, and what to report.
  private struct Scan {
    /// Input offsets a backslash goes before, in order, and the 0-based line of each.
    var points: [Int] = []
    var pointLines: [Int] = []
    /// The input offset of each line's start.
    var lineStarts: [Int] = []
    var deepLines = 0
    var firstDeep: Int?
    var wideLines = 0
    var firstWide: (offset: Int, cells: Int)?
  }

  /// The first container marker past `maximumDepth` on the line `input[line]`: where it starts,
  /// and where the backslash that makes it text goes. Markers: `>`, `-`/`+`/`*` or 1–9 digits
  /// and `.`/`)` followed by a space or tab.
  private static func markerPastDepth(_ input: ArraySlice<UInt8>, _ line: Range<Int>, maximumDepth: Int)
    -> (at: Int, escape: Int)?
  {
    let end = line.upperBound
    var at = line.lowerBound
    var depth = 0
    while at < end {
      while at < end, input[at] == 0x20 || input[at] == 0x09 { at += 1 }
      guard at < end else { break }
      var next: Int?
      var escape = at  // where the backslash goes to make this marker text
      let byte = input[at]
      if byte == UInt8(ascii: ">") {
        next = at + 1
      } else if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "*") {
        if at + 1 < end, input[at + 1] == 0x20 || input[at + 1] == 0x09 { next = at + 2 }
      } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
        var digit = at
        while digit < end, digit - at < 9, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(input[digit]) {
          digit += 1
        }
        if digit + 1 < end, input[digit] == UInt8(ascii: ".") || input[digit] == UInt8(ascii: ")"),
          input[digit + 1] == 0x20 || input[digit + 1] == 0x09
        {
          next = digit + 2
          escape = digit
        }
      }
      guard let after = next else { break }
      depth += 1
      if depth > maximumDepth { return (at, escape) }
      at = after
    }
    return nil
  }

  /// On a line of more than limit + 1 pipes, those from the limit + 1st on are escaped, so the text
  /// after them stays in the last cell (a pipe after an odd run of backslashes is escaped already).
  private static func escapePipesPastLimit(
    _ input: ArraySlice<UInt8>, _ range: Range<Int>, line: Int, into scan: inout Scan
  ) {
    var firstEscaped: Int?
    var pipes = 0
    for pass in 0..<2 {
      guard pass == 0 || pipes > Self.maximumTableColumns + 1 else { break }
      let total = pipes
      pipes = 0
      var backslashes = 0
      for index in range {
        let byte = input[index]
        if byte == UInt8(ascii: "|") && backslashes % 2 == 0 {
          pipes += 1
          if pass == 1, pipes > Self.maximumTableColumns {
            if firstEscaped == nil { firstEscaped = index }
            scan.points.append(index)
            scan.pointLines.append(line)
          }
        }
        backslashes = byte == UInt8(ascii: "\\") ? backslashes + 1 : 0
      }
      if pass == 1 { pipes = total }
    }
    if let firstEscaped {
      scan.wideLines += 1
      if scan.firstWide == nil { scan.firstWide = (firstEscaped, pipes - 1) }
    }
  }

  /// The copy cmark-gfm reads: `input` with a backslash before each point, and ``insertions``.
  private mutating func insertBackslashes(_ input: ArraySlice<UInt8>, _ scan: Scan) {
    // Points are in input order: a line's container markers come before its pipes.
    var copy: [UInt8] = []
    copy.reserveCapacity(input.count + scan.points.count)
    var copied = input.startIndex
    var currentLine = -1
    var before = 0  // backslashes already inserted in the current line
    for (point, pointLine) in zip(scan.points, scan.pointLines) {
      copy.append(contentsOf: input[copied..<point])
      copied = point
      if pointLine != currentLine {
        currentLine = pointLine
        before = 0
      }
      insertions[pointLine, default: []].append(point - scan.lineStarts[pointLine] + before)
      before += 1
      copy.append(UInt8(ascii: "\\"))
    }
    copy.append(contentsOf: input[copied...])
    bytes = copy
  }
}
