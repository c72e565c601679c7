package import Detection
package import TextModel

/// A linear, line-by-line view of a document that makes its structure audible in plain text:
/// headings, list items, table cells, quotes, landmarks, alerts, images and links are recognizable
/// from words at the start of lines, so a screen reader (or `grep`) finds them.
///
/// ```
/// Heading 1: Redwood Creek Park
/// Landmark navigation "Site" begins
/// • Trails
/// Alert (warning): East Meadow picnic area closed for maintenance.
/// ```
package struct ReadingView: Sendable {
  /// The document to show.
  package let document: TextDocument
  /// Alerts found by detection (cue lines), marked like the document's own alert runs.
  package let detectedAlerts: [Detection]

  /// A view of `document`; `alerts` adds alerts the detection stage found (lines that open with a cue
  /// word), so the view marks alerts the same way in every input format.
  package init(_ document: TextDocument, alerts: [Detection] = []) {
    self.document = document
    self.detectedAlerts = alerts.filter { $0.kind == .alert && $0.source == .text }
  }

  /// The view as lines (no trailing newlines).
  package func lines() -> [String] {
    var lines: [String] = []
    forEachLine { lines.append($0) }
    return lines
  }

  /// Writes the view, byte for byte what `textrotor parse` prints (each line ends with a line
  /// feed), handing the bytes to `write` in pieces of about 64 KiB, in order: the one entry point
  /// the CLI and the facade (`Document.writeReadingView`) share.
  package func write(to write: ([UInt8]) -> Void) {
    var chunks = OutputChunks()
    forEachLine { chunks.line($0, write) }
    chunks.flush(write)
  }

  /// How the head of the view names each metadata property.
  static let metadataLabels = [
    "author": "Author", "language": "Language", "accessMode": "Access mode",
    "accessibilitySummary": "Accessibility summary",
  ]

  /// Calls `body` with each line of the view, in order, without building the whole view.
  /// - Complexity: O(n + b + r) for n bytes, b blocks and r runs (runs are visited once, in order).
  package func forEachLine(_ body: (String) -> Void) {
    withoutActuallyEscaping(body) { body in
      let output = LineSink(body: body)
      if let title = document.title { output.append("Title: \(title)") }
      // A container's metadata (an EPUB's authors, language, accessibility metadata); its title is above.
      for item in document.metadata where item.name != "title" {
        output.append("\(Self.metadataLabels[item.name] ?? item.name): \(item.value)")
      }
      var textCopy = document.text
      textCopy.withUTF8 { utf8 in
        var walk = LineWalk(self, output: output)
        walk.walk(utf8)
      }
    }
  }

  /// The line or lines of a block with no text that a screen reader announces anyway: "Heading 3"
  /// (NVDA: "heading level 3"), a landmark's begin and end lines.
  fileprivate static func sayEmpty(_ block: Block, _ output: LineSink) {
    switch block.kind {
    case .heading(let level): output.append("Heading \(level)")
    case .landmark(let kind):
      output.append("Landmark \(kind.rawValue)\(block.label.map { " \"\($0)\"" } ?? "") begins")
      output.append("Landmark \(kind.rawValue) ends")
    default: break
    }
  }

  /// The words before a header cell's text: what it heads, by HTML's table model.
  static func headerPrefix(_ kind: TableHeaderKind) -> String {
    switch kind {
    case .column: "Column header: "
    case .row: "Row header: "
    case .columnGroup: "Column group header: "
    case .rowGroup: "Row group header: "
    case .unscoped: "Header: "
    }
  }

  /// Appends link targets and marks images inside one line.
  /// - Complexity: O(line length + k log k) for k runs: one pass that copies the line between
  ///   insertion points (inserting into the middle once per run was quadratic in the runs).
  fileprivate static func annotateInline(_ line: String, runs: [AttributeRun], start: Int, end: Int) -> String {
    // (offset in the line, whether it closes a link, text): at one offset a link's end comes before
    // an image's start, so "see (link a)Image: logo" keeps each annotation beside its own run.
    var insertions: [(offset: Int, order: Int, text: String)] = []
    for run in runs {
      switch run.attribute {
      case .link(let target, _) where run.range.isEmpty:
        // A link with no text stands where it is, set off by spaces: "Feeds (link rss.xml) here".
        let offset = min(run.range.start, end) - start
        let before = offset > 0 && line.utf8[line.utf8.index(line.utf8.startIndex, offsetBy: offset - 1)] != 0x20
        let after = offset < end - start && line.utf8[line.utf8.index(line.utf8.startIndex, offsetBy: offset)] != 0x20
        let link = target.isEmpty ? "(link)" : "(link \(target))"
        insertions.append((offset, 0, (before ? " " : "") + link + (after ? " " : "")))
      case .link(let target, _): insertions.append((min(run.range.end, end) - start, 0, " (link \(target))"))
      case .image: insertions.append((run.range.start - start, 1, "Image: "))
      default: break
      }
    }
    guard !insertions.isEmpty else { return line }
    insertions.sort { ($0.offset, $0.order) < ($1.offset, $1.order) }
    let bytes = Array(line.utf8)
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count + insertions.reduce(0) { $0 + $1.text.utf8.count })
    var copied = 0
    for insertion in insertions {
      let at = min(max(insertion.offset, copied), bytes.count)
      result.append(contentsOf: bytes[copied..<at])
      result.append(contentsOf: insertion.text.utf8)
      copied = at
    }
    result.append(contentsOf: bytes[copied...])
    return String(decoding: result, as: UTF8.self)
  }
}

/// Collects view lines for a caller's closure (keeps `output.append` readable above).
private struct LineSink {
  let body: (String) -> Void
  func append(_ line: String) { body(line) }
}

/// One walk over the lines of a `ReadingView`: the blocks open at the current line (and the
/// counters of the lists among them), and where the walk is in the blocks, the alert runs and the
/// link and image runs, each visited once, in order.
private struct LineWalk {
  let document: TextDocument
  let output: LineSink
  /// The document's alert runs and the detected alerts, by start.
  let alerts: [AttributeRun]
  /// The link and image runs.
  let inline: [AttributeRun]
  /// What each header cell heads (HTML's table model), by where its block starts.
  let headerKinds: [Int: TableHeaderKind]
  var blockIndex = 0
  var open: [Block] = []
  var listCounters: [Int] = []
  var alertIndex = 0
  var inlineIndex = 0

  init(_ view: ReadingView, output: LineSink) {
    document = view.document
    self.output = output
    alerts =
      (document.runs.filter { if case .alert = $0.attribute { return true } else { return false } }
      + view.detectedAlerts.map {
        AttributeRun(range: $0.range, attribute: .alert(severity: $0.severity ?? .warning, kind: "cue"))
      })
      .sorted { $0.range.start < $1.range.start }
    inline = document.runs.filter {
      switch $0.attribute {
      case .link, .image: return true
      default: return false
      }
    }
    var headerKinds: [Int: TableHeaderKind] = [:]
    for table in document.tables {
      for cell in table.cells {
        if let kind = cell.header, cell.blockIndex != nil { headerKinds[cell.range.start] = kind }
      }
    }
    self.headerKinds = headerKinds
  }

  /// Says every line of `utf8` (the document's text), with the blocks that open and close around it.
  mutating func walk(_ utf8: UnsafeBufferPointer<UInt8>) {
    var lineStart = 0
    while lineStart <= utf8.count {
      var lineEnd = lineStart
      while lineEnd < utf8.count && utf8[lineEnd] != 0x0A { lineEnd += 1 }
      // Close blocks that ended before this line.
      close(endingBy: lineStart, before: blockIndex < document.blocks.count ? document.blocks[blockIndex] : nil)
      openBlocks(startingBefore: max(lineEnd, lineStart + 1))
      if lineEnd > lineStart {
        let prefix = prefix(ofLineFrom: lineStart, to: lineEnd)
        let line = String(decoding: utf8[lineStart..<lineEnd], as: UTF8.self)
        output.append(
          prefix
            + ReadingView.annotateInline(line, runs: lineRuns(lineStart, lineEnd), start: lineStart, end: lineEnd))
      } else {
        // Links with no text where no text is (a document of nothing else).
        let runs = lineRuns(lineStart, lineEnd)
        if !runs.isEmpty { output.append(ReadingView.annotateInline("", runs: runs, start: lineStart, end: lineEnd)) }
      }
      lineStart = lineEnd + 1
    }
    // Blocks with no text at the very end, inside the blocks their depth puts them in.
    while blockIndex < document.blocks.count {
      let block = document.blocks[blockIndex]
      blockIndex += 1
      close(endingBy: block.range.start, before: block)
      ReadingView.sayEmpty(block, output)
    }
    for block in open.reversed() {
      if case .landmark(let kind) = block.kind { output.append("Landmark \(kind.rawValue) ends") }
    }
  }

  /// Opens the blocks that start before `end` (on this line); one with no text is said on a line of
  /// its own.
  private mutating func openBlocks(startingBefore end: Int) {
    while blockIndex < document.blocks.count && document.blocks[blockIndex].range.start < end {
      let block = document.blocks[blockIndex]
      blockIndex += 1
      close(endingBy: block.range.start, before: block)
      if block.range.isEmpty {
        ReadingView.sayEmpty(block, output)
        continue
      }
      open.append(block)
      switch block.kind {
      case .landmark(let kind):
        output.append("Landmark \(kind.rawValue)\(block.label.map { " \"\($0)\"" } ?? "") begins")
      case .list: listCounters.append(0)
      case .table: output.append("Table\(block.label.map { " \"\($0)\"" } ?? "")")
      case .listItem: if !listCounters.isEmpty { listCounters[listCounters.count - 1] += 1 }
      default: break
      }
    }
  }

  /// The words a line of text starts with: the innermost block that names its kind on it, then
  /// "Alert (severity): " when an alert run is on it.
  private mutating func prefix(ofLineFrom lineStart: Int, to lineEnd: Int) -> String {
    var prefix = ""
    let listDepth = open.reduce(0) { count, block in if case .list = block.kind { count + 1 } else { count } }
    let innermostList = open.last { if case .list = $0.kind { return true } else { return false } }
    // The innermost block that names its kind on this line: a heading, list item or cell starting
    // here (its first paragraph may be an inner block), or a quote or preformatted block.
    for block in open.reversed() {
      let startsHere = block.range.start >= lineStart && block.range.start < max(lineEnd, lineStart + 1)
      switch block.kind {
      case .heading(let level) where startsHere: prefix = "Heading \(level): "
      case .listItem where startsHere:
        let indent = String(repeating: "  ", count: max(0, listDepth - 1))
        if case .list(ordered: true)? = innermostList?.kind, let count = listCounters.last {
          prefix = "\(indent)\(count). "
        } else {
          prefix = "\(indent)• "
        }
      case .tableCell(let header) where startsHere:
        prefix = header ? ReadingView.headerPrefix(headerKinds[block.range.start] ?? .column) : "Cell: "
      case .blockQuote: prefix = "Quote: "
      case .preformatted: prefix = "    "
      default: continue
      }
      break
    }
    while alertIndex < alerts.count && alerts[alertIndex].range.end <= lineStart { alertIndex += 1 }
    if alertIndex < alerts.count, alerts[alertIndex].range.start < lineEnd,
      alerts[alertIndex].range.end > lineStart,
      case .alert(let severity, _) = alerts[alertIndex].attribute
    {
      prefix += "Alert (\(severity.rawValue)): "
    }
    return prefix
  }

  /// Closes the open blocks that end by `offset`, but not one that holds `block` (a heading or
  /// landmark with no text, which may stand at the end of the block it is in).
  private mutating func close(endingBy offset: Int, before block: Block?) {
    while let last = open.last, last.range.end <= offset {
      if let block, block.range.isEmpty, block.range.start <= offset, last.depth < block.depth,
        last.range.contains(block.range)
      {
        break
      }
      open.removeLast()
      if case .landmark(let kind) = last.kind { output.append("Landmark \(kind.rawValue) ends") }
      if case .list = last.kind { listCounters.removeLast() }
    }
  }

  /// The link and image runs from `start` to the end of the line at `end` (a link with no text may
  /// sit on the line feed, just after the text before it).
  private mutating func lineRuns(_ start: Int, _ end: Int) -> [AttributeRun] {
    while inlineIndex < inline.count && inline[inlineIndex].range.start < start { inlineIndex += 1 }
    var runs: [AttributeRun] = []
    var scan = inlineIndex
    while scan < inline.count
      && (inline[scan].range.start < end || (inline[scan].range.start == end && inline[scan].range.isEmpty))
    {
      runs.append(inline[scan])
      scan += 1
    }
    return runs
  }
}
