/// The HTML standard's named character references (2,231 names, generated from its entities.json
/// by `tools/generate_html_entities.py`), for the references libxml2 2.9's HTML 4 table lacks.
///
/// libxml2 decodes the 253 HTML 4 names written with `;`. It leaves everything else as text: HTML5
/// names (`&hellip;` is HTML 4, `&nbsp;` too, but `&NewLine;`, `&rarrw;`, `&check;` are not) and the
/// legacy forms written without `;` (`&amp`, `&copy`, `&nbsp`), which browsers decode. The HTML
/// session calls ``resolve(name:semicolon:)`` for the `&` + name libxml2 hands back, and
/// ``decodingAttribute(_:)`` for attribute values.
enum HTMLNamedReferences {
  struct Entry {
    /// The characters the reference stands for.
    var value: String
    /// Whether the reference is also valid without `;` (a legacy reference such as `&amp`).
    var legacy: Bool
    /// Whether libxml2 decodes it itself when written with `;` (the HTML 4 names): one that still
    /// reaches us with `;` was escaped (`&amp;copy;` is the text "&copy;") and stays as it is.
    var html4: Bool
  }

  /// Name (without `&` and `;`) → entry, parsed once from the generated table.
  static let table: [String: Entry] = {
    var table: [String: Entry] = [:]
    table.reserveCapacity(2200)
    for line in htmlNamedReferenceTable.split(separator: "\n") {
      let fields = line.split(separator: "\t")
      guard fields.count == 4 else { continue }
      var value = ""
      for point in fields[1].split(separator: " ") {
        if let scalar = UInt32(point, radix: 16).flatMap(Unicode.Scalar.init) { value.unicodeScalars.append(scalar) }
      }
      table[String(fields[0])] = Entry(value: value, legacy: fields[2] == "1", html4: fields[3] == "1")
    }
    return table
  }()

  /// The longest legacy name (`&frac34`, `&middot`…): a prefix match never looks further.
  static let longestLegacyName = 6

  /// What `&name` stands for in text, and how many bytes of `name` it used.
  ///
  /// With `semicolon` (the `;` follows the name) the whole name must be a reference; without it, the
  /// longest legacy prefix is used (`&copy2024` is "©2024", as browsers read it in text).
  static func resolve(name: some Collection<UInt8>, semicolon: Bool) -> (value: String, used: Int)? {
    let text = String(decoding: name, as: UTF8.self)
    if semicolon, let entry = table[text] {
      // An HTML 4 name with ";" that libxml2 left was escaped: "&amp;copy;" reads "&copy;".
      return entry.html4 ? nil : (entry.value, name.count)
    }
    var length = min(text.utf8.count, longestLegacyName)
    while length >= 2 {
      let prefix = String(decoding: name.prefix(length), as: UTF8.self)
      if let entry = table[prefix], entry.legacy { return (entry.value, length) }
      length -= 1
    }
    return nil
  }

  /// An attribute value with the HTML5 references libxml2 left undecoded decoded: only names
  /// written with `;` that libxml2's HTML 4 table lacks (`&check;`). libxml2 has already turned
  /// `&amp;` into "&", so an HTML 4 name or a legacy name without `;` that is left (`?a=1&copy=2`,
  /// "&amp;" from an escaped `&amp;amp;`) cannot be told from escaped text and stays as it is.
  static func decodingAttribute(_ value: String) -> String {
    let bytes = Array(value.utf8)
    guard bytes.contains(0x26) else { return value }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      guard bytes[index] == 0x26 else {
        out.append(bytes[index])
        index += 1
        continue
      }
      var end = index + 1
      while end < bytes.count, isNameByte(bytes[end]) { end += 1 }
      let name = bytes[(index + 1)..<end]
      if !name.isEmpty, end < bytes.count, bytes[end] == 0x3B,
        let entry = table[String(decoding: name, as: UTF8.self)], !entry.html4
      {
        out.append(contentsOf: entry.value.utf8)
        index = end + 1
        continue
      }
      out.append(0x26)
      index += 1
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// ASCII letters and digits: the characters of a reference's name.
  static func isNameByte(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A)
  }
}
