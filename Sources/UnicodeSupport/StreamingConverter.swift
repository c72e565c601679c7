internal import CICU

/// Decodes a byte stream in a legacy encoding (or UTF-16/UTF-32) to UTF-16 with an ICU converter,
/// chunk by chunk: a character cut by a chunk boundary is held back and finished by the next chunk.
///
/// Every UTF-16 unit comes with the offset of the input byte that began its character, so callers
/// can keep positions in the original input. Undecodable bytes become U+FFFD and are counted.
///
/// ```swift
/// let converter = try StreamingConverter(encoding: "windows-1252")
/// var units: [UInt16] = [], offsets: [Int] = []
/// converter.convert(bytes, flush: true, units: &units, offsets: &offsets)
/// ```
package final class StreamingConverter {
  private let converter: OpaquePointer
  private let counter: UnsafeMutablePointer<Int64>
  /// Input bytes consumed before the current chunk.
  private var consumed = 0

  /// Opens the ICU converter named `encoding` (an ICU name or alias).
  /// - Throws: ``ICUError`` when ICU has no such converter.
  package init(encoding: String) throws(ICUError) {
    var status = CICU_ZERO_ERROR
    guard let opened = cicu_ucnv_open(encoding, &status), !status.isICUFailure else {
      throw ICUError(status, "ucnv_open(\(encoding))")
    }
    converter = opened
    counter = .allocate(capacity: 1)
    counter.initialize(to: 0)
    cicu_ucnv_countSubstitutions(converter, counter, &status)
    if status.isICUFailure {
      // Still usable: ICU's default callback also substitutes, only the count would be missing.
      counter.pointee = -1
    }
  }

  deinit {
    cicu_ucnv_close(converter)
    counter.deallocate()
  }

  /// Whether ICU on this machine can open a converter with that name.
  package static func canOpen(_ encoding: String) -> Bool {
    (try? StreamingConverter(encoding: encoding)) != nil
  }

  /// How many undecodable byte sequences were replaced with U+FFFD so far.
  package var substitutionCount: Int { max(0, Int(counter.pointee)) }

  /// Decodes one chunk, appending UTF-16 units to `units` and, for each unit, the offset in the whole
  /// input (counted from the first byte ever given to this converter) of the byte that began its
  /// character. Pass `flush: true` with the last chunk.
  /// - Complexity: O(n) in the chunk's length.
  package func convert(_ chunk: UnsafeRawBufferPointer, flush: Bool, units: inout [UInt16], offsets: inout [Int]) {
    let pendingBefore = pendingByteCount
    let chunkStart = consumed
    var local = [Int32](repeating: 0, count: chunk.count + 64)
    var target = [UInt16](repeating: 0, count: chunk.count + 64)
    var sourceIndex = 0
    while true {
      var status = CICU_ZERO_ERROR
      let callStart = sourceIndex
      var written = 0
      target.withUnsafeMutableBufferPointer { targetBuffer in
        local.withUnsafeMutableBufferPointer { offsetBuffer in
          let base = chunk.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }
          let empty: [CChar] = [0]
          empty.withUnsafeBufferPointer { emptyBuffer in
            var source = base.map { $0 + sourceIndex } ?? emptyBuffer.baseAddress!
            let sourceLimit = base.map { $0 + chunk.count } ?? emptyBuffer.baseAddress!
            var targetPointer = targetBuffer.baseAddress!
            let targetLimit = targetBuffer.baseAddress! + targetBuffer.count
            cicu_ucnv_toUnicode(
              converter, &targetPointer, targetLimit, &source, sourceLimit, offsetBuffer.baseAddress,
              flush ? 1 : 0, &status)
            written = targetPointer - targetBuffer.baseAddress!
            if let base { sourceIndex = source - base }
          }
        }
      }
      units.reserveCapacity(units.count + written)
      offsets.reserveCapacity(offsets.count + written)
      for index in 0..<written {
        units.append(target[index])
        let offset = Int(local[index])
        // -1: the character began with bytes held back from the previous chunk.
        offsets.append(offset < 0 ? chunkStart - pendingBefore : chunkStart + callStart + offset)
      }
      if status == CICU_BUFFER_OVERFLOW_ERROR { continue }
      break
    }
    consumed += chunk.count
  }

  /// The bytes the converter holds back for the next chunk (the start of a character cut by the boundary).
  package var pendingByteCount: Int {
    var status = CICU_ZERO_ERROR
    let count = cicu_ucnv_toUCountPending(converter, &status)
    return status.isICUFailure ? 0 : Int(max(0, count))
  }
}
