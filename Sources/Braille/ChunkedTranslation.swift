import TextModel

/// One passage of text (one language, within one line) translated by liblouis in bounded windows,
/// handed on in order: the cells and, for each, the UTF-8 offset of the text it came from.
///
/// Why: liblouis translates a passage in one call with buffers sized by it, and the caller holds a
/// cell and an offset per character: one 10 MB line without a space took 974 MB (97 bytes per
/// character) and slowed down with its length. A passage of at most ``DocumentBraille/Chunking/wholeBytes`` (every line of
/// ordinary documents) is still one call, so its braille is what it always was. A longer one is cut
/// into windows of about ``DocumentBraille/Chunking/windowScalars`` characters.
///
/// Where a window ends matters: contractions span letters ("ing", "ation"), a rule may depend on
/// where a word starts, and numeric, capital and emphasis indicators on what came before. So each
/// window is translated with ``DocumentBraille/Chunking/context`` characters before its start and after its end, and the
/// cut between two windows is checked: the braille both windows give to the ``DocumentBraille/Chunking/agreement``
/// characters either side of it, cells and offsets, must be equal. Then both translations agree
/// on how the text around the cut is segmented, and the first window's cells before the cut
/// followed by the second's from it are what one call over the whole passage gives there. A cut
/// goes after a space when one is in the second half of the window (words are where liblouis's
/// rules restart), else at a Character boundary (never inside a grapheme cluster: a letter and its
/// combining marks, a flag). When the check fails, earlier places are tried (up to
/// ``DocumentBraille/Chunking/attempts``); the last is kept if none agrees (the braille near that cut may then differ from a
/// whole-passage translation; no text is left out).
struct ChunkedTranslation {
  /// Where a passage is cut into windows (``DocumentBraille/Chunking``).
  typealias Sizes = DocumentBraille.Chunking

  /// A translated stretch of the passage.
  struct Window {
    var scalars: [Unicode.Scalar] = []
    /// The UTF-8 offset of each scalar.
    var offsets: [Int] = []
    var cells: [Unicode.Scalar] = []
    /// The UTF-8 offset of the text each cell came from.
    var cellOffsets: [Int] = []
    /// Whether the window reaches the passage's end.
    var reachesEnd = false
    /// The UTF-8 offset after the window's text.
    var end = 0
    /// liblouis did not finish the window: its cells are computer braille.
    var unfinished = false

    /// Sets the cells and, from the index of the scalar each came from, their offsets.
    mutating func fill(cells: [Unicode.Scalar], indices: [Int32]) {
      self.cells = cells
      let last = offsets.count - 1
      cellOffsets = indices.map { offsets[min(max(0, Int($0)), last)] }
    }
  }

  private let text: String
  private let bytes: UnsafeBufferPointer<UInt8>
  private let range: TextRange
  private let table: String
  private let sizes: Sizes
  /// Where the braille not yet handed on starts (a UTF-8 offset).
  private var cut: Int
  /// The window that holds the braille from `cut` on.
  private var current: Window?
  private var finished = false
  /// Cuts kept although no place agreed (for tests).
  private(set) var unsettledCuts = 0
  /// Where the first text liblouis did not finish starts (a UTF-8 offset), and how many windows
  /// it did not finish; their cells are computer braille (``BrailleASCII/computerBraille(_:)``).
  private(set) var unfinished: (first: Int, count: Int)?

  /// - Parameters: `text` the document text, `bytes` its UTF-8, `range` the passage (whole
  ///   scalars), `table` the liblouis table list.
  private let timeLimit: Louis.TimeLimit
  /// The passage already translated whole (``PassagePlanner``), when it is short enough for one call.
  private var prepared: Window?

  init(
    text: String, bytes: UnsafeBufferPointer<UInt8>, range: TextRange, table: String, sizes: Sizes = .standard,
    prepared: Window? = nil, timeLimit: Louis.TimeLimit = .standard
  ) {
    self.timeLimit = timeLimit
    self.prepared = range.length <= sizes.wholeBytes ? prepared : nil
    self.sizes = sizes
    self.text = text
    self.bytes = bytes
    self.range = range
    self.table = table
    cut = range.start
  }

  /// The next cells and their offsets, and the offset where the text after them starts; nil at
  /// the passage's end. Default-ignorable characters (bidi marks, joiners, soft hyphens) are left
  /// out: a table would write each as an escape.
  mutating func next() throws(BrailleError) -> (cells: [Unicode.Scalar], offsets: [Int], next: Int)? {
    guard !finished, range.length > 0 else { return nil }
    if range.length <= sizes.wholeBytes {
      finished = true
      let window: Window
      if let prepared {
        window = prepared
        self.prepared = nil
      } else {
        window = try translate(from: range.start, count: Int.max)
      }
      note(window)
      return window.cells.isEmpty ? nil : (window.cells, window.cellOffsets, range.end)
    }
    var window: Window
    if let current {
      window = current
    } else {
      window = try translate(from: contextStart(before: cut), count: sizes.windowScalars + sizes.context)
      note(window)
    }
    if window.reachesEnd {
      finished = true
      let rest = Self.cells(of: window, from: cut, to: range.end)
      return (rest.cells, rest.offsets, range.end)
    }
    // Scalars of the window from the cut on; a new cut in the second half of them.
    let first = window.offsets.firstIndex { $0 >= cut } ?? window.offsets.count
    guard window.offsets.count - first >= 4 * sizes.context else {
      // Almost all default-ignorable: too few characters to check a cut; hand the window on whole.
      let rest = Self.cells(of: window, from: cut, to: window.end)
      cut = window.end
      current = nil
      return (rest.cells, rest.offsets, window.end)
    }
    let last = window.scalars.count - sizes.context
    var candidates = cutCandidates(in: window, from: first + (last - first) / 2, to: last)
    if candidates.isEmpty { candidates = [Self.regionalIndicatorPairEnd(in: window, from: first, to: last)] }
    var chosen = candidates[0]
    var following = Window()
    for (attempt, candidate) in candidates.prefix(sizes.attempts).enumerated() {
      chosen = candidate
      let offset = window.offsets[candidate]
      following = try translate(
        from: contextStart(before: offset), count: sizes.windowScalars + 2 * sizes.context)
      note(following)
      let low = window.offsets[max(first, candidate - sizes.agreement)]
      let high = window.offsets[min(window.offsets.count - 1, candidate + sizes.agreement)]
      if Self.cells(of: window, from: low, to: high) == Self.cells(of: following, from: low, to: high) { break }
      // Computer braille on either side: another place would not agree better, and costs a deadline.
      if window.unfinished || following.unfinished { break }
      if attempt == min(sizes.attempts, candidates.count) - 1 { unsettledCuts += 1 }
    }
    let end = window.offsets[chosen]
    let result = Self.cells(of: window, from: cut, to: end)
    cut = end
    window = following
    current = window
    return (result.cells, result.offsets, end)
  }

  /// Counts `window` when liblouis did not finish it.
  private mutating func note(_ window: Window) {
    guard window.unfinished, let first = window.offsets.first else { return }
    unfinished = (min(unfinished?.first ?? first, first), (unfinished?.count ?? 0) + 1)
  }

  /// The cells of `window` that come from text in `start..<end`, in the window's order.
  private static func cells(of window: Window, from start: Int, to end: Int) -> (
    cells: [Unicode.Scalar], offsets: [Int]
  ) {
    var cells: [Unicode.Scalar] = []
    var offsets: [Int] = []
    for (cell, offset) in zip(window.cells, window.cellOffsets) where offset >= start && offset < end {
      cells.append(cell)
      offsets.append(offset)
    }
    return (cells, offsets)
  }

  /// Places for a cut among the window's scalars `low..<high`, best first: after a space, then any
  /// Character boundary, latest first; at most ``DocumentBraille/Chunking/attempts`` of them.
  private func cutCandidates(in window: Window, from low: Int, to high: Int) -> [Int] {
    var afterSpace: [Int] = []
    var boundaries: [Int] = []
    var index = high
    while index > low, afterSpace.count < sizes.attempts {
      let isSpace = window.scalars[index - 1] == " "
      // Marks and regional indicators are never a cluster's start worth asking about (and asking
      // inside a long run of them would look back over the run).
      if isSpace || boundaries.count < sizes.attempts, Self.mayStartCluster(window.scalars[index]),
        !Self.isRegionalIndicator(window.scalars[index - 1]), isCharacterBoundary(window.offsets[index])
      {
        if isSpace { afterSpace.append(index) } else { boundaries.append(index) }
      }
      index -= 1
    }
    return Array((afterSpace + boundaries).prefix(sizes.attempts))
  }

  /// Whether `scalar` may start an extended grapheme cluster (it is no mark, joiner or regional
  /// indicator, which extend or pair with what comes before).
  private static func mayStartCluster(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value < 0x300 { return true }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: return false
    default: return !isRegionalIndicator(scalar)
    }
  }

  private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
    (0x1F1E6...0x1F1FF).contains(scalar.value)
  }

  /// A cut for a window with no Character boundary found: in a run of regional indicators (flags,
  /// which pair from the run's start; the cut before `first` is on a pair's boundary), after an
  /// even number of them from `first`; else `high` (a cluster longer than a window: cut inside it).
  private static func regionalIndicatorPairEnd(in window: Window, from first: Int, to high: Int) -> Int {
    guard window.scalars[first..<high].allSatisfy(isRegionalIndicator) else { return high }
    return first + (high - first) / 2 * 2
  }

  /// Whether the UTF-8 `offset` of the document text starts a Character (an extended grapheme
  /// cluster), as the standard library's grapheme breaking decides with the text around it.
  private func isCharacterBoundary(_ offset: Int) -> Bool {
    let index = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
    return String.Index(index, within: text) != nil
  }

  /// The offset ``DocumentBraille/Chunking/context`` scalars before `offset` (not before the passage's start).
  private func contextStart(before offset: Int) -> Int {
    var start = offset
    var count = 0
    while start > range.start, count < sizes.context {
      start -= 1
      while start > range.start, bytes[start] & 0xC0 == 0x80 { start -= 1 }
      count += 1
    }
    return start
  }

  /// Up to `count` scalars of the passage from the UTF-8 offset `start` (a scalar's start),
  /// translated.
  private func translate(from start: Int, count: Int) throws(BrailleError) -> Window {
    var window = Self.gather(bytes, from: start, to: range.end, count: count)
    try Self.translate(&window, table: table, timeLimit: timeLimit)
    return window
  }

  /// Up to `count` scalars of `bytes` from the UTF-8 offset `start` (a scalar's start) to `end`,
  /// not yet translated. Default-ignorable scalars are left out.
  static func gather(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, count: Int) -> Window {
    var window = Window()
    var offset = start
    var taken = 0
    while offset < end, taken < count {
      let lead = bytes[offset]
      let width = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
      var value = UInt32(lead < 0x80 ? lead : lead < 0xE0 ? lead & 0x1F : lead < 0xF0 ? lead & 0x0F : lead & 0x07)
      for index in 1..<max(1, width) { value = value << 6 | UInt32(bytes[offset + index] & 0x3F) }
      let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
      if !scalar.properties.isDefaultIgnorableCodePoint {
        window.scalars.append(scalar)
        window.offsets.append(offset)
      }
      offset += width
      taken += 1
    }
    window.reachesEnd = offset >= end
    window.end = offset
    return window
  }

  /// Translates a gathered `window` with `table` (computer braille where liblouis does not finish).
  static func translate(_ window: inout Window, table: String, timeLimit: Louis.TimeLimit) throws(BrailleError) {
    guard !window.scalars.isEmpty else { return }
    let cells: [Unicode.Scalar]
    let indices: [Int32]
    do {
      (cells, indices) = try Louis.translate(
        window.scalars, table: table, mode: .unicodeCells,
        deadline: timeLimit.deadline(characters: window.scalars.count)
      ).cellsAndIndices
    } catch  where error.unfinished {
      // liblouis looped (or crashed) on this text: computer braille instead, said by a warning.
      (cells, indices) = BrailleASCII.computerBraille(window.scalars)
      window.unfinished = true
    } catch {
      throw .translation(error.description)
    }
    window.fill(cells: cells, indices: indices)
  }
}
