/// Text made safe for a terminal: every control character a document (or a file name, or a request)
/// holds is shown as an escape a person can read, never sent (issue 42: `printf 'Evil \033[2J'` in a
/// document cleared the screen of whoever ran `textrotor parse` on it; OSC 0 set the window title and
/// OSC 52 wrote the clipboard).
///
/// Every human-facing output of the CLI goes through here by construction: the text methods of its
/// output buffer and both of its standard streams (the reading view, `detect` text and tsv, `rotor`
/// text, every `browse` line, `speak` text, help, every message on standard error). JSON, JSON Lines
/// and SSML do not: their own escaping already keeps controls out, and their bytes are a contract.
///
/// The convention is the escape notation of C, JSON and Python's `repr`, in ASCII, so that every
/// terminal shows it and every screen reader speaks it the same way ("backslash x 1 b"):
///
/// | shown as | what |
/// | --- | --- |
/// | `\x00` … `\x1f` | C0 controls but tab and line feed (ESC is `\x1b`, so `ESC [2J` shows `\x1b[2J`) |
/// | `\x7f` | DEL |
/// | `\x80` … `\x9f` | C1 controls (U+009B is CSI, a one-character ESC `[`) |
/// | `\u202a` … `\u202e`, `\u2066` … `\u2069` | bidi embeddings, overrides and isolates, which reorder what a terminal shows (a spoofed link target), not what is read |
///
/// Tab and line feed pass: the text formats are lines, and TSV is tab-separated. Everything else
/// passes unchanged, including the bidi marks U+200E, U+200F and U+061C (right-to-left text needs
/// them and they reorder nothing but their neighbours' direction).
///
/// The text that JSON offsets refer to is never changed: this is applied only where bytes meet a
/// human, never to a `TextDocument`.
package enum TerminalText {
  /// Appends `utf8` to `bytes` with every control shown as its escape.
  ///
  /// - Complexity: O(n). Text with nothing to escape is scanned once (one comparison per ASCII
  ///   byte) and copied whole.
  @inlinable
  package static func append(_ utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
    var copied = 0
    while let (index, length) = nextEscape(utf8, from: copied) {
      if copied < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[copied..<index])) }
      appendEscape(utf8, at: index, length: length, to: &bytes)
      copied = index + length
    }
    if copied == 0 {
      bytes.append(contentsOf: utf8)
    } else if copied < utf8.count {
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[copied...]))
    }
  }

  /// Appends the UTF-8 of `text` to `bytes` with every control shown as its escape.
  @inlinable
  package static func append(_ text: String, to bytes: inout [UInt8]) {
    var text = text
    text.withUTF8 { append($0, to: &bytes) }
  }

  /// `text` with every control shown as its escape (`text` itself when there is none).
  package static func visible(_ text: String) -> String {
    var text = text
    return text.withUTF8 { utf8 in
      guard containsControl(utf8) else { return nil }
      var bytes: [UInt8] = []
      bytes.reserveCapacity(utf8.count + 16)
      append(utf8, to: &bytes)
      return String(decoding: bytes, as: UTF8.self)
    } ?? text
  }

  /// Whether `utf8` holds anything ``append(_:to:)-(UnsafeBufferPointer<UInt8>,_)`` would escape.
  package static func containsControl(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    nextEscape(utf8, from: 0) != nil
  }

  /// Whether `scalar` is shown as an escape (the table above).
  package static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x0A: false
    case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  /// The offset and UTF-8 length of the first scalar at or after `start` that is shown as an escape.
  ///
  /// Eight bytes at a time while they are printable ASCII (no byte under 0x20, none 0x7F, none with
  /// the high bit), then byte by byte through the eight that are not: one or two comparisons per
  /// byte, a look at the next bytes only after C2 or E2.
  @usableFromInline
  static func nextEscape(_ utf8: UnsafeBufferPointer<UInt8>, from start: Int) -> (Int, Int)? {
    guard let base = utf8.baseAddress else { return nil }
    let count = utf8.count
    var index = start
    while true {
      while index + 8 <= count {
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let below20 = (word &- ones &* 0x20) & ~word & highs
        let isDelete = ((word ^ (ones &* 0x7F)) &- ones) & ~(word ^ (ones &* 0x7F)) & highs
        if (word & highs) | below20 | isDelete != 0 { break }
        index += 8
      }
      let stop = min(index + 8, count)
      while index < stop {
        let byte = base[index]
        if byte &- 0x20 < 0x5F || byte == 0x0A || byte == 0x09 || (byte >= 0x80 && byte != 0xC2 && byte != 0xE2) {
          index += 1
          continue
        }
        let length = escapedLength(utf8, at: index)
        if length > 0 { return (index, length) }
        index += 1
      }
      if index >= count { return nil }
    }
  }

  /// The UTF-8 length of the escaped scalar at `index`, or 0 when it is shown as it is.
  @usableFromInline
  static func escapedLength(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
    let byte = utf8[index]
    if byte < 0x20 { return byte == 0x09 || byte == 0x0A ? 0 : 1 }
    if byte == 0x7F { return 1 }
    if byte == 0xC2 {
      // U+0080 … U+009F: C2 80 … C2 9F.
      return index + 1 < utf8.count && utf8[index + 1] & 0xE0 == 0x80 ? 2 : 0
    }
    if byte == 0xE2, index + 2 < utf8.count {
      // U+202A … U+202E: E2 80 AA … AE; U+2066 … U+2069: E2 81 A6 … A9.
      let second = utf8[index + 1]
      let third = utf8[index + 2]
      if second == 0x80 && third >= 0xAA && third <= 0xAE { return 3 }
      if second == 0x81 && third >= 0xA6 && third <= 0xA9 { return 3 }
    }
    return 0
  }

  /// Appends the escape of the `length`-byte scalar at `index` (`\xHH` up to U+009F, else `\uHHHH`).
  @usableFromInline
  static func appendEscape(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int, length: Int, to bytes: inout [UInt8]) {
    let value: UInt32
    switch length {
    case 1: value = UInt32(utf8[index])
    case 2: value = UInt32(utf8[index] & 0x1F) << 6 | UInt32(utf8[index + 1] & 0x3F)
    default:
      value = UInt32(utf8[index] & 0x0F) << 12 | UInt32(utf8[index + 1] & 0x3F) << 6 | UInt32(utf8[index + 2] & 0x3F)
    }
    bytes.append(0x5C)  // backslash
    if value <= 0xFF {
      bytes.append(0x78)  // x
      bytes.append(hexDigit(value >> 4))
      bytes.append(hexDigit(value & 0xF))
    } else {
      bytes.append(0x75)  // u
      for shift in stride(from: 12, through: 0, by: -4) { bytes.append(hexDigit(value >> UInt32(shift) & 0xF)) }
    }
  }

  @usableFromInline
  static func hexDigit(_ value: UInt32) -> UInt8 { UInt8(value < 10 ? 0x30 + value : 0x57 + value) }
}
