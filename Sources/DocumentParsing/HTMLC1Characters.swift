/// The HTML standard's rule for numeric character references to C1 controls: `&#128;`–`&#159;`
/// (and `&#x80;`–`&#x9F;`) mean the windows-1252 characters at those bytes, so `&#146;` is ’ and
/// `&#150;` is –. Five have no windows-1252 character (0x81, 0x8D, 0x8F, 0x90, 0x9D) and stay as they are.
///
/// libxml2 turns such references into U+0080–U+009F, so HTML text is mapped after parsing. A literal
/// C1 control in the input gets the same mapping: it is never visible text, and in practice it is a
/// windows-1252 character that was mislabelled (docs/ENCODINGS.md).
enum HTMLC1Characters {
  /// What U+0080…U+009F become (0 = unchanged).
  static let windows1252: [UInt32] = [
    0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
    0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E,
    0x0178,
  ]

  /// Whether UTF-8 `text` holds a C1 control that maps (its UTF-8 is C2 80…C2 9F).
  /// - Complexity: O(n); a byte scan for 0xC2.
  static func contains(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    let count = text.count
    while index + 1 < count {
      if text[index] == 0xC2, text[index + 1] >= 0x80, text[index + 1] <= 0x9F,
        windows1252[Int(text[index + 1] - 0x80)] != 0
      {
        return true
      }
      index += 1
    }
    return false
  }

  /// `text` with every mapped C1 control replaced by its windows-1252 character.
  static func mapped(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(text.count + 8)
    var index = 0
    let count = text.count
    while index < count {
      let byte = text[index]
      if byte == 0xC2, index + 1 < count, text[index + 1] >= 0x80, text[index + 1] <= 0x9F {
        let scalar = windows1252[Int(text[index + 1] - 0x80)]
        if scalar != 0 {
          output.append(contentsOf: String(UnicodeScalar(scalar)!).utf8)
          index += 2
          continue
        }
      }
      output.append(byte)
      index += 1
    }
    return output
  }
}
