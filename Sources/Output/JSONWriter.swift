/// A small, fast JSON writer for the library's outputs (JSON Lines streams, models), with no
/// Foundation dependency. Keys keep the order they are written in.
///
/// ```swift
/// var json = JSONWriter()
/// json.object { json in
///   json.key("kind"); json.string("email")
/// }
/// ```
public struct JSONWriter: Sendable {
  /// The JSON written so far.
  public private(set) var output = ""
  private var needsComma: [Bool] = [false]

  /// An empty writer.
  public init() {}

  private mutating func separate() {
    if needsComma[needsComma.count - 1] { output += "," }
    needsComma[needsComma.count - 1] = true
  }

  /// Writes an object; `body` writes its members with ``key(_:)`` and a value each.
  public mutating func object(_ body: (inout JSONWriter) -> Void) {
    separate()
    output += "{"
    needsComma.append(false)
    body(&self)
    needsComma.removeLast()
    output += "}"
  }

  /// Writes an array; `body` writes its elements.
  public mutating func array(_ body: (inout JSONWriter) -> Void) {
    separate()
    output += "["
    needsComma.append(false)
    body(&self)
    needsComma.removeLast()
    output += "]"
  }

  /// Writes a member name; the next value written is its value.
  public mutating func key(_ name: String) {
    separate()
    Self.appendQuoted(name, to: &output)
    output += ":"
    needsComma[needsComma.count - 1] = false
  }

  /// Writes a string value.
  public mutating func string(_ value: some StringProtocol) {
    separate()
    Self.appendQuoted(value, to: &output)
  }
  /// Writes an integer value.
  public mutating func number(_ value: Int) {
    separate()
    output += String(value)
  }
  /// Writes a floating-point value (finite; non-finite values become null).
  public mutating func number(_ value: Double) {
    separate()
    if value.isFinite {
      if value == value.rounded() && abs(value) < 1e15 { output += String(Int(value)) } else { output += String(value) }
    } else {
      output += "null"
    }
  }
  /// Writes a Boolean value.
  public mutating func bool(_ value: Bool) {
    separate()
    output += value ? "true" : "false"
  }
  /// Writes null.
  public mutating func null() {
    separate()
    output += "null"
  }

  /// Writes `"key": "value"`, or nothing when value is nil.
  public mutating func member(_ name: String, _ value: String?) {
    guard let value else { return }
    key(name)
    string(value)
  }
  /// Writes `"key": number`.
  public mutating func member(_ name: String, _ value: Int) {
    key(name)
    number(value)
  }

  /// Appends a JSON string literal (RFC 8259 escapes; non-ASCII is written as UTF-8, except U+2028 and
  /// U+2029, which are escaped for JavaScript consumers).
  public static func appendQuoted(_ value: some StringProtocol, to output: inout String) {
    output += "\""
    var copy = String(value)
    copy.withUTF8 { bytes in
      var runStart = 0
      var index = 0
      let count = bytes.count
      func flush(_ end: Int) {
        if end > runStart {
          output += String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<end]), as: UTF8.self)
        }
      }
      while index < count {
        let byte = bytes[index]
        if byte >= 0x20 && byte != 0x22 && byte != 0x5C && byte != 0xE2 {
          index += 1
          continue
        }
        if byte == 0xE2 {
          if index + 2 < count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9) {
            flush(index)
            output += bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"
            index += 3
            runStart = index
          } else {
            index += 1
          }
          continue
        }
        flush(index)
        switch byte {
        case 0x22: output += "\\\""
        case 0x5C: output += "\\\\"
        case 0x0A: output += "\\n"
        case 0x0D: output += "\\r"
        case 0x09: output += "\\t"
        default:
          let hex = String(byte, radix: 16)
          output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
        index += 1
        runStart = index
      }
      flush(count)
    }
    output += "\""
  }
}
