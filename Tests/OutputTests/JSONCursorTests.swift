import Testing

@testable import Output

/// The cursor's decimal integers are `String(_:)`'s digits: at every power of ten and either side of
/// it, at the ends of `Int`, and at random values of every length.
@Suite struct JSONCursorTests {
  static func decimal(_ value: Int) -> String {
    var bytes: [UInt8] = []
    bytes.appendJSON(atMost: JSONCursor.decimalBound + 1) { $0.decimal(value) }
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test func decimalsAreTheDigitsOfStringInit() {
    var values = [0, 1, 9, 10, 11, 99, 100, 101, 999, Int.max, Int.min, Int.max - 1, Int.min + 1]
    var power = 1
    for _ in 0..<18 {
      power *= 10
      values += [power - 1, power, power + 1, -power, -(power - 1)]
    }
    var generator = SystemRandomNumberGenerator()
    for digits in 1...18 {
      let top = Self.pow10(digits)
      for _ in 0..<200 { values.append(Int.random(in: 0..<top, using: &generator) * (Bool.random() ? 1 : -1)) }
    }
    for value in values {
      #expect(Self.decimal(value) == String(value), "\(value)")
    }
  }

  static func pow10(_ exponent: Int) -> Int { (0..<exponent).reduce(1) { result, _ in result * 10 } }
}
