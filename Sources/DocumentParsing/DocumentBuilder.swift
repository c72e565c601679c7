internal import TextModel

/// Builds a ``TextDocument`` from a stream of reader events: text, block and run boundaries.
///
/// Whitespace is collapsed as CSS `white-space: normal` does (runs of space, tab, CR, LF and FF
/// become one space; none at the start or end of a line), except inside preformatted blocks.
/// Blocks are separated by one line feed. A block or run starts at its first visible character, so
/// ranges never begin with a collapsed space. A block or run with no text is dropped unless a screen
/// reader announces it anyway (``isAnnouncedWhenEmpty(_:)-(Block)``): that one is kept with an empty
/// range where it stood.
///
/// - Complexity: amortized O(1) per byte appended.
struct DocumentBuilder: Sendable {
  /// Identifies an open block.
  struct BlockHandle: Hashable, Sendable { fileprivate let index: Int }
  /// Identifies an open run.
  struct RunHandle: Hashable, Sendable { fileprivate let index: Int }

  private var bytes: [UInt8] = []
  private var blocks: [Block] = []
  private var blockResolved: [Bool] = []
  private var runs: [AttributeRun] = []
  private var runResolved: [Bool] = []
  /// Formulas, in document order (MathML).
  private var math: [MathRun] = []
  /// The edit marks written so far with the spaces written for them (``TextDocument/editMarks``).
  private var editMarks: [TextRange] = []
  /// Whether the last edit mark waits for the next text: a space written between them is the mark's.
  private var markAwaitsText = false
  private var unresolvedBlocks: [Int] = []
  private var unresolvedRuns: [Int] = []
  private var openBlockCount = 0
  private var pendingSpace = false
  /// A word boundary was asked for (``wordBoundary()``): a space unless punctuation makes one needless.
  private var pendingBoundary = false
  private var preformattedDepth = 0
  /// Where input bytes map to text offsets.
  var sourceMap = SourceMap()
  /// Problems noticed so far.
  var diagnostics: [Diagnostic] = []
  /// Tables formed so far (``HTMLTableModel``), block indices as ``index(of:)`` gives them; made to
  /// point at the kept blocks at ``finish(format:language:title:)``.
  var tables: [TableStructure] = []
  /// The text range of each element with an `id` (the first one with that id), for `aria-labelledby`.
  private var idRanges: [String: TextRange] = [:]
  /// Whether ``finish(format:language:title:)`` keeps the element ids' ranges in ``keptIDs`` (an EPUB
  /// chapter, whose navigation points at ids).
  var keepsIDs = false
  /// The ranges of the elements with ids, when ``keepsIDs`` (before the trailing line breaks are cut).
  private(set) var keptIDs: [String: TextRange] = [:]
  /// Blocks and runs named by `aria-labelledby`, resolved at ``finish(format:language:title:)``
  /// (an id may point forward).
  private var labelRequests: [(target: LabelTarget, ids: [String])] = []
  private enum LabelTarget {
    case block(Int)
    case run(Int)
  }

  /// Internal tuning, set only by tests to compare one way of building with another.
  var tuning = Tuning()

  /// The builder's tuning values, set only by tests (through `@testable import`); the defaults are
  /// what the readers use.
  struct Tuning: Sendable {
    /// Whether words that one plain space separates are copied in one piece (tests turn it off to
    /// compare with the word-by-word way).
    var mergesSpacedWords = true
  }

  init() { bytes.reserveCapacity(4096) }

  /// Reserves room for a document read from `inputSize` bytes of markup, so the arrays never grow by
  /// copying (a copy of a large array briefly doubles peak memory). The reservation is generous on
  /// purpose: pages that are reserved but never written are not resident.
  mutating func reserveCapacity(forInputSize inputSize: Int) {
    guard inputSize > 1 << 20 else { return }
    bytes.reserveCapacity(inputSize)
    blocks.reserveCapacity(inputSize / 16)
    runs.reserveCapacity(inputSize / 16)
    sourceMap.reserveCapacity(anchors: inputSize / 16, lines: inputSize / 16)
  }

  /// The UTF-8 length of the text so far.
  var length: Int { bytes.count }
  /// The number of blocks open now.
  var depth: Int { openBlockCount }

  // MARK: text

  /// Appends text from the input; `sourceOffset` is the input byte offset where it starts.
  mutating func appendText(_ text: UnsafeBufferPointer<UInt8>, sourceOffset: Int) {
    guard !text.isEmpty else { return }
    if preformattedDepth > 0 {
      var first = true
      for byte in text where byte != 0x0D {
        if first {
          if markAwaitsText { partFromMark(byte) }
          resolvePending(sourceOffset: sourceOffset)
          first = false
        }
        bytes.append(byte)
      }
      return
    }
    var index = 0
    let count = text.count
    while index < count {
      let byte = text[index]
      if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C {
        pendingSpace = true
        index += 1
        continue
      }
      // A run of visible bytes up to the next collapsible whitespace.
      var end = index + 1
      while end < count {
        let b = text[end]
        if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C { break }
        end += 1
      }
      // Words after it that one plain space separates come out exactly as they came in: the space
      // kept, each word's anchor predicted by the first's (skipped), nothing left to resolve. They
      // are copied with it in one piece (a call per word was a sixth of reading a page). Only while
      // predicted anchors are skipped: otherwise each word keeps its anchor.
      // `DocumentBuilderTests` compares this with the word-by-word way.
      if tuning.mergesSpacedWords && sourceMap.skipsPredictedAnchors {
        while end + 1 < count, text[end] == 0x20 {
          let next = text[end + 1]
          if next == 0x20 || next == 0x09 || next == 0x0A || next == 0x0D || next == 0x0C { break }
          end += 2
          while end < count {
            let b = text[end]
            if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C { break }
            end += 1
          }
        }
      }
      if markAwaitsText { partFromMark(text[index]) }
      if pendingSpace, let last = bytes.last, last != 0x0A {
        bytes.append(0x20)
      } else if pendingBoundary, let last = bytes.last, !Self.opensWord(last), !Self.closesWord(text[index]) {
        bytes.append(0x20)
      }
      pendingSpace = false
      pendingBoundary = false
      resolvePending(sourceOffset: sourceOffset + index)
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[index..<end]))
      index = end
    }
  }

  /// Appends a Swift string (generated text such as alternative text or a list marker).
  mutating func appendText(_ text: String, sourceOffset: Int) {
    var copy = text
    copy.withUTF8 { appendText($0, sourceOffset: sourceOffset) }
  }

  /// A forced line break (`<br>`): ends the line without ending the block.
  mutating func lineBreak() {
    markAwaitsText = false
    pendingSpace = false
    pendingBoundary = false
    if !bytes.isEmpty && bytes.last != 0x0A { bytes.append(0x0A) }
  }

  /// Requests a word separator (as between table cells on a line) without emitting trailing space.
  mutating func softSpace() {
    if !bytes.isEmpty && bytes.last != 0x0A { pendingSpace = true }
  }

  /// Requests a word boundary (around an image's name or a CSS box): a space, unless the text
  /// before ends with an opening bracket or the text after starts with closing punctuation
  /// ("(Logo)", "icon." stay as written).
  mutating func wordBoundary() {
    if !bytes.isEmpty && bytes.last != 0x0A { pendingBoundary = true }
  }

  /// Bytes after which no space is needed: space, line feed, `(`, `[`, `{`, `"`, `'`, `/`.
  private static func opensWord(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x28 || byte == 0x5B || byte == 0x7B || byte == 0x22 || byte == 0x27
      || byte == 0x2F
  }

  /// Bytes before which no space is needed: `.`, `,`, `;`, `:`, `!`, `?`, `)`, `]`, `}`, `%`, `"`, `'`, `/`.
  private static func closesWord(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x2E, 0x2C, 0x3B, 0x3A, 0x21, 0x3F, 0x29, 0x5D, 0x7D, 0x25, 0x22, 0x27, 0x2F: true
    default: false
    }
  }

  private mutating func resolvePending(sourceOffset: Int) {
    let here = bytes.count
    sourceMap.addAnchor(text: here, source: sourceOffset)
    if !unresolvedBlocks.isEmpty {
      for index in unresolvedBlocks {
        blocks[index].range = TextRange(start: here, end: here)
        blockResolved[index] = true
      }
      unresolvedBlocks.removeAll(keepingCapacity: true)
    }
    if !unresolvedRuns.isEmpty {
      for index in unresolvedRuns {
        runs[index].range = TextRange(start: here, end: here)
        runResolved[index] = true
      }
      unresolvedRuns.removeAll(keepingCapacity: true)
    }
  }

  private mutating func ensureLineStart() {
    markAwaitsText = false
    pendingSpace = false
    pendingBoundary = false
    if !bytes.isEmpty && bytes.last != 0x0A { bytes.append(0x0A) }
  }

  // MARK: blocks

  /// Opens a block; its text starts on a new line.
  mutating func openBlock(_ kind: BlockKind, label: String? = nil, language: String? = nil) -> BlockHandle {
    ensureLineStart()
    blocks.append(
      Block(
        kind: kind, range: TextRange(start: bytes.count, end: bytes.count), depth: openBlockCount,
        label: label, language: language))
    blockResolved.append(false)
    unresolvedBlocks.append(blocks.count - 1)
    openBlockCount += 1
    if case .preformatted = kind { preformattedDepth += 1 }
    return BlockHandle(index: blocks.count - 1)
  }

  /// Closes a block; what follows starts on a new line.
  mutating func closeBlock(_ handle: BlockHandle) {
    openBlockCount = Swift.max(0, openBlockCount - 1)
    if case .preformatted = blocks[handle.index].kind { preformattedDepth = Swift.max(0, preformattedDepth - 1) }
    if blockResolved[handle.index] {
      var end = bytes.count
      while end > blocks[handle.index].range.start, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x20 { end -= 1 }
      blocks[handle.index].range.end = end
      // A block with no text opened inside this one after its last line (an empty heading closing a
      // `nav`) stands at this block's end, so that the range says whose it is. Amortized O(1): a
      // block moved here starts at or before the end of every block that encloses this one.
      var inner = blocks.count - 1
      while inner > handle.index, blocks[inner].range.start > end {
        if !blockResolved[inner] { blocks[inner].range = TextRange(start: end, end: end) }
        inner -= 1
      }
    } else {
      // No text: the range stays empty where the block opened; finish keeps it or drops it.
      unresolvedBlocks.removeAll { $0 == handle.index }
    }
    ensureLineStart()
  }

  /// The index of a block among the blocks opened so far (empty ones are dropped at the end).
  func index(of handle: BlockHandle) -> Int { handle.index }

  /// Whether a block (as ``index(of:)`` numbers it) holds text so far.
  func holdsText(_ index: Int) -> Bool { blockResolved[index] }

  /// The kind of an open block.
  func kind(of handle: BlockHandle) -> BlockKind { blocks[handle.index].kind }

  /// Sets the label of an open block (a caption found inside it, say).
  mutating func setLabel(_ label: String, of handle: BlockHandle) {
    if blocks[handle.index].label == nil { blocks[handle.index].label = label }
  }

  // MARK: names

  /// Records the text range of an element with an `id`, from `start` (the length when it opened) to here.
  mutating func recordID(_ id: String, from start: Int) {
    if idRanges[id] == nil { idRanges[id] = TextRange(start: start, end: bytes.count) }
  }

  /// Names a block by the text of the elements with these ids (`aria-labelledby`), once the document is read.
  mutating func requestLabel(fromIDs ids: [String], of handle: BlockHandle) {
    labelRequests.append((.block(handle.index), ids))
  }

  /// Names a link run by the text of the elements with these ids (`aria-labelledby`).
  mutating func requestLabel(fromIDs ids: [String], of handle: RunHandle) {
    labelRequests.append((.run(handle.index), ids))
  }

  /// The text of the elements with `ids`, joined by spaces, whitespace collapsed; nil when empty.
  private func label(fromIDs ids: [String]) -> String? {
    var parts: [String] = []
    for id in ids {
      guard let range = idRanges[id], range.start < range.end, range.end <= bytes.count else { continue }
      let text = String(decoding: bytes[range.start..<range.end], as: UTF8.self)
      let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" })
      if !words.isEmpty { parts.append(words.joined(separator: " ")) }
    }
    return parts.isEmpty ? nil : parts.joined(separator: " ")
  }

  private mutating func resolveLabelRequests() {
    for request in labelRequests {
      guard let label = label(fromIDs: request.ids) else { continue }
      switch request.target {
      case .block(let index): blocks[index].label = label
      case .run(let index):
        if case .link(let target, _) = runs[index].attribute {
          runs[index].attribute = .link(target: target, name: label)
        }
      }
    }
    labelRequests = []
    idRanges = [:]
  }

  /// The text appended since it had length `start`.
  func text(since start: Int) -> ArraySlice<UInt8> { bytes[min(start, bytes.count)...] }

  /// Gives a link run the accessible name `name` (when it differs from its text).
  mutating func setLinkName(_ name: String, of handle: RunHandle) {
    if case .link(let target, nil) = runs[handle.index].attribute {
      runs[handle.index].attribute = .link(target: target, name: name)
    }
  }

  /// Whether nothing visible was appended since the text had length `start`.
  func isEmpty(since start: Int) -> Bool { bytes.count == start }

  // MARK: runs

  /// Opens an attribute run at the next visible character.
  mutating func openRun(_ attribute: TextAttribute) -> RunHandle {
    runs.append(AttributeRun(range: TextRange(start: bytes.count, end: bytes.count), attribute: attribute))
    runResolved.append(false)
    unresolvedRuns.append(runs.count - 1)
    return RunHandle(index: runs.count - 1)
  }

  /// Closes an attribute run.
  mutating func closeRun(_ handle: RunHandle) {
    if runResolved[handle.index] {
      var end = bytes.count
      while end > runs[handle.index].range.start, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x20 { end -= 1 }
      runs[handle.index].range.end = end
    } else {
      // No text: an empty range where the run opened; finish keeps it or drops it.
      unresolvedRuns.removeAll { $0 == handle.index }
    }
  }

  /// Whether `block` stays in the document: not marked dropped, and holding text or announced
  /// without it (a block whose text was only spaces or line feeds, in `<pre>`, holds none).
  private static func isKept(_ block: Block) -> Bool {
    block.range.start >= 0 && (block.range.end > block.range.start || isAnnouncedWhenEmpty(block))
  }

  /// Whether `run` stays in the document (as ``isKept(_:)-(Block)`` for blocks).
  private static func isKept(_ run: AttributeRun) -> Bool {
    run.range.start >= 0 && (run.range.end > run.range.start || isAnnouncedWhenEmpty(run))
  }

  /// Whether a screen reader announces `block` even when it holds no text, so that it is kept with
  /// an empty range: a heading (HTML-AAM maps `h1`…`h6` to role heading, and Chromium keeps an empty
  /// one in its tree, where NVDA's `h` and the headings list find it) and a landmark (the readers
  /// make one only where HTML-AAM and ARIA do: a `region` or `form` only when named, an `aside`
  /// inside a section only when named; an empty `nav` or `aside` is in Chromium's tree and NVDA's
  /// `d` reaches it). Lists, tables, cells, quotes and paragraphs without text are dropped.
  static func isAnnouncedWhenEmpty(_ block: Block) -> Bool {
    switch block.kind {
    case .heading, .landmark: true
    default: false
    }
  }

  /// Whether a screen reader announces `run` even when it covers no text: a link (HTML-AAM: `a`
  /// with `href` is role link whatever it holds, `href=""` included, as is an element with
  /// `role=link`; Chromium keeps it and NVDA names it by its URL). Other attributes without text
  /// say nothing.
  static func isAnnouncedWhenEmpty(_ run: AttributeRun) -> Bool {
    if case .link = run.attribute { return true }
    return false
  }

  /// Adds a finished run over text already appended.
  mutating func addRun(_ attribute: TextAttribute, range: TextRange) {
    runs.append(AttributeRun(range: range, attribute: attribute))
    runResolved.append(true)
  }

  /// Keeps a formula over the text appended since `start` (without the spaces and line feeds at
  /// its ends); a formula that shows no text is dropped.
  mutating func addMath(_ expression: MathExpression, from start: Int) {
    var start = min(start, bytes.count)
    var end = bytes.count
    while start < end, bytes[start] == 0x20 || bytes[start] == 0x0A { start += 1 }
    while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x0A { end -= 1 }
    guard end > start else { return }
    math.append(MathRun(range: TextRange(start: start, end: end), expression: expression))
  }

  /// Appends an edit mark (``SpokenForms``: "del", "ins end") as a word of its own and keeps its
  /// range with the spaces written only to part it from its neighbours, so that speech, leaving
  /// that range out, hears the text as it was: a space from the input stays outside the range.
  @discardableResult
  mutating func appendEditMark(_ mark: String, sourceOffset: Int) -> TextRange {
    var start = bytes.count
    if let last = bytes.last, last != 0x0A {
      if pendingSpace || (pendingBoundary && !Self.opensWord(last)) {
        // The input's space (or an element's boundary): the text keeps it without the mark too.
        bytes.append(0x20)
        start = bytes.count
      } else if last != 0x20 && (markAwaitsText || !Self.opensWord(last)) {
        bytes.append(0x20)
      }
    }
    pendingSpace = false
    pendingBoundary = false
    resolvePending(sourceOffset: sourceOffset)
    bytes.append(contentsOf: mark.utf8)
    editMarks.append(TextRange(start: start, end: bytes.count))
    markAwaitsText = true
    return TextRange(start: bytes.count - mark.utf8.count, end: bytes.count)
  }

  /// Before the first byte after an edit mark: the space that parts them, the mark's unless the
  /// input had one (``appendEditMark(_:sourceOffset:)``).
  private mutating func partFromMark(_ next: UInt8) {
    markAwaitsText = false
    // A space the input has, or an element's boundary asks for, is written as without the mark.
    guard !pendingSpace, !pendingBoundary, next != 0x20, next != 0x0A, !Self.closesWord(next) else { return }
    bytes.append(0x20)
    editMarks[editMarks.count - 1].end = bytes.count
  }

  // MARK: finishing

  /// The document built so far. Open blocks and runs are closed at the end of the text.
  mutating func finish(format: InputFormat, language: String?, title: String?) -> TextDocument {
    if keepsIDs { keptIDs = idRanges }
    if !labelRequests.isEmpty { resolveLabelRequests() }
    while let last = bytes.last, last == 0x0A || last == 0x20 { bytes.removeLast() }
    let length = bytes.count
    sourceMap.dropAnchors(after: length)
    // A block or run that never met text is empty where it opened (one still open ends here):
    // kept when a screen reader announces it, else marked for dropping. Its offset may lie in the
    // trailing line feeds just cut, so it moves back to the end.
    for index in blocks.indices where !blockResolved[index] {
      if Self.isAnnouncedWhenEmpty(blocks[index]) {
        let offset = Swift.min(blocks[index].range.start, length)
        blocks[index].range = TextRange(start: offset, end: offset)
      } else {
        blocks[index].range = TextRange(start: -1, end: -1)
      }
    }
    for index in runs.indices where !runResolved[index] {
      if Self.isAnnouncedWhenEmpty(runs[index]) {
        let offset = Swift.min(runs[index].range.start, length)
        runs[index].range = TextRange(start: offset, end: offset)
      } else {
        runs[index].range = TextRange(start: -1, end: -1)
      }
    }
    unresolvedBlocks = []
    unresolvedRuns = []
    for index in blocks.indices where blockResolved[index] {
      if blocks[index].range.start > length { blocks[index].range.start = length }
      if blocks[index].range.end > length || blocks[index].range.end < blocks[index].range.start {
        blocks[index].range.end = length
      }
    }
    let keptTables = tables.isEmpty ? [] : tablesOfKeptBlocks(length: length)
    tables = []
    // In place: a large document must not be copied again here (peak memory).
    blocks.removeAll { !Self.isKept($0) }
    blockResolved = []
    runResolved = []
    for index in runs.indices where runs[index].range.end > length {
      runs[index].range.end = length
      if runs[index].range.start > length { runs[index].range.start = length }
    }
    runs.removeAll { !Self.isKept($0) }
    // Runs were appended when opened; order them by start (the sort is stable, so an enclosing run
    // opened first stays first).
    if !runs.isSorted(by: { $0.range.start <= $1.range.start }) { runs.sort { $0.range.start < $1.range.start } }
    let text = String.releasing(&bytes)
    let keptBlocks = blocks
    let orderedRuns = runs
    blocks = []
    runs = []
    var document = TextDocument(
      format: format, text: text, blocks: keptBlocks, runs: orderedRuns, language: language, title: title,
      diagnostics: diagnostics, sourceMap: sourceMap, tables: keptTables)
    if !math.isEmpty {
      document.math = math.filter { $0.range.end <= length }
      math = []
    }
    if !editMarks.isEmpty {
      document.editMarks = editMarks.compactMap {
        $0.start < length ? TextRange(start: $0.start, end: min($0.end, length)) : nil
      }
      editMarks = []
    }
    markAwaitsText = false
    return document
  }

  /// ``tables`` with block indices among the blocks kept (those not marked dropped), cell ranges from their
  /// blocks, and empty cells out of the header lists (HTML removes them); a table without text is
  /// dropped. Called before the empty blocks are.
  private mutating func tablesOfKeptBlocks(length: Int) -> [TableStructure] {
    var kept = [Int32](repeating: -1, count: blocks.count)
    var next: Int32 = 0
    for index in blocks.indices where Self.isKept(blocks[index]) {
      kept[index] = next
      next += 1
    }
    // Edited in place (taken out of the builder, so no array is shared and copied on write: a copy
    // of every table and cell cost a page of 4,900 tables, issue 44).
    var result = tables
    tables = []
    if !result.isSorted(by: { $0.blockIndex < $1.blockIndex }) { result.sort { $0.blockIndex < $1.blockIndex } }
    var dropped = false
    for tableIndex in result.indices {
      guard result[tableIndex].blockIndex < kept.count, kept[result[tableIndex].blockIndex] >= 0 else {
        result[tableIndex].blockIndex = -1
        dropped = true
        continue
      }
      result[tableIndex].blockIndex = Int(kept[result[tableIndex].blockIndex])
      var emptyCells = false
      for index in result[tableIndex].cells.indices {
        if let block = result[tableIndex].cells[index].blockIndex, block < kept.count, kept[block] >= 0 {
          result[tableIndex].cells[index].blockIndex = Int(kept[block])
          result[tableIndex].cells[index].range = blocks[block].range
        } else {
          emptyCells = true
          result[tableIndex].cells[index].blockIndex = nil
          let offset = Swift.min(result[tableIndex].cells[index].range.start, length)
          result[tableIndex].cells[index].range = TextRange(start: offset, end: offset)
        }
      }
      guard emptyCells else { continue }
      let cells = result[tableIndex].cells
      for index in cells.indices where cells[index].headerCells.contains(where: { cells[$0].blockIndex == nil }) {
        result[tableIndex].cells[index].headerCells.removeAll { cells[$0].blockIndex == nil }
      }
    }
    if dropped { result.removeAll { $0.blockIndex < 0 } }
    return result
  }
}

extension Array {
  fileprivate func isSorted(by areInIncreasingOrder: (Element, Element) -> Bool) -> Bool {
    var index = 1
    while index < count {
      if !areInIncreasingOrder(self[index - 1], self[index]) { return false }
      index += 1
    }
    return true
  }
}
