/// A small, fast JSON writer for the library's outputs (JSON Lines streams, models), with no
/// Foundation dependency. Keys keep the order they are written in.
///
/// ```swift
/// var json = JSONWriter()
/// json.object { json in
///   json.key("kind"); json.string("email")
/// }
/// ```
package struct JSONWriter: Sendable {
  /// The JSON written so far, as UTF-8 bytes (appending bytes is several times faster than growing
  /// a `String` piece by piece: JSON Lines output of a large document is mostly this writer).
  package private(set) var utf8: [UInt8] = []
  /// Whether the innermost open object or array already holds a value (a comma comes before the
  /// next); the enclosing ones' flags wait in `enclosingNeedsComma`, outermost first. Kept apart so
  /// that `separate()`, called before every value, reads and writes a stored `Bool` rather than the
  /// last element of an array.
  private var needsComma = false
  private var enclosingNeedsComma: [Bool] = []
  /// A streaming writer's destination: `utf8` is handed to it whenever it grows past `chunk` bytes
  /// (checked between values), so a model of any size is never held whole (issue 15).
  private let sink: (@Sendable ([UInt8]) -> Void)?
  private let chunk: Int

  /// The JSON written so far.
  package var output: String { String(decoding: utf8, as: UTF8.self) }

  /// An empty writer that keeps everything it writes in ``utf8``.
  package init() {
    sink = nil
    chunk = .max
  }

  /// A streaming writer: whenever more than `chunk` bytes are pending, they are passed to `sink` and
  /// dropped here. Call ``finish()`` after the last value to pass on the rest.
  package init(streamingTo sink: @escaping @Sendable ([UInt8]) -> Void, chunk: Int = 1 << 16) {
    self.sink = sink
    self.chunk = chunk
  }

  /// Passes the bytes still pending to the sink of a streaming writer (nothing for a plain one).
  package mutating func finish() {
    guard let sink, !utf8.isEmpty else { return }
    sink(utf8)
    utf8.removeAll(keepingCapacity: true)
  }

  /// Empties the writer, keeping its storage (one writer for every line of a JSON Lines stream).
  package mutating func reset() {
    utf8.removeAll(keepingCapacity: true)
    needsComma = false
    enclosingNeedsComma.removeAll(keepingCapacity: true)
  }

  @inline(__always)
  private mutating func append(_ literal: StaticString) {
    literal.withUTF8Buffer { utf8.append(contentsOf: $0) }
  }

  private mutating func separate() {
    if utf8.count > chunk { finish() }
    if needsComma { utf8.append(0x2C) }
    needsComma = true
  }

  /// Writes what `body` appends to the output bytes itself, after a comma when one is due: one
  /// value, or members of the object being written (`"name":value,…`). For writers of many small
  /// objects (a detection's JSON line), whose members as literal byte templates cost a fraction of
  /// a `key(_:)` and a value call each; `body` must append complete, valid JSON.
  /// Whether a value of `count` bytes would be passed on in pieces (a streaming writer's value
  /// longer than its chunk); a template writer hands such a value to the writer's own calls.
  func streams(_ count: Int) -> Bool { sink != nil && count > chunk }

  mutating func bytes(_ body: (inout [UInt8]) -> Void) {
    separate()
    body(&utf8)
  }

  /// Writes values another writer wrote one after another at its top level (`{…},{…}`), as the
  /// next values of the array being written: a comma before them when one is due.
  package mutating func values(writtenBy other: JSONWriter) {
    guard !other.utf8.isEmpty else { return }
    separate()
    utf8.append(contentsOf: other.utf8)
  }

  /// Writes an object; `body` writes its members with ``key(_:)`` and a value each.
  package mutating func object(_ body: (inout JSONWriter) -> Void) {
    separate()
    append("{")
    enclosingNeedsComma.append(needsComma)
    needsComma = false
    body(&self)
    needsComma = enclosingNeedsComma.removeLast()
    append("}")
  }

  /// Writes an array; `body` writes its elements.
  package mutating func array(_ body: (inout JSONWriter) -> Void) {
    separate()
    append("[")
    enclosingNeedsComma.append(needsComma)
    needsComma = false
    body(&self)
    needsComma = enclosingNeedsComma.removeLast()
    append("]")
  }

  /// Writes a member name; the next value written is its value.
  package mutating func key(_ name: String) {
    separate()
    // Member names are short printable ASCII literals (every output writes ~18 per detection):
    // copied as they are; any other name goes through the escaping writer.
    var name = name
    let plain = name.withUTF8 { bytes in
      guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) else { return false }
      utf8.append(0x22)
      utf8.append(contentsOf: bytes)
      utf8.append(0x22)
      return true
    }
    if !plain { Self.appendQuoted(name, to: &utf8) }
    utf8.append(0x3A)
    needsComma = false
  }

  /// Writes a string value. A streaming writer passes a string longer than its chunk on in pieces
  /// (a document's whole text is one value of `parse --format json`).
  package mutating func string(_ value: some StringProtocol) {
    separate()
    if sink != nil && value.utf8.count > chunk {
      var copy = String(value)
      copy.withUTF8 { appendLongString($0) }
    } else {
      Self.appendQuoted(value, to: &utf8)
    }
  }

  /// A quoted string written in pieces of about `chunk` bytes, each cut before a UTF-8 lead byte
  /// (so no escaped sequence is split), passed on as they are written.
  private mutating func appendLongString(_ bytes: UnsafeBufferPointer<UInt8>) {
    utf8.append(0x22)
    var start = 0
    while start < bytes.count {
      var end = Swift.min(bytes.count, start + chunk)
      while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
      Self.appendEscaped(UnsafeBufferPointer(rebasing: bytes[start..<end]), to: &utf8)
      if utf8.count > chunk { finish() }
      start = end
    }
    utf8.append(0x22)
  }
  /// Writes one string value made of the pieces `pieces` hands over, without joining them first
  /// (a streaming writer passes them on as they come).
  package mutating func string(joining pieces: ((String) -> Void) -> Void) {
    separate()
    utf8.append(0x22)
    pieces { piece in
      Self.appendEscapedPiece(piece, to: &utf8)
      if utf8.count > chunk { finish() }
    }
    utf8.append(0x22)
  }

  /// Writes one string value made of UTF-8 chunks, each ending on a whole sequence (an escape such
  /// as U+2028's is found only within a chunk).
  package mutating func string(joiningUTF8 chunks: ((UnsafeBufferPointer<UInt8>) -> Void) -> Void) {
    separate()
    utf8.append(0x22)
    chunks { chunk in
      Self.appendEscaped(chunk, to: &utf8)
      if utf8.count > self.chunk { finish() }
    }
    utf8.append(0x22)
  }

  private static func appendEscapedPiece(_ value: String, to output: inout [UInt8]) {
    var copy = value
    copy.withUTF8 { appendEscaped($0, to: &output) }
  }

  /// Writes an integer value.
  package mutating func number(_ value: Int) {
    separate()
    Self.appendDecimal(value, to: &utf8)
  }
  /// Writes a floating-point value (finite; non-finite values become null).
  package mutating func number(_ value: Double) {
    separate()
    Self.appendNumber(value, to: &utf8)
  }

  /// Appends a floating-point number as ``number(_:)-(Double)`` writes it.
  static func appendNumber(_ value: Double, to output: inout [UInt8]) {
    output.appendJSON(atMost: JSONCursor.numberBound) { $0.number(value) }
  }

  /// Appends the bytes of a literal (a template's fixed part: `,"utf16":`).
  @inline(__always)
  static func appendLiteral(_ literal: StaticString, to output: inout [UInt8]) {
    literal.withUTF8Buffer { output.append(contentsOf: $0) }
  }
  /// Writes a Boolean value.
  package mutating func bool(_ value: Bool) {
    separate()
    if value { append("true") } else { append("false") }
  }
  /// Writes null.
  package mutating func null() {
    separate()
    append("null")
  }

  /// Writes `"key": "value"`, or nothing when value is nil.
  package mutating func member(_ name: String, _ value: String?) {
    guard let value else { return }
    key(name)
    string(value)
  }
  /// Writes `"key": number`.
  package mutating func member(_ name: String, _ value: Int) {
    key(name)
    number(value)
  }

  /// Appends an integer in decimal, without making a `String`.
  static func appendDecimal(_ value: Int, to output: inout [UInt8]) {
    output.appendJSON(atMost: JSONCursor.decimalBound + 1) { $0.decimal(value) }
  }

  /// Appends a JSON string literal (RFC 8259 escapes; non-ASCII is written as UTF-8, except U+2028 and
  /// U+2029, which are escaped for JavaScript consumers).
  package static func appendQuoted(_ value: some StringProtocol, to output: inout String) {
    var bytes: [UInt8] = []
    appendQuoted(value, to: &bytes)
    output += String(decoding: bytes, as: UTF8.self)
  }

  /// Appends a JSON string literal as UTF-8 bytes, with the same escapes as the `String` form.
  package static func appendQuoted(_ value: some StringProtocol, to output: inout [UInt8]) {
    output.append(0x22)
    // A native String or Substring is read in place; only a bridged or foreign one is copied.
    if value.utf8.withContiguousStorageIfAvailable({ appendEscaped($0, to: &output) }) == nil {
      var copy = String(value)
      copy.withUTF8 { appendEscaped($0, to: &output) }
    }
    output.append(0x22)
  }

  private static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
    output.appendEscaped(bytes)
  }
}
