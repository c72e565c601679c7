/// Reads choices (flags, small integers, positions) from the front of a fuzzer's input and leaves the
/// rest as the document, so libFuzzer mutates choices and content together.
package struct FuzzInput {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var front = 0

  package init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
    bytes = UnsafeBufferPointer(start: size > 0 ? data : nil, count: size)
  }

  /// The next byte, or 0 once the input is used up.
  package mutating func byte() -> UInt8 {
    guard front < bytes.count else { return 0 }
    defer { front += 1 }
    return bytes[front]
  }

  /// A little-endian 16-bit value.
  package mutating func uint16() -> Int { Int(byte()) | Int(byte()) << 8 }

  /// One of `choices`, picked by the next byte.
  package mutating func pick<T>(_ choices: [T]) -> T { choices[Int(byte()) % choices.count] }

  /// The bytes not read yet.
  package func rest() -> [UInt8] { front < bytes.count ? Array(bytes[front...]) : [] }

  /// Every byte, choices included.
  package func all() -> [UInt8] { Array(bytes) }
}
