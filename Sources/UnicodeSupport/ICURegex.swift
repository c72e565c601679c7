internal import CICU

/// An ICU regular expression, for custom rotors ("every line that mentions a trail").
/// Matches are reported as UTF-8 offset ranges.
package final class ICURegex {
  private let handle: OpaquePointer
  /// The pattern as given.
  package let pattern: String

  /// Compiles `pattern` (ICU syntax); `caseInsensitive` sets UREGEX_CASE_INSENSITIVE.
  package init(_ pattern: String, caseInsensitive: Bool = false) throws(ICUError) {
    handle = try Self.compile(pattern, caseInsensitive: caseInsensitive)
    self.pattern = pattern
  }

  fileprivate init(handle: OpaquePointer, pattern: String) {
    self.handle = handle
    self.pattern = pattern
  }

  deinit { cicu_uregex_close(handle) }

  /// ICU's compiled `pattern`, owned by the caller.
  fileprivate static func compile(_ pattern: String, caseInsensitive: Bool) throws(ICUError) -> OpaquePointer {
    let units = Array(pattern.utf16)
    var status = CICU_ZERO_ERROR
    let flags = caseInsensitive ? UInt32(CICU_REGEX_CASE_INSENSITIVE) : 0
    let opened = units.withUnsafeBufferPointer {
      cicu_uregex_open($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, Int32($0.count), flags, &status)
    }
    guard let opened, !status.isICUFailure else { throw ICUError(status, "uregex_open(\(pattern))") }
    return opened
  }

  /// A match at the start of `units` (UTF-16; ICU's lookingAt): the match's end and each capture
  /// group's range (nil for a group that took no part), in UTF-16 offsets; nil when none matches.
  package func prefixMatch(_ units: [UInt16]) throws(ICUError) -> (end: Int, groups: [Range<Int>?])? {
    var status = CICU_ZERO_ERROR
    return try units.withUnsafeBufferPointer { (buffer) throws(ICUError) -> (end: Int, groups: [Range<Int>?])? in
      cicu_uregex_setText(handle, buffer.baseAddress ?? UnsafePointer(bitPattern: 2)!, Int32(buffer.count), &status)
      if status.isICUFailure { throw ICUError(status, "uregex_setText") }
      guard cicu_uregex_lookingAt(handle, &status) != 0, !status.isICUFailure else {
        if status.isICUFailure { throw ICUError(status, "uregex_lookingAt") }
        return nil
      }
      let end = Int(cicu_uregex_end(handle, 0, &status))
      let count = Int(cicu_uregex_groupCount(handle, &status))
      var groups: [Range<Int>?] = []
      if count > 0 {
        for group in 1...count {
          let start = Int(cicu_uregex_start(handle, Int32(group), &status))
          let groupEnd = Int(cicu_uregex_end(handle, Int32(group), &status))
          groups.append(start >= 0 && groupEnd >= start ? start..<groupEnd : nil)
        }
      }
      if status.isICUFailure { throw ICUError(status, "uregex_start/end") }
      return (end, groups)
    }
  }

  /// Every non-overlapping match in `text`, as UTF-8 offset ranges.
  package func matches(in text: String) throws(ICUError) -> [Range<Int>] {
    let utf16 = Array(text.utf16)
    var utf8At = [Int](repeating: 0, count: utf16.count + 1)
    var u8 = 0
    var i = 0
    for scalar in text.unicodeScalars {
      utf8At[i] = u8
      if scalar.utf16.count == 2 { utf8At[i + 1] = u8 }
      i += scalar.utf16.count
      u8 += scalar.utf8.count
    }
    utf8At[utf16.count] = u8
    var result: [Range<Int>] = []
    var status = CICU_ZERO_ERROR
    if utf16.isEmpty { return [] }
    try utf16.withUnsafeBufferPointer { (buffer) throws(ICUError) in
      cicu_uregex_setText(handle, buffer.baseAddress!, Int32(buffer.count), &status)
      if status.isICUFailure { throw ICUError(status, "uregex_setText") }
      while cicu_uregex_findNext(handle, &status) != 0 && !status.isICUFailure {
        let start = Int(cicu_uregex_start(handle, 0, &status))
        let end = Int(cicu_uregex_end(handle, 0, &status))
        if status.isICUFailure { break }
        if end > start { result.append(utf8At[start]..<utf8At[end]) }
      }
      if status.isICUFailure { throw ICUError(status, "uregex_findNext") }
    }
    return result
  }
}

/// A compiled regular expression that several threads share and none matches with: each thread
/// matches with a ``matcher()`` of its own (a clone, with its own match state; cloning is cheaper
/// than compiling).
package struct SharedRegex: Sendable {
  /// The compiled pattern, only ever cloned.
  private let compiled: SharedICUObject
  /// The pattern as given.
  package let pattern: String

  /// Compiles `pattern` (ICU syntax); `caseInsensitive` sets UREGEX_CASE_INSENSITIVE.
  package init(_ pattern: String, caseInsensitive: Bool = false) throws(ICUError) {
    compiled = SharedICUObject(try ICURegex.compile(pattern, caseInsensitive: caseInsensitive)) {
      cicu_uregex_close($0)
    }
    self.pattern = pattern
  }

  /// A regular expression of this pattern for the calling thread to match with.
  package func matcher() throws(ICUError) -> ICURegex {
    var status = CICU_ZERO_ERROR
    guard let copy = cicu_uregex_clone(compiled.handle, &status), !status.isICUFailure else {
      throw ICUError(status, "uregex_clone")
    }
    return ICURegex(handle: copy, pattern: pattern)
  }
}
