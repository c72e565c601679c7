/// Finds the character encoding an HTML or XML document declares in its first bytes, the way the
/// WHATWG "prescan" does: a byte-order mark, else `<meta charset>` / `<meta http-equiv content>`
/// (`charset=` anywhere in the first 4 KiB), else the XML declaration's `encoding`.
enum CharsetSniffer {
  /// The declared charset label, lowercased, or nil.
  static func htmlCharset(_ bytes: ArraySlice<UInt8>) -> String? {
    let head = Array(bytes.prefix(4096))
    if head.starts(with: [0xEF, 0xBB, 0xBF]) { return "utf-8" }
    if head.starts(with: [0xFF, 0xFE]) { return "utf-16le" }
    if head.starts(with: [0xFE, 0xFF]) { return "utf-16be" }
    let lowered = head.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
    for keyword in ["charset", "encoding"] {
      let pattern = Array(keyword.utf8)
      var index = 0
      while let found = find(pattern, in: lowered, from: index) {
        var cursor = found + pattern.count
        while cursor < lowered.count && lowered[cursor] == 0x20 { cursor += 1 }
        index = found + 1
        guard cursor < lowered.count, lowered[cursor] == UInt8(ascii: "=") else { continue }
        cursor += 1
        while cursor < lowered.count && (lowered[cursor] == 0x20 || lowered[cursor] == 0x22 || lowered[cursor] == 0x27) {
          cursor += 1
        }
        var end = cursor
        while end < lowered.count && isLabelByte(lowered[end]) { end += 1 }
        if end > cursor { return String(decoding: lowered[cursor..<end], as: UTF8.self) }
      }
    }
    return nil
  }

  private static func isLabelByte(_ byte: UInt8) -> Bool {
    (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x5F || byte == 0x3A
      || byte == 0x2E
  }

  private static func find(_ pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    guard pattern.count <= bytes.count else { return nil }
    var index = start
    while index + pattern.count <= bytes.count {
      if bytes[index] == pattern[0] && bytes[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
      index += 1
    }
    return nil
  }

  static func isUTF8(_ label: String) -> Bool {
    let l = label.lowercased()
    return l == "utf-8" || l == "utf8" || l == "unicode-1-1-utf-8"
  }
}
