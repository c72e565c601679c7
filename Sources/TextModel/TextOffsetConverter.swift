/// A position expressed in every unit a client may want.
public struct TextPosition: Hashable, Sendable {
  /// UTF-8 offset (the library's own unit).
  public package(set) var utf8: Int
  /// UTF-16 code-unit offset (NSRange, UITextRange, JavaScript).
  public package(set) var utf16: Int
  /// Character (extended grapheme cluster) offset.
  public package(set) var char: Int

  /// The same position in the three units.
  package init(utf8: Int, utf16: Int, char: Int) {
    self.utf8 = utf8
    self.utf16 = utf16
    self.char = char
  }
}

/// Converts UTF-8 offsets of a text into UTF-16 and Character offsets, and back.
///
/// It keeps a checkpoint every 256 Characters, so a conversion walks at most 256 Characters.
/// An offset inside a Character converts to that Character's index for `char`, and exactly for `utf16`.
///
/// Character boundaries come from a forward-only grapheme walk over the UTF-8 bytes
/// (`GraphemeWalk`), never from `String.index(after:)` on an index made from a UTF-8 offset: such
/// an index is not known to be Character-aligned, and rounding it down looks back over the whole run
/// of regional indicators (flag emoji), which made conversion quadratic (1 MB of flags: minutes).
///
/// - Complexity: O(n) to build for n UTF-8 bytes; O(log n + 256 Characters) per conversion.
public struct TextOffsetConverter: Sendable {
  private let text: String
  /// (utf8, utf16, char) at every 256th Character boundary, starting at 0.
  private var checkpoints: [TextPosition] = []
  private static let stride = 256

  /// A converter for `text`, its checkpoints found in one pass on the calling thread.
  /// - Complexity: O(n) in the length of `text`.
  public init(_ text: String) {
    self.init(text, parallelFrom: .max) { half in [half(0), half(1)] }
  }

  /// ``init(_:)`` from two halves: from `minimum` bytes, each half of the text is walked from its
  /// own start (a Character boundary between two ASCII bytes) by `bothHalves`, which calls its
  /// argument with 0 and 1 and returns both results in that order, at once on two threads or in
  /// turn (TextModel starts no thread: the
  /// caller's `Parallelism` decides); the second half's checkpoints are then moved by where the
  /// first ends. Conversions are the same (`TextOffsetConverterTests`), only the second half's
  /// checkpoints are not at multiples of 256. `TextDocument.offsetConverter(_:)` (Output) is the
  /// caller.
  package init(
    _ text: String, parallelFrom minimum: Int,
    bothHalves: (@Sendable (Int) -> (checkpoints: [TextPosition], end: TextPosition)) -> [(
      checkpoints: [TextPosition], end: TextPosition
    )]
  ) {
    self.text = text
    var copy = text
    (checkpoints, _end) = copy.withUTF8 { bytes in
      guard bytes.count >= minimum, let split = Self.asciiBoundary(near: bytes.count / 2, in: bytes) else {
        return Self.checkpoints(bytes, from: 0, to: bytes.count)
      }
      // Each half reads the text (a Sendable value) on its own and returns its checkpoints.
      let halves = bothHalves { part in
        var shared = text
        return shared.withUTF8 { bytes in
          part == 0
            ? Self.checkpoints(bytes, from: 0, to: split) : Self.checkpoints(bytes, from: split, to: bytes.count)
        }
      }
      var checkpoints = halves[0].0
      let middle = halves[0].1
      let (later, end) = halves[1]
      // The second half's positions count UTF-16 units and Characters from the split.
      func moved(_ position: TextPosition) -> TextPosition {
        TextPosition(utf8: position.utf8, utf16: middle.utf16 + position.utf16, char: middle.char + position.char)
      }
      checkpoints.reserveCapacity(checkpoints.count + later.count)
      for checkpoint in later where moved(checkpoint) != checkpoints.last { checkpoints.append(moved(checkpoint)) }
      return (checkpoints, moved(end))
    }
  }

  /// From this many bytes of text, the converter is worth building from two halves at once.
  package static let parallelMinimum = 1 << 20

  /// A Character boundary at or after `offset` (else before it) between two ASCII bytes other than
  /// CR LF, or nil: no grapheme rule joins such a pair (only CR LF does; extenders, joiners,
  /// spacing marks and prepended scalars are not ASCII).
  static func asciiBoundary(near offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    func isBoundary(_ index: Int) -> Bool {
      index > 0 && index < bytes.count && bytes[index - 1] < 0x80 && bytes[index] < 0x80
        && !(bytes[index - 1] == 0x0D && bytes[index] == 0x0A)
    }
    var index = offset
    while index < bytes.count && !isBoundary(index) { index += 1 }
    if index < bytes.count { return index }
    index = offset
    while index > 0 && !isBoundary(index) { index -= 1 }
    return index > 0 ? index : nil
  }

  /// The checkpoints of `bytes[start..<end]` (`start` and `end` Character boundaries), counted from
  /// `start` (its UTF-16 and Character offsets 0, its UTF-8 offset its own), and the position of
  /// `end`. ASCII and plain scalars are skipped a Character a scalar
  /// (``GraphemeWalk/skipPlain(_:from:upTo:)``); anything else goes one Character at a time through
  /// a fresh walk (valid from any boundary).
  private static func checkpoints(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int)
    -> ([TextPosition], TextPosition)
  {
    var checkpoints: [TextPosition] = []
    checkpoints.reserveCapacity((end - start) / Self.stride + 1)
    // Positions relative to `start` in UTF-16 and Characters; the walk's UTF-8 offsets are absolute.
    var position = TextPosition(utf8: start, utf16: 0, char: 0)
    checkpoints.append(position)
    while position.utf8 < end {
      let nextCheckpoint = (position.char / Self.stride + 1) * Self.stride
      // A byte budget of the Characters left to the checkpoint: a Character is at least a byte, so
      // the skip never passes it (multi-byte ones stop it short; the loop goes on from there).
      position = GraphemeWalk.skipPlain(
        bytes, from: position, upTo: Swift.min(end, position.utf8 + (nextCheckpoint - position.char)))
      if position.char < nextCheckpoint && position.utf8 < end {
        var walk = GraphemeWalk(bytes, from: position)
        _ = walk.nextBoundary()  // the boundary it starts at
        guard let next = walk.nextBoundary() else { break }
        position = next
      }
      if position.char % Self.stride == 0 { checkpoints.append(position) }
    }
    return (checkpoints, position)
  }

  private var _end: TextPosition = TextPosition(utf8: 0, utf16: 0, char: 0)
  /// Where ``position(advancingTo:)`` stopped: a Character boundary.
  private var lastBoundary = TextPosition(utf8: 0, utf16: 0, char: 0)
  /// The boundary remembered before `lastBoundary`: writers of nested ranges ask a parent's start,
  /// its end, then a child's start between them, which walks on from here instead of from a
  /// checkpoint up to 256 Characters back.
  private var earlierBoundary = TextPosition(utf8: 0, utf16: 0, char: 0)

  /// The position of the end of the text.
  public var end: TextPosition { _end }

  /// Where this converter's last input byte and line lookups landed in the document's source map
  /// (`SourceMap.sourceOffset(forTextOffset:hint:)`): output writes the input position of every
  /// range it writes the offsets of, in the same forward order (package plumbing: Output's).
  package var sourceHint = SourceMap.Hint()

  private func checkpoint(where key: (TextPosition) -> Int, atMost value: Int) -> TextPosition {
    checkpoints[max(0, checkpoints.partitioningIndex { key($0) > value } - 1)]
  }

  /// The position of a UTF-8 offset (clamped to the text).
  public func position(utf8 offset: Int) -> TextPosition {
    let target = Swift.min(Swift.max(offset, 0), _end.utf8)
    return walk(from: checkpoint(where: { $0.utf8 }, atMost: target), to: target).position
  }

  /// ``position(utf8:)`` for offsets asked in (mostly) increasing order, as every writer asks them:
  /// the walk starts at the Character boundary where the previous call stopped when that is nearer
  /// than the checkpoint, so a whole document's ranges cost one pass over the text instead of up to
  /// 256 Characters per offset (issue 15: a quarter of `detect`'s time on dense text). Any order
  /// is still answered right: a remembered boundary past the target is not used. Tested against
  /// ``position(utf8:)`` (TextOffsetConverterTests).
  public mutating func position(advancingTo offset: Int) -> TextPosition {
    let target = Swift.min(Swift.max(offset, 0), _end.utf8)
    var start: TextPosition
    if lastBoundary.utf8 <= target && target - lastBoundary.utf8 <= Self.stride {
      // Near where the last call stopped (the usual case: a range's end after its start, the next
      // range a few words on): at most a checkpoint's stride of bytes to walk, so no search for one.
      start = lastBoundary
    } else {
      start = checkpoint(where: { $0.utf8 }, atMost: target)
      if lastBoundary.utf8 <= target && lastBoundary.utf8 > start.utf8 { start = lastBoundary }
    }
    if earlierBoundary.utf8 <= target && earlierBoundary.utf8 > start.utf8 { start = earlierBoundary }
    let (position, boundary) = walk(from: start, to: target)
    if boundary.utf8 != lastBoundary.utf8 { earlierBoundary = lastBoundary }
    lastBoundary = boundary
    return position
  }

  /// The position of `target`, walking from the boundary `checkpoint` (at or before it), and the
  /// last Character boundary at or before `target`.
  private func walk(from checkpoint: TextPosition, to target: Int) -> (position: TextPosition, boundary: TextPosition) {
    var copy = text
    return copy.withUTF8 { bytes in
      // ASCII and plain scalars skipped a Character each, anything else walked Character by
      // Character; back to skipping at the first ASCII byte after a boundary (a fresh walk is valid
      // from any boundary).
      var last = checkpoint
      walking: while true {
        last = GraphemeWalk.skipPlain(bytes, from: last, upTo: target)
        if last.utf8 >= target { break }
        var walk = GraphemeWalk(bytes, from: last)
        _ = walk.nextBoundary()  // the boundary it starts at
        repeat {
          guard let boundary = walk.nextBoundary(), boundary.utf8 <= target else { break walking }
          last = boundary
        } while last.utf8 < target && bytes[last.utf8] >= 0x80
      }
      if last.utf8 == target { return (last, last) }
      // Inside a Character: its index for `char`, its scalars before the target for `utf16`.
      var position = last
      while position.utf8 < target {
        let (scalar, length) = GraphemeWalk.decode(bytes, at: position.utf8)
        guard position.utf8 + length <= target else { break }
        position.utf8 += length
        position.utf16 += scalar.utf16.count
      }
      return (position, last)
    }
  }

  /// The UTF-8 offset of a UTF-16 offset (clamped to the text; inside a scalar, that scalar's start).
  public func utf8Offset(utf16 offset: Int) -> Int {
    let target = Swift.min(Swift.max(offset, 0), _end.utf16)
    var position = checkpoint(where: { $0.utf16 }, atMost: target)
    var copy = text
    return copy.withUTF8 { bytes in
      while position.utf16 < target && position.utf8 < bytes.count {
        let (scalar, length) = GraphemeWalk.decode(bytes, at: position.utf8)
        if position.utf16 + scalar.utf16.count > target { break }
        position.utf16 += scalar.utf16.count
        position.utf8 += length
      }
      return position.utf8
    }
  }

  /// The UTF-8 offset of a Character offset (clamped to the text).
  public func utf8Offset(char offset: Int) -> Int {
    let target = Swift.min(Swift.max(offset, 0), _end.char)
    let start = checkpoint(where: { $0.char }, atMost: target)
    if start.char == target { return start.utf8 }
    var copy = text
    return copy.withUTF8 { bytes in
      var walk = GraphemeWalk(bytes, from: start)
      while let boundary = walk.nextBoundary() {
        if boundary.char == target { return boundary.utf8 }
      }
      return walk.position.utf8
    }
  }
}

/// Walks Character boundaries forward over valid UTF-8, counting UTF-16 units and Characters.
///
/// ASCII followed by ASCII is always a boundary (except CR LF); elsewhere the standard library's
/// forward grapheme recognizer decides, fed one scalar at a time. The walk must start at a Character
/// boundary: a fresh recognizer there is in the same state as one that walked from the start, since
/// no grapheme rule looks back across a boundary (regional indicators pair from the boundary on).
package struct GraphemeWalk {
  private let bytes: UnsafeBufferPointer<UInt8>
  /// Where the walk is: the last boundary returned, or the end of the text once it is reached.
  private(set) var position: TextPosition
  private var recognizer = Unicode._CharacterRecognizer()
  /// The scalar after the last boundary, already fed to the recognizer.
  private var started = false

  package init(_ bytes: UnsafeBufferPointer<UInt8>, from start: TextPosition) {
    self.bytes = bytes
    self.position = start
  }

  /// The next Character boundary after the current one — the start of the text first, when the walk
  /// starts there — or nil at the end. The end of the text is returned as the last boundary.
  package mutating func nextBoundary() -> TextPosition? {
    let count = bytes.count
    if !started {
      started = true
      guard position.utf8 < count else { return nil }
      let (scalar, _) = Self.decode(bytes, at: position.utf8)
      _ = recognizer.hasBreak(before: scalar)
      return position
    }
    guard position.utf8 < count else { return nil }
    // Consume the Character that starts at `position`.
    var utf8 = position.utf8
    var utf16 = position.utf16
    var (scalar, length) = Self.decode(bytes, at: utf8)
    while true {
      utf8 += length
      utf16 += scalar.utf16.count
      if utf8 >= count { break }
      let byte = bytes[utf8]
      if byte < 0x80 && scalar.value < 0x80 && !(scalar.value == 0x0D && byte == 0x0A) {
        // ASCII after ASCII (not CR LF): a boundary under every rule. Reset the recognizer to the
        // state after this scalar, which is the same whatever came before it.
        recognizer = Unicode._CharacterRecognizer()
        _ = recognizer.hasBreak(before: Unicode.Scalar(byte))
        break
      }
      let previous = scalar
      (scalar, length) = Self.decode(bytes, at: utf8)
      if Self.isPlain(previous) && Self.isPlain(scalar) {
        // Two plain scalars (see isPlain): a boundary under every rule, as for ASCII above.
        recognizer = Unicode._CharacterRecognizer()
        _ = recognizer.hasBreak(before: scalar)
        break
      }
      if recognizer.hasBreak(before: scalar) { break }
    }
    position = TextPosition(utf8: utf8, utf16: utf16, char: position.char + 1)
    return position
  }

  /// Whether `scalar` is plain for grapheme breaking: Grapheme_Cluster_Break=Other, not
  /// Extended_Pictographic, not an Indic conjunct consonant (InCB). Between two plain scalars there
  /// is always a boundary (UAX #29 GB999: no rule joins them), and the recognizer's state after a
  /// plain scalar does not depend on what came before it. Conservative ranges of the scripts this
  /// project reads (Latin, Greek, Cyrillic, Hebrew and Arabic letters, CJK, kana, full-width
  /// forms); anything else takes the recognizer. Checked against `String`'s Character counts
  /// scalar by scalar (TextOffsetConverterTests).
  static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x20...0x7E, 0xC0...0x24F, 0x370...0x377, 0x37A...0x37F, 0x384...0x3FF, 0x400...0x482, 0x48A...0x52F,
      0x5D0...0x5EA, 0x620...0x64A, 0x660...0x66F, 0x671...0x6D5, 0x1E00...0x1EFF, 0x2010...0x2027,
      0x2030...0x203B, 0x3000...0x3029, 0x3041...0x3096, 0x309B...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xFF01...0xFF5E:
      return true
    default:
      return false
    }
  }

  /// From a Character boundary, skips ASCII Characters up to `target` without the grapheme
  /// recognizer: an ASCII byte followed by another ASCII byte is a Character of its own (except CR
  /// LF), so each such byte is one UTF-8 unit, one UTF-16 unit and one Character. Stops before a byte
  /// followed by non-ASCII (a combining mark may join it) and before CR LF; what it returns is a
  /// boundary, where a ``GraphemeWalk`` may start. Most text is mostly ASCII: this is the common case
  /// of every offset conversion. Tested against `String`'s own counts (TextOffsetConverterTests).
  static func skipASCII(_ bytes: UnsafeBufferPointer<UInt8>, from start: TextPosition, upTo target: Int)
    -> TextPosition
  {
    var utf8 = start.utf8
    let limit = Swift.min(target, bytes.count - 1)
    // Eight bytes at a time: when all eight are ASCII and none is CR, the first seven are skipped
    // (each is followed by an ASCII byte and is not the CR of a CR LF); the last waits for the next
    // load. The byte loop below decides the rest.
    if let base = bytes.baseAddress {
      let raw = UnsafeRawPointer(base)
      while utf8 + 7 <= limit {
        let word = ByteWords.load(raw, at: utf8)
        if ByteWords.hasNonASCII(word) || ByteWords.zeroBytes(word ^ ByteWords.broadcast(0x0D)) != 0 { break }
        utf8 += 7
      }
    }
    while utf8 < limit {
      let byte = bytes[utf8]
      let next = bytes[utf8 + 1]
      if byte >= 0x80 || next >= 0x80 || (byte == 0x0D && next == 0x0A) { break }
      utf8 += 1
    }
    let skipped = utf8 - start.utf8
    return TextPosition(utf8: utf8, utf16: start.utf16 + skipped, char: start.char + skipped)
  }

  /// From a Character boundary, skips Characters up to `target` that are one scalar each with no
  /// grapheme rule to ask: ASCII as ``skipASCII(_:from:upTo:)`` does, eight bytes at a time, and any
  /// scalar that is plain or a control (see ``isPlain(_:)``) followed by another such scalar (not CR
  /// LF): GB4 and GB5 break after and before controls, GB999 between plain scalars. An em dash, a
  /// bullet, CJK, Arabic or Vietnamese letters took a fresh grapheme recognizer each (~300
  /// instructions), in mostly ASCII text a good part of converting offsets (issue 15). Stops at
  /// anything else, at a boundary where a ``GraphemeWalk`` may start. Tested against `String`'s
  /// counts (TextOffsetConverterTests).
  static func skipPlain(_ bytes: UnsafeBufferPointer<UInt8>, from start: TextPosition, upTo target: Int)
    -> TextPosition
  {
    var position = skipASCII(bytes, from: start, upTo: target)
    guard position.utf8 < target else { return position }
    var (scalar, length) = decode(bytes, at: position.utf8)
    while true {
      let next = position.utf8 + length
      guard next <= target, next < bytes.count, isPlainOrControl(scalar) else { break }
      let following = decode(bytes, at: next)
      guard isPlainOrControl(following.0), !(scalar == "\r" && following.0 == "\n") else { break }
      // Plain scalars and controls are all in the Basic Multilingual Plane: one UTF-16 unit.
      position = TextPosition(utf8: next, utf16: position.utf16 + 1, char: position.char + 1)
      if following.0.isASCII {
        position = skipASCII(bytes, from: position, upTo: target)
        guard position.utf8 < target else { break }
        (scalar, length) = decode(bytes, at: position.utf8)
      } else {
        (scalar, length) = following  // decoded once, not again at the top
      }
    }
    return position
  }

  /// ``isPlain(_:)``, or an ASCII control (Grapheme_Cluster_Break Control, CR or LF).
  static func isPlainOrControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || scalar.value == 0x7F || isPlain(scalar)
  }

  /// The scalar at a UTF-8 offset of valid UTF-8 (a continuation byte decodes as U+FFFD, length 1).
  package static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int) {
    let lead = bytes[index]
    if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
    let length: Int
    var value: UInt32
    switch lead {
    case 0xC0..<0xE0:
      length = 2
      value = UInt32(lead & 0x1F)
    case 0xE0..<0xF0:
      length = 3
      value = UInt32(lead & 0x0F)
    case 0xF0..<0xF8:
      length = 4
      value = UInt32(lead & 0x07)
    default: return ("\u{FFFD}", 1)
    }
    guard index + length <= bytes.count else { return ("\u{FFFD}", 1) }
    for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
    return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
  }
}
