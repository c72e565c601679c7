/// The state file's JSON: read with a small strict reader (depth and size bounded, every error a
/// sentence with a byte offset), written with sorted keys.
///
/// ```json
/// {"bookmarks":[{"exact":"Level six","hint":…,"name":"six","position":412,"prefix":"…","suffix":"…"}],
///  "path":"/home/ann/notes.html","place":{"exact":…},"position":412,"textHash":"…","version":2}
/// ```
/// The older form has `position` (top level and per bookmark) and no quotes; it still loads.
extension BrowseState {
  /// Why a state file could not be read, in words.
  package struct DecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong ("not JSON at byte 12: …").
    package var description: String
    /// An error that says `description`.
    package init(description: String) { self.description = description }
  }

  /// The version written now (the older form has none).
  static let version = 2

  /// Reads a state file's bytes.
  /// - Throws: ``DecodingError`` for anything that is not such a file (over ``maximumSize``, not JSON,
  ///   a member missing or of the wrong type).
  /// - Complexity: O(n) for n bytes.
  package init(json bytes: [UInt8]) throws(DecodingError) {
    guard bytes.count <= Self.maximumSize else {
      throw DecodingError(description: "\(bytes.count) bytes, over the \(Self.maximumSize)-byte limit")
    }
    var reader = JSONReader(bytes: bytes)
    let root = try reader.document()
    guard case .object(let members) = root else { throw DecodingError(description: "not a JSON object") }
    func string(_ name: String, in members: [String: JSONReader.Value]) throws(DecodingError) -> String {
      guard case .string(let value)? = members[name] else {
        throw DecodingError(description: "\"\(name)\" is missing or not a string")
      }
      return value
    }
    func integer(_ name: String, in members: [String: JSONReader.Value]) throws(DecodingError) -> Int {
      guard case .integer(let value)? = members[name] else {
        throw DecodingError(description: "\"\(name)\" is missing or not a whole number")
      }
      return value
    }
    func mark(_ value: JSONReader.Value, name fixed: String?) throws(DecodingError) -> Mark {
      guard case .object(let fields) = value else { throw DecodingError(description: "a mark is not an object") }
      var name = fixed ?? ""
      if fixed == nil { name = try string("name", in: fields) }
      let position = try integer("position", in: fields)
      guard fields["exact"] != nil else { return Mark(name: name, position: position, quote: nil) }
      let quote = try TextQuote(
        exact: string("exact", in: fields), prefix: string("prefix", in: fields),
        suffix: string("suffix", in: fields), hint: position)
      return Mark(name: name, position: position, quote: quote)
    }
    let path = try string("path", in: members)
    let textHash = try string("textHash", in: members)
    var place: Mark?
    if let placed = members["place"] {
      place = try mark(placed, name: "")
    } else if members["position"] != nil {
      place = Mark(name: "", position: try integer("position", in: members), quote: nil)
    }
    var bookmarks: [Mark] = []
    if let listed = members["bookmarks"] {
      guard case .array(let items) = listed else { throw DecodingError(description: "\"bookmarks\" is not a list") }
      for item in items { bookmarks.append(try mark(item, name: nil)) }
    }
    self.init(path: path, textHash: textHash, place: place, bookmarks: bookmarks)
  }

  /// The state as a state file's bytes (one line of JSON, keys sorted, ending in a newline).
  package var json: [UInt8] {
    var out = "{\"bookmarks\":["
    for (index, mark) in bookmarks.enumerated() {
      if index > 0 { out += "," }
      out += Self.object(mark, named: true)
    }
    out += "],\"path\":" + Self.quoted(path)
    if let place { out += ",\"place\":" + Self.object(place, named: false) + ",\"position\":\(place.position)" }
    out += ",\"textHash\":" + Self.quoted(textHash) + ",\"version\":\(Self.version)}\n"
    return Array(out.utf8)
  }

  private static func object(_ mark: Mark, named: Bool) -> String {
    var fields: [String] = []
    if let quote = mark.quote { fields.append("\"exact\":" + quoted(quote.exact)) }
    if named { fields.append("\"name\":" + quoted(mark.name)) }
    fields.append("\"position\":\(mark.position)")
    if let quote = mark.quote {
      fields.append("\"prefix\":" + quoted(quote.prefix))
      fields.append("\"suffix\":" + quoted(quote.suffix))
    }
    return "{" + fields.joined(separator: ",") + "}"
  }

  /// A JSON string: quotes, backslashes and every control character escaped; the rest as UTF-8.
  static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case "\r": out += "\\r"
      case _
      where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028
        || scalar.value == 0x2029:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}

/// A strict JSON reader (RFC 8259) for the state file: objects, arrays, strings, whole numbers,
/// true/false/null; depth at most ``maximumDepth``; errors name the byte offset.
struct JSONReader {
  indirect enum Value: Sendable, Equatable {
    case object([String: Value])
    case array([Value])
    case string(String)
    case integer(Int)
    case number
    case bool(Bool)
    case null
  }

  static let maximumDepth = 16
  let bytes: [UInt8]
  var at = 0

  init(bytes: [UInt8]) { self.bytes = bytes }

  private func failure(_ what: String) -> BrowseState.DecodingError {
    BrowseState.DecodingError(description: "not JSON at byte \(at): \(what)")
  }

  /// The one value of the text, with nothing but white space after it.
  mutating func document() throws(BrowseState.DecodingError) -> Value {
    let value = try self.value(depth: 0)
    skipSpace()
    guard at == bytes.count else { throw failure("text after the end") }
    return value
  }

  private mutating func skipSpace() {
    while at < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[at]) { at += 1 }
  }

  private mutating func expect(_ byte: UInt8) throws(BrowseState.DecodingError) {
    skipSpace()
    guard at < bytes.count, bytes[at] == byte else { throw failure("expected \"\(Character(Unicode.Scalar(byte)))\"") }
    at += 1
  }

  private mutating func value(depth: Int) throws(BrowseState.DecodingError) -> Value {
    guard depth < Self.maximumDepth else { throw failure("nested deeper than \(Self.maximumDepth)") }
    skipSpace()
    guard at < bytes.count else { throw failure("the text ends where a value should be") }
    switch bytes[at] {
    case UInt8(ascii: "{"):
      at += 1
      var members: [String: Value] = [:]
      skipSpace()
      if at < bytes.count, bytes[at] == UInt8(ascii: "}") {
        at += 1
        return .object(members)
      }
      while true {
        skipSpace()
        guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { throw failure("expected a member name") }
        let name = try string()
        try expect(UInt8(ascii: ":"))
        let member = try value(depth: depth + 1)
        guard members[name] == nil else { throw failure("member \"\(name)\" twice") }
        members[name] = member
        skipSpace()
        guard at < bytes.count else { throw failure("the text ends inside an object") }
        if bytes[at] == UInt8(ascii: ",") {
          at += 1
          continue
        }
        try expect(UInt8(ascii: "}"))
        return .object(members)
      }
    case UInt8(ascii: "["):
      at += 1
      var items: [Value] = []
      skipSpace()
      if at < bytes.count, bytes[at] == UInt8(ascii: "]") {
        at += 1
        return .array(items)
      }
      while true {
        items.append(try value(depth: depth + 1))
        skipSpace()
        guard at < bytes.count else { throw failure("the text ends inside a list") }
        if bytes[at] == UInt8(ascii: ",") {
          at += 1
          continue
        }
        try expect(UInt8(ascii: "]"))
        return .array(items)
      }
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): return try word("true", .bool(true))
    case UInt8(ascii: "f"): return try word("false", .bool(false))
    case UInt8(ascii: "n"): return try word("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
    default: throw failure("unexpected byte 0x\(String(bytes[at], radix: 16))")
    }
  }

  private mutating func word(_ word: String, _ value: Value) throws(BrowseState.DecodingError) -> Value {
    let expected = Array(word.utf8)
    guard at + expected.count <= bytes.count, Array(bytes[at..<at + expected.count]) == expected else {
      throw failure("expected \(word)")
    }
    at += expected.count
    return value
  }

  private mutating func number() throws(BrowseState.DecodingError) -> Value {
    let negative = bytes[at] == UInt8(ascii: "-")
    if negative { at += 1 }
    func digits() -> Int {
      let first = at
      while at < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[at]) { at += 1 }
      return at - first
    }
    let integerStart = at
    let count = digits()
    guard count > 0 else { throw failure("a number without digits") }
    guard count == 1 || bytes[integerStart] != UInt8(ascii: "0") else { throw failure("a number with a leading 0") }
    var whole = true
    if at < bytes.count, bytes[at] == UInt8(ascii: ".") {
      at += 1
      whole = false
      guard digits() > 0 else { throw failure("a number without digits after its point") }
    }
    if at < bytes.count, bytes[at] | 0x20 == UInt8(ascii: "e") {
      at += 1
      whole = false
      if at < bytes.count, bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-") { at += 1 }
      guard digits() > 0 else { throw failure("a number without digits in its exponent") }
    }
    guard whole, count <= 18 else { return .number }
    var value = 0
    for byte in bytes[integerStart..<integerStart + count] { value = value * 10 + Int(byte - UInt8(ascii: "0")) }
    return .integer(negative ? -value : value)
  }

  /// A string at `at` (which is its opening quote), its escapes decoded; invalid UTF-8 is an error.
  private mutating func string() throws(BrowseState.DecodingError) -> String {
    at += 1
    var scalars = String.UnicodeScalarView()
    var run = at  // the start of the bytes not yet copied
    func copy(_ bytes: ArraySlice<UInt8>) throws(BrowseState.DecodingError) {
      guard let text = String(validating: bytes, as: UTF8.self) else { throw failure("invalid UTF-8 in a string") }
      scalars.append(contentsOf: text.unicodeScalars)
    }
    while at < bytes.count {
      let byte = bytes[at]
      if byte == UInt8(ascii: "\"") {
        try copy(bytes[run..<at])
        at += 1
        return String(scalars)
      }
      if byte < 0x20 { throw failure("a control character in a string") }
      if byte != UInt8(ascii: "\\") {
        at += 1
        continue
      }
      try copy(bytes[run..<at])
      at += 1
      guard at < bytes.count else { break }
      let escape = bytes[at]
      at += 1
      switch escape {
      case UInt8(ascii: "\""): scalars.append("\"")
      case UInt8(ascii: "\\"): scalars.append("\\")
      case UInt8(ascii: "/"): scalars.append("/")
      case UInt8(ascii: "b"): scalars.append("\u{08}")
      case UInt8(ascii: "f"): scalars.append("\u{0C}")
      case UInt8(ascii: "n"): scalars.append("\n")
      case UInt8(ascii: "r"): scalars.append("\r")
      case UInt8(ascii: "t"): scalars.append("\t")
      case UInt8(ascii: "u"):
        var unit = try hex4()
        if (0xD800..<0xDC00).contains(unit) {
          guard at + 1 < bytes.count, bytes[at] == UInt8(ascii: "\\"), bytes[at + 1] == UInt8(ascii: "u") else {
            throw failure("a lone surrogate")
          }
          at += 2
          let low = try hex4()
          guard (0xDC00..<0xE000).contains(low) else { throw failure("a lone surrogate") }
          unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(unit) else { throw failure("a lone surrogate") }
        scalars.append(scalar)
      default: throw failure("an unknown escape")
      }
      run = at
    }
    throw failure("the text ends inside a string")
  }

  private mutating func hex4() throws(BrowseState.DecodingError) -> UInt32 {
    guard at + 4 <= bytes.count else { throw failure("a short \\u escape") }
    var value: UInt32 = 0
    for byte in bytes[at..<at + 4] {
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw failure("a bad \\u escape")
      }
      value = value << 4 | UInt32(digit)
    }
    at += 4
    return value
  }
}
