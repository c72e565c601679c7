@_spi(Plumbing) internal import TextModel

/// JSON written straight into a room reserved for it (`Array.appendJSON(atMost:_:)`): no capacity
/// or uniqueness check per piece. Appending each literal piece of a detection's line to an array
/// was a third of `detect --format jsonl`'s output time (issue 15). The escaping here is the only
/// one: `JSONWriter`'s string writers use it too.
///
/// The cursor carries the end of its room and checks before each write that the bytes fit
/// (``hasRoom(for:)``, an `assert`: active in debug builds, gone from release builds, where the
/// room's size comes from a ``JSONBound`` of the same template and `appendJSON` checks once after).
struct JSONCursor {
  private(set) var pointer: UnsafeMutablePointer<UInt8>
  /// One past the last byte of the room.
  let end: UnsafeMutablePointer<UInt8>

  /// A cursor at the start of `room`, which it never writes past.
  init(_ room: UnsafeMutableBufferPointer<UInt8>) {
    pointer = room.baseAddress!
    end = pointer + room.count
  }

  /// The most bytes ``decimal(_:)`` writes (`Int.min`: a sign and 19 digits).
  static let decimalBound = 20
  /// The most bytes ``number(_:)`` writes.
  static let numberBound = 32

  /// The most bytes ``quoted(_:)`` writes for a value of `count` UTF-8 bytes.
  static func quotedBound(_ count: Int) -> Int { escapedBound(count) + 2 }
  /// The most bytes ``escaped(_:)`` writes for `count` bytes (a control character is `\u00XX`).
  static func escapedBound(_ count: Int) -> Int { count * 6 }

  /// The largest room a template takes for a value written through the same cursor as the members
  /// around it: one temporary room and one copy for the whole. `withUnsafeTemporaryAllocation` puts
  /// a room of up to a KiB on the stack (the usual line: a detection's is two rooms of under a KiB)
  /// and a larger one on the heap; a template whose bound is larger is appended piece by piece
  /// (`Array.append(template:)`), a long value escaped in pieces of its own.
  static let inOneCursor = 4096

  /// Whether `count` more bytes fit in the room: checked before every write.
  @inline(__always) func hasRoom(for count: Int) -> Bool { end - pointer >= count }

  @inline(__always) private func checkRoom(_ count: Int) {
    assert(hasRoom(for: count), "a JSON template wrote past the room its bound reserved")
  }

  @inline(__always) mutating func byte(_ value: UInt8) {
    checkRoom(1)
    pointer.pointee = value
    pointer += 1
  }

  @inline(__always) mutating func literal(_ text: StaticString) {
    let count = text.utf8CodeUnitCount
    checkRoom(count)
    // A raw copy of a length known where this is inlined: a few moves (`update(from:count:)` was a
    // call per literal).
    UnsafeMutableRawPointer(pointer).copyMemory(from: text.utf8Start, byteCount: count)
    pointer += count
  }

  mutating func bytes(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let base = bytes.baseAddress else { return }
    checkRoom(bytes.count)
    pointer.update(from: base, count: bytes.count)
    pointer += bytes.count
  }

  /// An integer in decimal: its digits counted by a few comparisons, then written from the end two
  /// at a time, each pair copied from a table of the hundred pairs "00"…"99" (one multiplication by a
  /// reciprocal for two digits). Counting in a loop and dividing by ten for each digit was ~110
  /// instructions an offset, and every block, run, detection and speech segment writes nine (issue
  /// 15). `JSONCursorTests` compares it with `String(_:)` on edges and random values.
  mutating func decimal(_ value: Int) {
    if value < 0 { byte(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    if magnitude < 10 { return byte(UInt8(truncatingIfNeeded: magnitude) &+ UInt8(ascii: "0")) }
    let digits = Self.digitCount(magnitude)
    checkRoom(digits)
    var digitEnd = pointer + digits
    pointer = digitEnd
    let pairs = UnsafeRawPointer(Self.digitPairs.utf8Start)
    while magnitude >= 100 {
      let rest = magnitude / 100
      let pair = Int(truncatingIfNeeded: magnitude &- rest &* 100)
      digitEnd -= 2
      UnsafeMutableRawPointer(digitEnd).storeBytes(
        of: pairs.loadUnaligned(fromByteOffset: pair &* 2, as: UInt16.self), as: UInt16.self)
      magnitude = rest
    }
    if magnitude >= 10 {
      digitEnd -= 2
      UnsafeMutableRawPointer(digitEnd).storeBytes(
        of: pairs.loadUnaligned(fromByteOffset: Int(truncatingIfNeeded: magnitude) &* 2, as: UInt16.self),
        as: UInt16.self)
    } else {
      digitEnd -= 1
      digitEnd.pointee = UInt8(truncatingIfNeeded: magnitude) &+ UInt8(ascii: "0")
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
        byte(UInt8(ascii: "0"))
        byte(UInt8(ascii: "."))
        byte(UInt8(ascii: "0") + UInt8(hundredths / 10))
        if hundredths % 10 != 0 { byte(UInt8(ascii: "0") + UInt8(hundredths % 10)) }
        return
      }
    }
    var text = String(value)
    text.withUTF8 { bytes($0) }
  }

  /// A string literal (RFC 8259 escapes; non-ASCII as UTF-8, but U+2028 and U+2029 escaped for
  /// JavaScript consumers).
  mutating func quoted(_ value: some StringProtocol) {
    byte(UInt8(ascii: "\""))
    if value.utf8.withContiguousStorageIfAvailable({ escaped($0) }) == nil {
      var copy = String(value)
      copy.withUTF8 { escaped($0) }
    }
    byte(UInt8(ascii: "\""))
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
      if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") && byte != 0xE2 {
        index += 1
        continue
      }
      // U+2028 and U+2029: E2 80 A8 and E2 80 A9.
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
      case UInt8(ascii: "\""): literal("\\\"")
      case UInt8(ascii: "\\"): literal("\\\\")
      case UInt8(ascii: "\n"): literal("\\n")
      case UInt8(ascii: "\r"): literal("\\r")
      case UInt8(ascii: "\t"): literal("\\t")
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
    ByteWords.bytesBelow(0x20, in: word) | ByteWords.zeroBytes(word ^ ByteWords.broadcast(UInt8(ascii: "\"")))
      | ByteWords.zeroBytes(word ^ ByteWords.broadcast(UInt8(ascii: "\\")))
      | ByteWords.zeroBytes(word ^ ByteWords.broadcast(0xE2))
      != 0
  }
}

extension Array where Element == UInt8 {
  /// Appends what `write` writes through a cursor, at most `bound` bytes: written into temporary
  /// storage (on the stack when small), then appended in one copy. The cursor checks each write
  /// against `bound` in debug builds; a release build checks once, after.
  mutating func appendJSON(atMost bound: Int, _ write: (inout JSONCursor) -> Void) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bound) { buffer in
      var cursor = JSONCursor(buffer)
      write(&cursor)
      let base = buffer.baseAddress!
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
      appendJSON(atMost: JSONCursor.escapedBound(piece.count)) { $0.escaped(piece) }
      start = end
    }
  }
}
