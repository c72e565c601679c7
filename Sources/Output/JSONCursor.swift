internal import TextModel

/// JSON written straight into bytes reserved for it (`Array.appendJSON(atMost:_:)`): no
/// capacity or uniqueness check per piece. Appending each literal piece of a detection's line to
/// an array was a third of `detect --format jsonl`'s output time (issue 15). The escaping here is the
/// only one: `JSONWriter`'s string writers use it too.
struct JSONCursor {
  private(set) var pointer: UnsafeMutablePointer<UInt8>

  init(_ pointer: UnsafeMutablePointer<UInt8>) { self.pointer = pointer }

  /// The most bytes ``decimal(_:)`` writes.
  static let decimalBound = 20
  /// The most bytes ``number(_:)`` writes.
  static let numberBound = 32

  /// The most bytes ``quoted(_:)`` writes for a value of `count` UTF-8 bytes.
  static func quotedBound(_ count: Int) -> Int { count * 6 + 2 }

  @inline(__always) mutating func byte(_ value: UInt8) {
    pointer.pointee = value
    pointer += 1
  }

  @inline(__always) mutating func literal(_ text: StaticString) {
    let count = text.utf8CodeUnitCount
    // A raw copy of a length known where this is inlined: a few moves (`update(from:count:)` was a
    // call per literal).
    UnsafeMutableRawPointer(pointer).copyMemory(from: text.utf8Start, byteCount: count)
    pointer += count
  }

  mutating func bytes(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let base = bytes.baseAddress else { return }
    pointer.update(from: base, count: bytes.count)
    pointer += bytes.count
  }

  /// An integer in decimal: its digits counted by a few comparisons, then written from the end two
  /// at a time, each pair copied from a table of the hundred pairs "00"…"99" (one multiplication by a
  /// reciprocal for two digits). Counting in a loop and dividing by ten for each digit was ~110
  /// instructions an offset, and every block, run, detection and speech segment writes nine (issue
  /// 15). `JSONCursorTests` compares it with `String(_:)` on edges and random values.
  mutating func decimal(_ value: Int) {
    if value < 0 { byte(0x2D) }
    var magnitude = value.magnitude
    if magnitude < 10 { return byte(UInt8(truncatingIfNeeded: magnitude) &+ 0x30) }
    var end = pointer + Self.digitCount(magnitude)
    pointer = end
    let pairs = UnsafeRawPointer(Self.digitPairs.utf8Start)
    while magnitude >= 100 {
      let rest = magnitude / 100
      let pair = Int(truncatingIfNeeded: magnitude &- rest &* 100)
      end -= 2
      UnsafeMutableRawPointer(end).storeBytes(
        of: pairs.loadUnaligned(fromByteOffset: pair &* 2, as: UInt16.self), as: UInt16.self)
      magnitude = rest
    }
    if magnitude >= 10 {
      end -= 2
      UnsafeMutableRawPointer(end).storeBytes(
        of: pairs.loadUnaligned(fromByteOffset: Int(truncatingIfNeeded: magnitude) &* 2, as: UInt16.self),
        as: UInt16.self)
    } else {
      end -= 1
      end.pointee = UInt8(truncatingIfNeeded: magnitude) &+ 0x30
    }
  }

  /// "00", "01", … "99": the two digits of each number below 100, at twice its value.
  private static var digitPairs: StaticString {
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
  }

  /// How many decimal digits `value` has (at least 10): most offsets have at most eight, told apart
  /// by three comparisons.
  @inline(__always)
  private static func digitCount(_ value: UInt) -> Int {
    if value < 10_000 { return value < 100 ? 2 : value < 1_000 ? 3 : 4 }
    if value < 100_000_000 { return value < 1_000_000 ? (value < 100_000 ? 5 : 6) : (value < 10_000_000 ? 7 : 8) }
    var digits = 9
    var power: UInt = 1_000_000_000
    while digits < 20 && value >= power {
      digits += 1
      power &*= 10  // wraps only after the 20th digit, which ends the loop first
    }
    return digits
  }

  /// A floating-point number as `JSONWriter.number(_:)` writes it (a whole number without a
  /// fraction; non-finite values as null).
  mutating func number(_ value: Double) {
    guard value.isFinite else { return literal("null") }
    if value == value.rounded() && abs(value) < 1e15 { return decimal(Int(value)) }
    // Hundredths between 0 and 1 (every confidence: 0.97) without formatting a Double (a tenth of
    // writing a detection, issue 15). `k / 100` divided in Double is the double nearest to k/100, so
    // a value equal to it prints, shortest, as those digits: "0.97", "0.5" (no two-digit decimal
    // rounds to the same double as a one-digit one). `JSONCursorTests` compares with `String(value)`.
    if value > 0, value < 1 {
      let hundredths = Int((value * 100).rounded())
      if Double(hundredths) / 100 == value {
        byte(0x30)
        byte(0x2E)
        byte(0x30 + UInt8(hundredths / 10))
        if hundredths % 10 != 0 { byte(0x30 + UInt8(hundredths % 10)) }
        return
      }
    }
    var text = String(value)
    text.withUTF8 { bytes($0) }
  }

  /// A string literal (RFC 8259 escapes; non-ASCII as UTF-8, but U+2028 and U+2029 escaped for
  /// JavaScript consumers).
  mutating func quoted(_ value: some StringProtocol) {
    byte(0x22)
    if value.utf8.withContiguousStorageIfAvailable({ escaped($0) }) == nil {
      var copy = String(value)
      copy.withUTF8 { escaped($0) }
    }
    byte(0x22)
  }

  /// The bytes of a string's content, escaped (whole UTF-8 sequences: U+2028 is found only within).
  mutating func escaped(_ bytes: UnsafeBufferPointer<UInt8>) {
    var runStart = 0
    var index = 0
    let count = bytes.count
    func flush(_ end: Int, _ cursor: inout JSONCursor) {
      if end > runStart { cursor.bytes(UnsafeBufferPointer(rebasing: bytes[runStart..<end])) }
    }
    let raw = UnsafeRawPointer(bytes.baseAddress)
    while index < count {
      // Eight bytes at a time while none of them can need escaping (most text): `mayNeedEscaping`
      // is never false for a word holding a byte below 0x20, a quote, a backslash or 0xE2 (the
      // lead byte of U+2028/U+2029); a word it flags goes through the byte loop below.
      if let raw {
        while index + 8 <= count, !Self.mayNeedEscaping(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
          index += 8
        }
        if index == count { break }
      }
      let byte = bytes[index]
      if byte >= 0x20 && byte != 0x22 && byte != 0x5C && byte != 0xE2 {
        index += 1
        continue
      }
      if byte == 0xE2 {
        if index + 2 < count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9) {
          flush(index, &self)
          literal(bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029")
          index += 3
          runStart = index
        } else {
          index += 1
        }
        continue
      }
      flush(index, &self)
      switch byte {
      case 0x22: literal("\\\"")
      case 0x5C: literal("\\\\")
      case 0x0A: literal("\\n")
      case 0x0D: literal("\\r")
      case 0x09: literal("\\t")
      default:
        let hex: StaticString = "0123456789abcdef"
        literal("\\u00")
        self.byte(hex.utf8Start[Int(byte >> 4)])
        self.byte(hex.utf8Start[Int(byte & 0x0F)])
      }
      index += 1
      runStart = index
    }
    flush(count, &self)
  }
}

extension JSONCursor {
  /// Whether any of the eight bytes of `word` is below 0x20, 0x22 (quote), 0x5C (backslash) or 0xE2:
  /// `ByteWords.bytesBelow` (exact about whether one exists) on `word` for the control characters,
  /// and on `word` XOR the byte for the three others (a byte equal to it becomes 0). `JSONWriterTests` compares escaping
  /// with a scalar-by-scalar reference on runs of every length between the bytes it looks for.
  @inline(__always)
  static func mayNeedEscaping(_ word: UInt64) -> Bool {
    ByteWords.bytesBelow(0x20, in: word) | ByteWords.zeroBytes(word ^ ByteWords.broadcast(0x22))
      | ByteWords.zeroBytes(word ^ ByteWords.broadcast(0x5C)) | ByteWords.zeroBytes(word ^ ByteWords.broadcast(0xE2))
      != 0
  }
}

extension Array where Element == UInt8 {
  /// Appends what `write` writes through a cursor, at most `bound` bytes: written into temporary
  /// storage (on the stack when small), then appended in one copy.
  mutating func appendJSON(atMost bound: Int, _ write: (inout JSONCursor) -> Void) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bound) { buffer in
      let base = buffer.baseAddress!
      var cursor = JSONCursor(base)
      write(&cursor)
      let written = base.distance(to: cursor.pointer)
      precondition(written <= bound, "a JSON template wrote past its bound")
      append(contentsOf: UnsafeBufferPointer(start: base, count: written))
    }
  }

  /// Appends `bytes` (whole UTF-8 sequences) escaped, in pieces of at most 16 KiB, each cut before a
  /// UTF-8 lead byte (so no escaped sequence is split and the temporary room stays small).
  mutating func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
    var start = 0
    while start < bytes.count {
      var end = Swift.min(bytes.count, start + (16 << 10))
      while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
      let piece = UnsafeBufferPointer(rebasing: bytes[start..<end])
      appendJSON(atMost: JSONCursor.quotedBound(piece.count)) { $0.escaped(piece) }
      start = end
    }
  }
}
