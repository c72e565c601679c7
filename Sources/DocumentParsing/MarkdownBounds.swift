/// Bounds what cmark-gfm is slow or deep in, before it sees the Markdown, by rewriting bytes in place
/// (the same length, so every offset and line:column cmark gives still points into the input):
/// - **Table width.** cmark-gfm's table extension costs time quadratic in the number of columns. A
///   delimiter row (`|---|:--:|`) of more than ``maximumTableColumns`` cells becomes blank, so there is
///   no table: its header and rows are read as text, pipes included, with a diagnostic.
/// - **Container depth.** Each `>` or list marker at the start of a line opens a container, a node
///   nested in the one before (a 1 MB run of `>` made a million nested nodes: 573 MB). Markers past
///   `maximumDepth` (`--max-depth`) on a line are read as text: the byte before the first of them
///   becomes a backslash (an escape for `>`, `-`, `+`, `*`), with a diagnostic.
///
/// - Complexity: O(n), one pass over the lines; a copy of the input only when something is bounded.
struct MarkdownBounds {
  /// The most columns a Markdown table may have (md4c allows 128; GitHub renders far fewer).
  static let maximumTableColumns = 1000

  /// The bytes cmark-gfm is given instead of the input, when something was bounded.
  var bytes: [UInt8]?
  /// What was bounded, each with its byte offset in the input (the slice's own indices).
  var notes: [(offset: Int, message: String)] = []

  /// Bounds `input` (a slice of the whole input) to `maximumDepth` containers on a line.
  init(_ input: ArraySlice<UInt8>, maximumDepth: Int) {
    var edits: [(at: Int, byte: UInt8)] = []
    var blanks: [Range<Int>] = []
    var deepLines = 0
    var firstDeep: Int?
    var wideTables = 0
    var firstWide: (offset: Int, columns: Int)?
    var start = input.startIndex
    while start < input.endIndex {
      var end = start
      while end < input.endIndex, input[end] != 0x0A, input[end] != 0x0D { end += 1 }
      // Container markers: `>` (one optional space after), `-`/`+`/`*` or 1–9 digits and `.`/`)`, then
      // a space or tab; spaces between them.
      var at = start
      var depth = 0
      while at < end {
        while at < end, input[at] == 0x20 || input[at] == 0x09 { at += 1 }
        guard at < end else { break }
        var next: Int?
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
          }
        }
        guard let after = next else { break }
        depth += 1
        if depth > maximumDepth, at > start {
          edits.append((at - 1, UInt8(ascii: "\\")))
          deepLines += 1
          if firstDeep == nil { firstDeep = at }
          at = end
          break
        }
        at = after
      }
      // A delimiter row: only `|`, `-`, `:`, spaces and tabs after the markers, with a pipe and a dash.
      if at < end, let columns = Self.delimiterCells(input[at..<end]), columns > Self.maximumTableColumns {
        blanks.append(at..<end)
        wideTables += 1
        if firstWide == nil { firstWide = (at, columns) }
      }
      start = end + 1
    }
    guard !edits.isEmpty || !blanks.isEmpty else { return }
    var copy = Array(input)
    let base = input.startIndex
    for edit in edits { copy[edit.at - base] = edit.byte }
    for blank in blanks {
      for index in blank { copy[index - base] = 0x20 }
    }
    bytes = copy
    if let firstDeep {
      notes.append(
        (
          firstDeep,
          "block quotes or lists nested deeper than \(maximumDepth) levels on \(deepLines) line(s): the markers past "
            + "the limit are read as text (limit: --max-depth)"
        ))
    }
    if let firstWide {
      notes.append(
        (
          firstWide.offset,
          "a table of \(firstWide.columns) columns, more than the limit of \(Self.maximumTableColumns), is read as "
            + "text without its delimiter row (\(wideTables) such table(s))"
        ))
    }
  }

  /// The number of cells of a table delimiter row, or nil when the line is not one.
  static func delimiterCells(_ line: ArraySlice<UInt8>) -> Int? {
    var cells = 0
    var inCell = false
    var pipes = 0
    for byte in line {
      switch byte {
      case UInt8(ascii: "-"):
        if !inCell { cells += 1 }
        inCell = true
      case UInt8(ascii: "|"):
        pipes += 1
        inCell = false
      case UInt8(ascii: ":"), 0x20, 0x09: continue
      default: return nil
      }
    }
    return pipes > 0 && cells > 0 ? cells : nil
  }
}
