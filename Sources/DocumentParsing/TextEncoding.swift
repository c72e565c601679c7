internal import UnicodeSupport

/// A character encoding of the WHATWG Encoding Standard (plus UTF-32, found only by its byte-order
/// mark or its zero bytes), with the ICU converter that decodes it.
///
/// Labels resolve through the standard's label table (`Generated/EncodingLabels.swift`, made by
/// `tools/generate_encoding_labels.py`): `TextEncoding(label: " Latin1 ")` is windows-1252, as in
/// every browser. See docs/ENCODINGS.md for the rules TextRotor follows.
package struct TextEncoding: Hashable, Sendable, CustomStringConvertible {
  /// The WHATWG name ("utf-8", "windows-1252", "shift_jis", "utf-16le"…).
  package let name: String
  /// The ICU converter that decodes it ("-" for the encodings TextRotor refuses).
  let converterName: String

  /// The WHATWG name.
  package var description: String { name }

  /// UTF-8.
  package static let utf8 = TextEncoding(name: "utf-8", converterName: "UTF-8")
  /// windows-1252, what WHATWG reads for "latin1" and "iso-8859-1".
  package static let windows1252 = TextEncoding(name: "windows-1252", converterName: "windows-1252")
  /// UTF-16, little-endian.
  package static let utf16LE = TextEncoding(name: "utf-16le", converterName: "UTF-16LE")
  /// UTF-16, big-endian.
  package static let utf16BE = TextEncoding(name: "utf-16be", converterName: "UTF-16BE")
  /// UTF-32, little-endian.
  package static let utf32LE = TextEncoding(name: "utf-32le", converterName: "UTF-32LE")
  /// UTF-32, big-endian.
  package static let utf32BE = TextEncoding(name: "utf-32be", converterName: "UTF-32BE")

  /// Whether this is UTF-16 or UTF-32 (not ASCII-compatible: a `<meta>` naming it cannot be right).
  package var isWideUnicode: Bool { self == .utf16LE || self == .utf16BE || self == .utf32LE || self == .utf32BE }

  /// The encoding a label names, by the WHATWG table (ASCII whitespace trimmed, case ignored), or nil
  /// for a label the table does not have (UTF-7 among them).
  package init?(label: String) {
    guard let found = Self.table[Self.normalized(label)] else { return nil }
    self = found
  }

  init(name: String, converterName: String) {
    self.name = name
    self.converterName = converterName
  }

  /// Why a label cannot be used, or nil when it can: nil for every usable label.
  ///
  /// - UTF-7 (any of its labels) is refused: browsers removed it because its `+ADw-` spelling of `<`
  ///   hides markup from filters.
  /// - The WHATWG "replacement" labels (ISO-2022-KR, HZ, ISO-2022-CN…) are refused: browsers decode them
  ///   as a single U+FFFD for the same reason, which would lose the whole document.
  /// - An unknown label is ignored.
  static func refusal(ofLabel label: String) -> String? {
    let key = normalized(label)
    if key.hasPrefix("utf-7") || key == "utf7" || key == "unicode-1-1-utf-7" || key == "csunicode11utf7" {
      return "the encoding label \"\(key)\" (UTF-7) is refused, as browsers do (it can hide markup)"
    }
    guard let encoding = table[key] else { return "the encoding label \"\(key)\" is unknown and was ignored" }
    if encoding.name == "replacement" {
      return "the encoding label \"\(key)\" is refused, as browsers do (WHATWG \"replacement\" encoding)"
    }
    return nil
  }

  /// The label with ASCII whitespace trimmed and ASCII letters lowercased.
  static func normalized(_ label: String) -> String {
    var bytes = Array(label.utf8)
    while let last = bytes.last, isASCIIWhitespace(last) { bytes.removeLast() }
    let start = bytes.firstIndex { !isASCIIWhitespace($0) } ?? bytes.count
    return String(decoding: bytes[start...].map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
  }

  static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D || byte == 0x20
  }

  /// Label → encoding, parsed once from the generated table.
  static let table: [String: TextEncoding] = {
    var result: [String: TextEncoding] = [:]
    for line in whatwgEncodingTable.split(separator: "\n") {
      let fields = line.split(separator: "\t")
      guard fields.count == 3 else { continue }
      let encoding = TextEncoding(name: String(fields[0]), converterName: String(fields[1]))
      for label in fields[2].split(separator: " ") { result[String(label)] = encoding }
    }
    return result
  }()

  /// Every encoding of the WHATWG table, once each, by name.
  package static var allEncodings: [TextEncoding] { Array(Set(table.values)).sorted { $0.name < $1.name } }

  /// Whether this machine's ICU can decode it (false for the refused "replacement" encoding,
  /// x-user-defined, which is read as windows-1252, and converters missing from ICU's data).
  package var hasConverter: Bool { converterName != "-" && StreamingConverter.canOpen(converterName) }
}
