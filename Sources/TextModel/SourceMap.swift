#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// Maps text offsets back to byte offsets and line:column in the input the document was read from.
///
/// Readers record an anchor where each piece of text starts (its text offset and the input byte
/// offset it came from). A text offset maps to the nearest anchor at or before it, plus the distance
/// from that anchor, clamped so it never passes the next anchor's input offset. For plain text the
/// mapping is exact; for markup it is exact at the start of every text node and approximate inside
/// text whose entities or whitespace were rewritten.
package struct SourceMap: Hashable, Sendable {
  /// A point where text offset and input offset are known to agree.
  package struct Anchor: Hashable, Sendable {
    /// The UTF-8 offset in the document text.
    package var text: Int
    /// The byte offset in the input.
    package var source: Int
    /// An anchor where text offset `text` came from input byte `source`.
    package init(text: Int, source: Int) {
      self.text = text
      self.source = source
    }
  }

  /// Anchors in increasing text order.
  package private(set) var anchors = AnchorList()
  /// The byte offset where each input line starts (line 1 starts at 0).
  package private(set) var lineStarts: [Int] = [0]
  /// Whether an anchor that the previous one predicts is left out (true unless offsets will be remapped).
  package var skipsPredictedAnchors = true
  /// The size of the input in bytes.
  package private(set) var inputLength: Int = 0
  /// The inputs the document was read from, when there were several (the chapters of a book), in
  /// input order; empty for one input.
  package private(set) var parts: [Part] = []

  mutating func appendLineStart(_ offset: Int) { lineStarts.append(offset) }
  mutating func appendPart(_ part: Part) { parts.append(part) }
  mutating func growInput(by count: Int) { inputLength += count }

  /// An empty map (every text offset maps to input offset 0 until anchors are added).
  package init() {}

  /// Records that the text at `text` came from input byte `source`.
  /// Anchors whose text offset is not increasing replace the previous one.
  package mutating func addAnchor(text: Int, source: Int) {
    if let last = anchors.last {
      // Skip anchors the previous one already predicts (keeps the map small for plain runs of text).
      if skipsPredictedAnchors && last.source + (text - last.text) == source { return }
      if last.text == text {
        anchors[anchors.count - 1].source = Swift.min(last.source, source)
        return
      }
      if last.text > text { return }
    }
    anchors.append(Anchor(text: text, source: source))
  }

  /// Clamps every anchor's input offset to the input's length. A parser's position (libxml2's
  /// `xmlByteConsumed`) is an estimate that can run past the bytes it was given on garbled markup;
  /// no position may point past the input.
  package mutating func clampSources(to inputLength: Int) {
    for index in anchors.indices where anchors[index].source > inputLength { anchors[index].source = inputLength }
  }

  /// Drops anchors past the end of the text: text recorded and then trimmed (trailing line breaks and
  /// spaces at the end of a document) leaves anchors that map nothing.
  package mutating func dropAnchors(after textLength: Int) {
    while let last = anchors.last, last.text > textLength { anchors.removeLast() }
  }

  /// Reserves room for anchors and line starts (see `DocumentBuilder.reserveCapacity(forInputSize:)`).
  package mutating func reserveCapacity(anchors anchorCount: Int, lines lineCount: Int) {
    anchors.reserveCapacity(anchorCount)
    lineStarts.reserveCapacity(lineCount)
  }

  /// Rewrites every anchor's input offset (used when the parser saw repaired bytes: map them back).
  package mutating func remapSources(_ transform: (Int) -> Int) {
    for index in anchors.indices { anchors[index].source = transform(anchors[index].source) }
  }

  /// Rewrites every line start through `transform` and sets the input length (used when lines were
  /// scanned in decoded text: UTF-16, a legacy encoding, repaired UTF-8). Line 1 still starts at 0.
  package mutating func remapLineStarts(_ transform: (Int) -> Int, inputLength length: Int) {
    for index in lineStarts.indices.dropFirst() { lineStarts[index] = transform(lineStarts[index]) }
    inputLength = length
  }

  /// Takes the line starts and input length that `other` scanned (a reader that scans its input on
  /// one thread while another records the anchors).
  package mutating func adoptLines(of other: SourceMap) {
    lineStarts = other.lineStarts
    inputLength = other.inputLength
  }

  /// Feeds input bytes (in order) so line starts are known. Call once per chunk.
  package mutating func scanLines(_ bytes: UnsafeRawBufferPointer) {
    // memchr jumps from line feed to line feed (a byte loop was a tenth of reading a 10 MB text).
    let base = inputLength
    let count = bytes.count
    if let start = bytes.baseAddress {
      var index = 0
      while index < count, let found = memchr(start + index, 0x0A, count - index) {
        index = start.distance(to: UnsafeRawPointer(found)) + 1
        lineStarts.append(base + index)
      }
    }
    inputLength += count
  }

  /// The input byte offset that produced text offset `offset`.
  /// - Complexity: O(log a) for a anchors.
  package func sourceOffset(forTextOffset offset: Int) -> Int {
    guard !anchors.isEmpty else { return Swift.min(offset, inputLength) }
    if offset < anchors[0].text { return anchors[0].source }
    let low = anchors.partitioningIndex { $0.text > offset } - 1
    let anchor = anchors[low]
    var result = anchor.source + (offset - anchor.text)
    if low + 1 < anchors.count { result = Swift.min(result, Swift.max(anchor.source, anchors[low + 1].source)) }
    return Swift.min(result, inputLength)
  }

  /// The 1-based line and column (in UTF-8 bytes) of an input byte offset.
  /// - Complexity: O(log l) for l lines.
  package func lineAndColumn(forSourceOffset offset: Int) -> (line: Int, column: Int) {
    let low = max(0, lineStarts.partitioningIndex { $0 > offset } - 1)
    return (low + 1, offset - lineStarts[low] + 1)
  }

  /// Where the previous lookups through a hint landed: the anchor and the line. Output asks for
  /// offsets in text order (every detection, block and speech segment writes its input byte, line and
  /// column), so the next answer is nearly always at or a few entries after the last one; a binary
  /// search over a page's anchors (one every ~50 bytes of text) was ~500 instructions a detection
  /// (issue 15). Plumbing for Output's writers.
  package struct Hint: Sendable {
    var anchor = 0
    var line = 0
    /// A hint that knows nothing yet.
    package init() {}
  }

  /// At most this many entries are stepped over from a hint before searching instead.
  private static let hintSteps = 8

  /// ``sourceOffset(forTextOffset:)``, starting from where `hint` says the last lookup landed (the
  /// same answers in any order of calls: `SourceMapTests`).
  package func sourceOffset(forTextOffset offset: Int, hint: inout Hint) -> Int {
    guard !anchors.isEmpty else { return Swift.min(offset, inputLength) }
    if offset < anchors[0].text { return anchors[0].source }
    // The last anchor at or before `offset`, as the search's "first after it, minus one" finds it.
    var low = Swift.min(hint.anchor, anchors.count - 1)
    if anchors[low].text <= offset {
      var steps = 0
      while low + 1 < anchors.count, anchors[low + 1].text <= offset, steps < Self.hintSteps {
        low += 1
        steps += 1
      }
      if steps == Self.hintSteps { low = anchors.partitioningIndex { $0.text > offset } - 1 }
    } else {
      low = anchors.partitioningIndex { $0.text > offset } - 1
    }
    hint.anchor = low
    let anchor = anchors[low]
    var result = anchor.source + (offset - anchor.text)
    if low + 1 < anchors.count { result = Swift.min(result, Swift.max(anchor.source, anchors[low + 1].source)) }
    return Swift.min(result, inputLength)
  }

  /// ``lineAndColumn(forSourceOffset:)``, starting from where `hint` says the last lookup landed.
  package func lineAndColumn(forSourceOffset offset: Int, hint: inout Hint) -> (line: Int, column: Int) {
    var low = Swift.min(hint.line, lineStarts.count - 1)
    if lineStarts[low] <= offset || low == 0 {
      var steps = 0
      while low + 1 < lineStarts.count, lineStarts[low + 1] <= offset, steps < Self.hintSteps {
        low += 1
        steps += 1
      }
      if steps == Self.hintSteps { low = Swift.max(0, lineStarts.partitioningIndex { $0 > offset } - 1) }
    } else {
      low = Swift.max(0, lineStarts.partitioningIndex { $0 > offset } - 1)
    }
    hint.line = low
    return (low + 1, offset - lineStarts[low] + 1)
  }
}

/// The anchors of a `SourceMap`, in order: two 32-bit offsets each while every offset fits (a
/// document under 4 GiB of text and input), else two `Int`s each.
///
/// Why: a large page has an anchor every ~50 bytes of text (706,000 at 50 MB of HTML); 16 bytes
/// each instead of 8 held 5.6 MB more for the whole life of the document. The text can be longer
/// than the input (NUL becomes U+FFFD, three bytes), so a 2 GiB input may still need the wide form;
/// the list widens itself the first time an offset does not fit. Tested against `[Anchor]`
/// (SourceMapTests).
package struct AnchorList: RandomAccessCollection, MutableCollection, Hashable, Sendable {
  /// Text and input offsets, interleaved, while `wide` is nil.
  private var narrow: [UInt32] = []
  private var wide: [SourceMap.Anchor]?

  /// An empty list.
  package init() {}

  package var startIndex: Int { 0 }
  package var endIndex: Int { wide?.count ?? narrow.count / 2 }

  package subscript(position: Int) -> SourceMap.Anchor {
    get {
      if let wide { return wide[position] }
      return SourceMap.Anchor(text: Int(narrow[2 * position]), source: Int(narrow[2 * position + 1]))
    }
    set {
      if wide == nil && Self.fits(newValue) {
        narrow[2 * position] = UInt32(newValue.text)
        narrow[2 * position + 1] = UInt32(newValue.source)
      } else {
        widen()
        wide![position] = newValue
      }
    }
  }

  /// Adds `anchor` at the end.
  package mutating func append(_ anchor: SourceMap.Anchor) {
    if wide == nil && Self.fits(anchor) {
      narrow.append(UInt32(anchor.text))
      narrow.append(UInt32(anchor.source))
    } else {
      widen()
      wide!.append(anchor)
    }
  }

  /// Removes the last anchor.
  package mutating func removeLast() {
    if wide != nil {
      wide!.removeLast()
    } else {
      narrow.removeLast(2)
    }
  }

  /// Reserves room for `count` anchors.
  package mutating func reserveCapacity(_ count: Int) {
    if wide != nil { wide!.reserveCapacity(count) } else { narrow.reserveCapacity(2 * count) }
  }

  /// Whether both lists hold the same anchors in the same order (whatever their form).
  package static func == (lhs: AnchorList, rhs: AnchorList) -> Bool { lhs.elementsEqual(rhs) }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for anchor in self { hasher.combine(anchor) }
  }

  private static func fits(_ anchor: SourceMap.Anchor) -> Bool {
    (0...Int(UInt32.max)).contains(anchor.text) && (0...Int(UInt32.max)).contains(anchor.source)
  }

  private mutating func widen() {
    guard wide == nil else { return }
    wide = indices.map { self[$0] }
    narrow = []
  }
}
