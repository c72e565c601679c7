/// The HTML standard's "prescan a byte stream to determine its encoding" (§13.2.3.2), over the first
/// 1024 bytes only: comments are skipped, other tags' attributes are stepped over, and the first
/// `<meta charset>` or `<meta http-equiv="content-type" content="…charset=…">` whose label is known
/// decides. A `<meta>` after byte 1024 changes nothing.
extension CharsetSniffer {
  /// The first usable charset label a `<meta>` declares, as written (not yet looked up), or nil.
  /// Labels the table does not know are skipped, as the standard says; the last such label is
  /// remembered so the caller can say it was ignored.
  static func prescan(_ input: [UInt8]) -> String? {
    var scanner = PrescanScanner(bytes: Array(input.prefix(prescanLength)))
    return scanner.run()
  }
}

private struct PrescanScanner {
  let bytes: [UInt8]
  var position = 0
  /// A label that was found but is unknown or refused (reported instead of silently skipped).
  var rejected: String?

  init(bytes: [UInt8]) { self.bytes = bytes }

  var end: Int { bytes.count }

  func at(_ offset: Int) -> UInt8? { position + offset < end ? bytes[position + offset] : nil }

  func startsWith(_ literal: String, ignoringCase: Bool = true) -> Bool {
    CharsetSniffer.firstIndex(
      of: Array(literal.utf8), in: bytes, from: position, limit: min(end, position + literal.utf8.count),
      ignoringCase: ignoringCase) == position
  }

  static func isSpace(_ byte: UInt8) -> Bool { TextEncoding.isASCIIWhitespace(byte) }
  static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
  static func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte }

  mutating func run() -> String? {
    while position < end {
      if startsWith("<!--") {
        // Skip to the first '>' preceded by "--" (the "--" may overlap "<!--", so "<!-->" ends it).
        guard let close = CharsetSniffer.firstIndex(of: Array("-->".utf8), in: bytes, from: position + 2, limit: end)
        else {
          return rejected
        }
        position = close + 3
        continue
      }
      if startsWith("<meta"), let after = at(5), Self.isSpace(after) || after == 0x2F {
        position += 5
        if let label = metaCharset() { return label }
        continue
      }
      if let first = at(0), first == 0x3C, let second = at(1),
        Self.isLetter(second) || (second == 0x2F && at(2).map(Self.isLetter) == true)
      {
        // A tag: step over its name and attributes.
        while position < end && !Self.isSpace(bytes[position]) && bytes[position] != 0x3E { position += 1 }
        while attribute() != nil {}
        position += 1
        continue
      }
      if startsWith("<!") || startsWith("</") || startsWith("<?") {
        while position < end && bytes[position] != 0x3E { position += 1 }
        position += 1
        continue
      }
      position += 1
    }
    return rejected
  }

  /// Reads one `<meta>`'s attributes; returns its label when it decides the encoding.
  mutating func metaCharset() -> String? {
    var seen: Set<[UInt8]> = []
    var gotPragma = false
    var needPragma: Bool?
    var charset: String?
    while let (name, value) = attribute() {
      guard seen.insert(name).inserted else { continue }
      switch String(decoding: name, as: UTF8.self) {
      case "http-equiv":
        if value == Array("content-type".utf8) { gotPragma = true }
      case "content":
        if charset == nil, let label = Self.charsetFromContent(value) {
          charset = label
          needPragma = true
        }
      case "charset" where charset == nil:
        charset = String(decoding: value, as: UTF8.self)
        needPragma = false
      default: break
      }
    }
    guard let needPragma, let charset, !(needPragma && !gotPragma) else { return nil }
    guard TextEncoding.refusal(ofLabel: charset) == nil else {
      // Unknown or refused: the standard goes on scanning; the caller reports it.
      rejected = charset
      return nil
    }
    return charset
  }

  /// "Get an attribute": the next attribute's lowercased name and value, or nil at `>` or the end.
  mutating func attribute() -> ([UInt8], [UInt8])? {
    while position < end && (Self.isSpace(bytes[position]) || bytes[position] == 0x2F) { position += 1 }
    guard position < end, bytes[position] != 0x3E else { return nil }
    var name: [UInt8] = []
    var value: [UInt8] = []
    // The name.
    while true {
      guard position < end else { return nil }
      let byte = bytes[position]
      if byte == 0x3D && !name.isEmpty {
        position += 1
        break
      }
      if Self.isSpace(byte) {
        while position < end && Self.isSpace(bytes[position]) { position += 1 }
        guard position < end else { return nil }
        if bytes[position] != 0x3D { return (name, []) }
        position += 1
        break
      }
      if byte == 0x2F || byte == 0x3E { return (name, []) }
      name.append(Self.lower(byte))
      position += 1
    }
    // The value.
    while position < end && Self.isSpace(bytes[position]) { position += 1 }
    guard position < end else { return nil }
    let first = bytes[position]
    if first == 0x22 || first == 0x27 {
      position += 1
      while position < end {
        if bytes[position] == first {
          position += 1
          return (name, value)
        }
        value.append(Self.lower(bytes[position]))
        position += 1
      }
      return nil
    }
    if first == 0x3E { return (name, []) }
    while position < end && !Self.isSpace(bytes[position]) && bytes[position] != 0x3E {
      value.append(Self.lower(bytes[position]))
      position += 1
    }
    return position < end ? (name, value) : nil
  }

  /// "Extracting a character encoding from a meta element": the label after `charset=` in a
  /// `content` value (`text/html; charset=windows-1252`), or nil.
  static func charsetFromContent(_ value: [UInt8]) -> String? {
    var position = 0
    let pattern = Array("charset".utf8)
    while let found = CharsetSniffer.firstIndex(
      of: pattern, in: value, from: position, limit: value.count, ignoringCase: true)
    {
      var cursor = found + pattern.count
      while cursor < value.count && isSpace(value[cursor]) { cursor += 1 }
      guard cursor < value.count, value[cursor] == 0x3D else {
        position = found + pattern.count
        continue
      }
      cursor += 1
      while cursor < value.count && isSpace(value[cursor]) { cursor += 1 }
      guard cursor < value.count else { return nil }
      let first = value[cursor]
      if first == 0x22 || first == 0x27 {
        guard let close = value[(cursor + 1)...].firstIndex(of: first) else { return nil }
        return String(decoding: value[(cursor + 1)..<close], as: UTF8.self)
      }
      var stop = cursor
      while stop < value.count && !isSpace(value[stop]) && value[stop] != 0x3B { stop += 1 }
      return String(decoding: value[cursor..<stop], as: UTF8.self)
    }
    return nil
  }
}
