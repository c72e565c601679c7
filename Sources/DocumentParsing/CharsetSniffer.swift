internal import TextModel
internal import UnicodeSupport

/// Finds the encoding of an input from its first bytes, by the WHATWG rules (docs/ENCODINGS.md):
/// a byte-order mark first, then the caller's override, then UTF-16/UTF-32 recognised by the zero
/// bytes of ASCII-range text, then (HTML) the "prescan a byte stream to determine its encoding"
/// algorithm over the first 1024 bytes or (XML) the XML declaration, else UTF-8 when the bytes are
/// valid UTF-8, else windows-1252.
enum CharsetSniffer {
  /// What was decided, and what to tell the user about it.
  struct Decision {
    var encoding: TextEncoding
    /// The byte-order mark's length (0 without one): those bytes are not text.
    var bomLength = 0
    /// Notes on the choice: an ignored or refused label, a fallback.
    var messages: [String] = []
  }

  /// The number of bytes the HTML prescan looks at.
  static let prescanLength = 1024
  /// How many valid multi-byte UTF-8 characters (and no invalid sequence) in the first bytes overrule
  /// a declared legacy encoding.
  static let staleDeclarationEvidence = 8

  /// Decides the encoding of an input that starts with `head`.
  /// - Parameters:
  ///   - head: the first bytes (at least 1024, or the whole input when it is shorter).
  ///   - format: html or xml run the matching declaration scan; text runs none.
  ///   - override: a label from `--encoding` (``ReaderOptions/encoding``).
  static func decide(head: some Collection<UInt8>, format: InputFormat, override: String?) -> Decision {
    let bytes = Array(head.prefix(64 * 1024))
    if let (encoding, length) = byteOrderMark(bytes) { return Decision(encoding: encoding, bomLength: length) }
    var messages: [String] = []
    if let override {
      if let refusal = TextEncoding.refusal(ofLabel: override) {
        messages.append("--encoding: " + refusal)
      } else if let encoding = usable(TextEncoding(label: override)!, messages: &messages, what: "--encoding") {
        return Decision(encoding: encoding, messages: messages)
      }
    }
    if let wide = wideUnicode(bytes) { return Decision(encoding: wide, messages: messages) }
    var declared: (label: String, from: String)?
    switch format {
    case .html:
      declared = prescan(bytes).map { ($0, "<meta>") } ?? xmlDeclaredEncoding(bytes).map { ($0, "the XML declaration") }
    case .xml: declared = xmlDeclaredEncoding(bytes).map { ($0, "the XML declaration") }
    case .text, .epub, .docx: declared = nil
    }
    if let declared {
      if let refusal = TextEncoding.refusal(ofLabel: declared.label) {
        messages.append("\(declared.from): " + refusal)
      } else if var encoding = TextEncoding(label: declared.label) {
        // WHATWG: a declaration read from ASCII bytes cannot be right about UTF-16 (it would not be
        // readable as ASCII), so it means UTF-8; x-user-defined means windows-1252.
        if encoding.isWideUnicode { encoding = .utf8 }
        if let encoding = usable(encoding, messages: &messages, what: declared.from) {
          // A stale declaration: a page saved as UTF-8 that still says gb2312 or windows-1252. Text
          // in a legacy encoding almost never forms many valid multi-byte UTF-8 sequences and no
          // invalid one, so the bytes win (browsers show mojibake here; a reader should not).
          let (valid, invalid) = utf8Sequences(bytes)
          if encoding != .utf8, invalid == 0, valid >= Self.staleDeclarationEvidence {
            messages.append(
              "\(declared.from) declares \(encoding.name), but the bytes are valid UTF-8 (\(valid) multi-byte "
                + "characters, no invalid byte): read as UTF-8")
            return Decision(encoding: .utf8, messages: messages)
          }
          return Decision(encoding: encoding, messages: messages)
        }
      }
    }
    let (valid, invalid) = utf8Sequences(bytes)
    // Valid UTF-8, or UTF-8 with a few damaged bytes (at least as many valid multi-byte characters as
    // invalid sequences: windows-1252 text almost never forms valid multi-byte UTF-8).
    if invalid == 0 || valid >= invalid { return Decision(encoding: .utf8, messages: messages) }
    messages.append("no usable encoding declared and the bytes are not valid UTF-8: read as windows-1252")
    return Decision(encoding: .windows1252, messages: messages)
  }

  /// The encoding to use for `encoding`, or nil (with a message) when this machine cannot decode it.
  private static func usable(_ encoding: TextEncoding, messages: inout [String], what: String) -> TextEncoding? {
    if encoding.name == "x-user-defined" { return .windows1252 }
    if encoding == .utf8 || StreamingConverter.canOpen(encoding.converterName) { return encoding }
    messages.append("\(what): the encoding \(encoding.name) has no converter here and was ignored")
    return nil
  }

  // MARK: Byte-order marks and wide Unicode

  /// The encoding a byte-order mark names, and the mark's length. UTF-32LE's mark starts like
  /// UTF-16LE's, so it is checked first.
  static func byteOrderMark(_ bytes: [UInt8]) -> (TextEncoding, Int)? {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return (.utf8, 3) }
    if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return (.utf32LE, 4) }
    if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return (.utf32BE, 4) }
    if bytes.starts(with: [0xFF, 0xFE]) { return (.utf16LE, 2) }
    if bytes.starts(with: [0xFE, 0xFF]) { return (.utf16BE, 2) }
    return nil
  }

  /// UTF-16 or UTF-32 without a byte-order mark, recognised the way XML's appendix F and browsers'
  /// detectors do: ASCII-range text has zero bytes at fixed places in each code unit ("<\0h\0" is
  /// UTF-16LE, "\0\0\0<" UTF-32BE). Looks at up to 512 bytes and needs the first code unit to be an
  /// ASCII character, most expected zero bytes to be zero and almost no other byte to be zero.
  static func wideUnicode(_ bytes: [UInt8]) -> TextEncoding? {
    let count = min(bytes.count, 512)
    guard count >= 4 else { return nil }
    func matches(unit: Int, asciiByte: Int) -> Bool {
      let units = count / unit
      guard units >= 2, bytes[asciiByte] != 0, bytes[asciiByte] < 0x80 else { return false }
      for position in 0..<unit where position != asciiByte && bytes[position] != 0 { return false }
      var zeroExpected = 0
      var zeroElsewhere = 0
      for index in 0..<(units * unit) {
        let isASCIIPlace = index % unit == asciiByte
        if bytes[index] == 0 {
          if isASCIIPlace { zeroElsewhere += 1 } else { zeroExpected += 1 }
        }
      }
      let expected = units * (unit - 1)
      return zeroExpected * 10 >= expected * 6 && zeroElsewhere * 10 <= units
    }
    if matches(unit: 4, asciiByte: 0) { return .utf32LE }
    if matches(unit: 4, asciiByte: 3) { return .utf32BE }
    if matches(unit: 2, asciiByte: 0) { return .utf16LE }
    if matches(unit: 2, asciiByte: 1) { return .utf16BE }
    return nil
  }

  /// Whether `bytes` are valid UTF-8, allowing a sequence cut short at the very end (a longer input
  /// was cut there).
  static func isValidUTF8Prefix(_ bytes: [UInt8]) -> Bool { utf8Sequences(bytes).invalid == 0 }

  /// How many valid multi-byte UTF-8 sequences and how many invalid sequences `bytes` hold (a
  /// sequence cut short at the very end counts as neither).
  static func utf8Sequences(_ bytes: [UInt8]) -> (valid: Int, invalid: Int) {
    bytes.withUnsafeBufferPointer { buffer in
      var valid = 0
      var invalid = 0
      var index = 0
      while index < buffer.count {
        if buffer[index] < 0x80 {
          index += 1
          continue
        }
        // The decoder's own sequence check (maximal invalid subparts, as the WHATWG decoder counts).
        let (length, isValid) = InputDecoder.sequence(buffer, at: index)
        if length == 0 { break }  // cut short at the very end
        if isValid { valid += 1 } else { invalid += 1 }
        index += length
      }
      return (valid, invalid)
    }
  }

  // MARK: The XML declaration

  /// The `encoding` of an XML declaration at the very start (`<?xml version="1.0" encoding="…"?>`).
  static func xmlDeclaredEncoding(_ bytes: [UInt8]) -> String? {
    guard bytes.starts(with: Array("<?xml".utf8)), bytes.count > 5, TextEncoding.isASCIIWhitespace(bytes[5]) else {
      return nil
    }
    let limit = min(bytes.count, prescanLength)
    guard let end = firstIndex(of: Array("?>".utf8), in: bytes, from: 5, limit: limit) else { return nil }
    guard let key = firstIndex(of: Array("encoding".utf8), in: bytes, from: 5, limit: end) else { return nil }
    var cursor = key + 8
    while cursor < end && TextEncoding.isASCIIWhitespace(bytes[cursor]) { cursor += 1 }
    guard cursor < end, bytes[cursor] == UInt8(ascii: "=") else { return nil }
    cursor += 1
    while cursor < end && TextEncoding.isASCIIWhitespace(bytes[cursor]) { cursor += 1 }
    guard cursor < end, bytes[cursor] == 0x22 || bytes[cursor] == 0x27 else { return nil }
    let quote = bytes[cursor]
    guard let close = bytes[(cursor + 1)..<end].firstIndex(of: quote) else { return nil }
    return String(decoding: bytes[(cursor + 1)..<close], as: UTF8.self)
  }

  static func firstIndex(
    of pattern: [UInt8], in bytes: [UInt8], from start: Int, limit: Int,
    ignoringCase: Bool = false
  ) -> Int? {
    var index = start
    while index + pattern.count <= limit {
      var matched = true
      for offset in 0..<pattern.count {
        var byte = bytes[index + offset]
        if ignoringCase && byte >= 0x41 && byte <= 0x5A { byte += 0x20 }
        if byte != pattern[offset] {
          matched = false
          break
        }
      }
      if matched { return index }
      index += 1
    }
    return nil
  }
}
