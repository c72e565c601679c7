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

  static func number(_ value: Double) -> String {
    var bytes: [UInt8] = []
    bytes.appendJSON(atMost: 64) { $0.number(value) }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Hundredths between 0 and 1 are written without formatting the Double: the same text as
  /// `String(_:)`, and the doubles either side of them (not hundredths) still formatted.
  @Test func hundredthsAreTheDigitsOfStringInit() {
    for hundredths in 1..<100 {
      let value = Double(hundredths) / 100
      for near in [value, value.nextUp, value.nextDown, value + 0.001, Double(hundredths) / 1000] {
        #expect(Self.number(near) == String(near), "\(near)")
      }
    }
    for value in [0.5, 0.97, 1.5, 12.25, -0.97, 0.0, 1.0, 1e-7, 0.995] {
      #expect(Self.number(value) == (value == value.rounded() ? String(Int(value)) : String(value)), "\(value)")
    }
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
