/// Bytes of an HTML page on their way out: markup appended as it is, document text escaped, handed
/// to the caller's `write` in pieces of about 64 KiB (the page of a 10 MB document is never held
/// whole).
///
/// Everything that comes from a document goes through ``text(_:)`` or ``attribute(_:)``: `&`, `<`,
/// `>`, `"` and `'` become character references (so `</script>`, `<img onerror>` or a quote that
/// ends an attribute stay text), and every control character (C0 but tab and line feed, DEL, C1)
/// and every bidi embedding, override or isolate is shown as the escape ``TerminalText`` uses
/// (`\x1b`, `\u202e`), so nothing in the document can reorder or hide what the page shows.
///
/// The bytes wait in a room of its own (a pointer, not an array: a page is four million appends of
/// a few bytes, and `Array.append(contentsOf:)` checked uniqueness and capacity on each, 3% of
/// `preview --no-audit`); a full room is copied into one reused array for `write`. Not copyable:
/// two copies would share the room.
struct HTMLBuffer: ~Copyable {
  private static let chunk = 1 << 16
  private let room: UnsafeMutablePointer<UInt8>
  private var count = 0
  /// Bytes handed on so far (``total`` adds what is buffered).
  private var handedTotal = 0
  /// What `write` gets (one array, emptied and used again while the callee keeps no copy).
  private var handed: [UInt8] = []
  private let write: ([UInt8]) -> Void

  init(write: @escaping ([UInt8]) -> Void) {
    self.write = write
    room = .allocate(capacity: Self.chunk)
    handed.reserveCapacity(Self.chunk)
  }

  deinit { room.deallocate() }

  /// Appends bytes, handing on each full room.
  @inline(__always)
  private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard var source = bytes.baseAddress else { return }
    var left = bytes.count
    while left > Self.chunk - count {
      let fits = Self.chunk - count
      (room + count).update(from: source, count: fits)
      count = Self.chunk
      flush()
      source += fits
      left -= fits
    }
    (room + count).update(from: source, count: left)
    count += left
  }

  @inline(__always)
  private mutating func append(_ byte: UInt8) {
    if count == Self.chunk { flush() }
    room[count] = byte
    count += 1
  }

  /// Appends markup (never document text).
  mutating func raw(_ markup: String) {
    var markup = markup
    markup.withUTF8 { append($0) }
  }

  /// Hands on markup made before (by another buffer), after what is buffered.
  mutating func bytes(_ markup: [UInt8]) {
    flush()
    handedTotal += markup.count
    if !markup.isEmpty { write(markup) }
  }

  /// Appends a decimal number.
  mutating func number(_ value: Int) {
    if value < 0 { append(0x2D) }
    var rest = value.magnitude
    if rest < 10 {
      append(UInt8(truncatingIfNeeded: 0x30 &+ rest))
      return
    }
    // Digits written from the end of a room on the stack, then appended at once (a page writes
    // half a million numbers).
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
    withUnsafeMutableBytes(of: &digits) { raw in
      let digits = raw.bindMemory(to: UInt8.self)
      var at = digits.count
      repeat {
        at -= 1
        digits[at] = UInt8(truncatingIfNeeded: 0x30 &+ rest % 10)
        rest /= 10
      } while rest > 0
      append(UnsafeBufferPointer(rebasing: digits[at...]))
    }
  }

  /// Appends document text, escaped for an element's content.
  mutating func text(_ text: some StringProtocol) {
    var copy = String(text)
    copy.withUTF8 { escape($0) }
  }

  /// Appends document bytes, escaped for an element's content.
  mutating func text(utf8: UnsafeBufferPointer<UInt8>) { escape(utf8) }

  /// Appends document text, escaped for a quoted attribute value (the same escapes: quotes included).
  mutating func attribute(_ value: some StringProtocol) { text(value) }

  /// Appends `data` as base64 (RFC 4648, with padding), for a `data:` URI.
  mutating func base64(_ data: [UInt8]) {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    var index = 0
    while index + 3 <= data.count {
      let value = UInt32(data[index]) << 16 | UInt32(data[index + 1]) << 8 | UInt32(data[index + 2])
      append(alphabet[Int(value >> 18 & 63)])
      append(alphabet[Int(value >> 12 & 63)])
      append(alphabet[Int(value >> 6 & 63)])
      append(alphabet[Int(value & 63)])
      index += 3
    }
    let rest = data.count - index
    if rest > 0 {
      let value = UInt32(data[index]) << 16 | (rest == 2 ? UInt32(data[index + 1]) << 8 : 0)
      append(alphabet[Int(value >> 18 & 63)])
      append(alphabet[Int(value >> 12 & 63)])
      append(rest == 2 ? alphabet[Int(value >> 6 & 63)] : 0x3D)
      append(0x3D)
    }
  }

  /// Every byte appended so far (handed on or buffered): what a page has cost up to here.
  var total: Int { handedTotal + count }

  /// Appends document bytes escaped (as ``text(utf8:)``) in pieces of about 4 KiB cut at character
  /// starts, until ``total`` reaches `limit`; returns how many of the bytes were taken (all of them,
  /// or fewer at a character's start). Bounds what one huge block costs a page.
  mutating func text(utf8: UnsafeBufferPointer<UInt8>, upTo limit: Int) -> Int {
    var taken = 0
    while taken < utf8.count && total < limit {
      var end = min(taken + 4096, utf8.count)
      while end < utf8.count && utf8[end] & 0xC0 == 0x80 { end += 1 }
      escape(UnsafeBufferPointer(rebasing: utf8[taken..<end]))
      taken = end
    }
    return taken
  }

  /// Hands on what is buffered.
  mutating func flush() {
    guard count > 0 else { return }
    handedTotal += count
    handed.removeAll(keepingCapacity: true)
    handed.append(contentsOf: UnsafeBufferPointer(start: room, count: count))
    count = 0
    write(handed)
  }

  /// Whether a byte needs a look: markup-significant ASCII, controls, DEL, and the lead bytes of
  /// C1 controls (C2) and of the bidi controls (E2).
  private static let attention: [Bool] = (0..<256).map { byte in
    byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xE2
      || [0x26, 0x3C, 0x3E, 0x22, 0x27].contains(byte)
  }

  private mutating func escape(_ utf8: UnsafeBufferPointer<UInt8>) {
    let attention = Self.attention
    var copied = 0
    var index = 0
    let count = utf8.count
    while index < count {
      let byte = utf8[index]
      if !attention[Int(byte)] {
        index += 1
        continue
      }
      let replacement: StaticString?
      var length = 1
      switch byte {
      case 0x26: replacement = "&amp;"
      case 0x3C: replacement = "&lt;"
      case 0x3E: replacement = "&gt;"
      case 0x22: replacement = "&quot;"
      case 0x27: replacement = "&#39;"
      default:
        replacement = nil
        length = TerminalText.escapedLength(utf8, at: index)
        if length == 0 {
          index += 1
          continue
        }
      }
      if copied < index { append(UnsafeBufferPointer(rebasing: utf8[copied..<index])) }
      if let replacement {
        replacement.withUTF8Buffer { append($0) }
      } else {
        var escaped: [UInt8] = []
        TerminalText.appendEscape(utf8, at: index, length: length, to: &escaped)
        escaped.withUnsafeBufferPointer { append($0) }
      }
      index += length
      copied = index
    }
    if copied < count { append(UnsafeBufferPointer(rebasing: utf8[copied..<count])) }
  }
}
