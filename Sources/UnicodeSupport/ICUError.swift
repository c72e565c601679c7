internal import CICU

/// An ICU call failed. Carries ICU's error name ("U_ILLEGAL_ARGUMENT_ERROR") and what was attempted.
package struct ICUError: Error, Hashable, Sendable, CustomStringConvertible {
  /// ICU's name for the error code.
  package var name: String
  /// What TextRotor was doing.
  package var operation: String

  init(_ code: Int32, _ operation: String) {
    self.name = String(cString: cicu_u_errorName(code))
    self.operation = operation
  }

  /// What failed and ICU's name for why.
  package var description: String { "\(operation) failed: \(name)" }
}

extension Int32 {
  /// Whether an ICU status code (a UErrorCode value) is a failure: ICU's U_FAILURE, codes above zero.
  var isICUFailure: Bool { self > CICU_ZERO_ERROR }
}

/// Calls an ICU function that fills a UTF-16 buffer, growing the buffer once if ICU asks for more.
func withGrowingUTF16Buffer(
  initialCapacity: Int, _ operation: String, _ body: (UnsafeMutablePointer<UInt16>, Int32, inout Int32) -> Int32
) throws(ICUError) -> [UInt16] {
  var capacity = max(initialCapacity, 16)
  for _ in 0..<2 {
    var buffer = [UInt16](repeating: 0, count: capacity)
    var status = CICU_ZERO_ERROR
    let length = buffer.withUnsafeMutableBufferPointer { body($0.baseAddress!, Int32(capacity), &status) }
    if status == CICU_BUFFER_OVERFLOW_ERROR {
      capacity = Int(length) + 1
      continue
    }
    if status.isICUFailure { throw ICUError(status, operation) }
    buffer.removeSubrange(Int(length)...)
    return buffer
  }
  throw ICUError(CICU_BUFFER_OVERFLOW_ERROR, operation)
}

/// Calls an ICU function that fills a char buffer (UTF-8 or ASCII), growing once if needed.
func withGrowingCharBuffer(
  initialCapacity: Int, _ operation: String, _ body: (UnsafeMutablePointer<CChar>, Int32, inout Int32) -> Int32
) throws(ICUError) -> String {
  var capacity = max(initialCapacity, 16)
  for _ in 0..<2 {
    var buffer = [CChar](repeating: 0, count: capacity + 1)
    var status = CICU_ZERO_ERROR
    let length = buffer.withUnsafeMutableBufferPointer { body($0.baseAddress!, Int32(capacity), &status) }
    if status == CICU_BUFFER_OVERFLOW_ERROR || Int(length) > capacity {
      capacity = Int(length) + 1
      continue
    }
    if status.isICUFailure { throw ICUError(status, operation) }
    return String(decoding: buffer[0..<Int(length)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
  throw ICUError(CICU_BUFFER_OVERFLOW_ERROR, operation)
}
