internal import TextModel

/// A piece of JSON made of literals and values, written once and run on three outputs: a
/// ``JSONBound`` counts the most bytes it can write (so a room's size comes from the literals the
/// template writes, never from a hand-summed number: one was wrong, c94fda4), a ``JSONCursor``
/// writes it into that room, and an array appends it piece by piece when the room would be too large
/// (a long value escaped in pieces). `Array.append(template:)` chooses.
protocol JSONTemplate {
  /// Writes the template's bytes through `output`'s calls.
  func write(into output: inout some JSONTemplateOutput)
}

/// What a ``JSONTemplate`` writes through: the calls of ``JSONCursor``.
protocol JSONTemplateOutput {
  mutating func literal(_ text: StaticString)
  mutating func byte(_ value: UInt8)
  mutating func decimal(_ value: Int)
  mutating func number(_ value: Double)
  mutating func quoted(_ value: some StringProtocol)
  mutating func escaped(_ bytes: UnsafeBufferPointer<UInt8>)
  /// Writes a template nested in this one (a range's offsets): an array appends it through one cursor.
  mutating func write(_ template: some JSONTemplate)
}

extension JSONTemplateOutput {
  mutating func write(_ template: some JSONTemplate) { template.write(into: &self) }
}

extension JSONCursor: JSONTemplateOutput {}

/// The most bytes a template writes: each literal's length, each value's largest form
/// (``JSONCursor/decimalBound``, ``JSONCursor/numberBound``, six bytes for each byte of an escaped
/// string). `JSONCursorTests` checks it against what the cursor writes.
struct JSONBound: JSONTemplateOutput {
  /// The bytes counted so far.
  private(set) var count = 0

  /// The bound of `template`.
  @inline(__always)
  static func of(_ template: some JSONTemplate) -> Int {
    var bound = JSONBound()
    template.write(into: &bound)
    return bound.count
  }

  @inline(__always) mutating func literal(_ text: StaticString) { count += text.utf8CodeUnitCount }
  @inline(__always) mutating func byte(_ value: UInt8) { count += 1 }
  @inline(__always) mutating func decimal(_ value: Int) { count += JSONCursor.decimalBound }
  @inline(__always) mutating func number(_ value: Double) { count += JSONCursor.numberBound }
  @inline(__always) mutating func quoted(_ value: some StringProtocol) {
    count += JSONCursor.quotedBound(value.utf8.count)
  }
  @inline(__always) mutating func escaped(_ bytes: UnsafeBufferPointer<UInt8>) {
    count += JSONCursor.escapedBound(bytes.count)
  }
}

extension Array: JSONTemplateOutput where Element == UInt8 {
  // A template too large for one room, appended piece by piece: a long value escaped in pieces of
  // its own, short values and nested templates each through a cursor.
  mutating func literal(_ text: StaticString) { text.withUTF8Buffer { append(contentsOf: $0) } }
  mutating func byte(_ value: UInt8) { append(value) }
  mutating func decimal(_ value: Int) { appendJSON(atMost: JSONCursor.decimalBound) { $0.decimal(value) } }
  mutating func number(_ value: Double) { appendJSON(atMost: JSONCursor.numberBound) { $0.number(value) } }
  mutating func quoted(_ value: some StringProtocol) {
    append(UInt8(ascii: "\""))
    if value.utf8.withContiguousStorageIfAvailable({ appendEscaped($0) }) == nil {
      var copy = String(value)
      copy.withUTF8 { appendEscaped($0) }
    }
    append(UInt8(ascii: "\""))
  }
  mutating func escaped(_ bytes: UnsafeBufferPointer<UInt8>) { appendEscaped(bytes) }
  mutating func write(_ template: some JSONTemplate) { append(template: template) }

  /// Appends what `template` writes: through one cursor, one room and one copy, while its bound is
  /// at most ``JSONCursor/inOneCursor``; else piece by piece (the same bytes).
  @inline(__always)
  mutating func append(template: some JSONTemplate) {
    let bound = JSONBound.of(template)
    guard bound <= JSONCursor.inOneCursor else { return template.write(into: &self) }
    appendJSON(atMost: bound) { template.write(into: &$0) }
  }
}
