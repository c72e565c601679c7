#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension String {
  /// The text of `bytes` (UTF-8; invalid sequences repaired as `String(decoding:as:)` does), with
  /// `bytes` emptied. For a large buffer, the pages already copied are handed back to the system
  /// as the copy proceeds, so the buffer and the string are not both resident in full.
  ///
  /// Why: a parse builds the text as bytes and then needs it as a `String`; a plain
  /// `String(decoding:)` holds both (37 MB extra at the end of parsing a 50 MB page, the peak of
  /// `parse`). `madvise(MADV_DONTNEED)` drops whole pages inside the array's element storage that
  /// are never read again (the allocation's headers lie outside those pages, and zero-filled pages
  /// are harmless to the allocator, which writes its metadata before reading it); the array is then
  /// freed as usual.
  /// - Complexity: O(n), one copy.
  static func releasing(_ bytes: inout [UInt8]) -> String {
    let count = bytes.count
    guard count >= releasingThreshold else {
      defer { bytes = [] }
      return String(decoding: bytes, as: UTF8.self)
    }
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    let chunk = 1 << 20
    let text = bytes.withUnsafeMutableBufferPointer { source in
      String(unsafeUninitializedCapacity: count) { destination in
        let base = source.baseAddress!
        let address = Int(bitPattern: base)
        var released = (address + page - 1) / page * page  // the first whole page inside the storage
        var copied = 0
        while copied < count {
          let length = Swift.min(chunk, count - copied)
          UnsafeMutableRawPointer(destination.baseAddress! + copied).copyMemory(
            from: base + copied, byteCount: length)
          copied += length
          let end = (address + copied) / page * page  // whole pages copied so far
          if end > released {
            _ = madvise(UnsafeMutableRawPointer(bitPattern: released), end - released, Int32(MADV_DONTNEED))
            released = end
          }
        }
        return count
      }
    }
    bytes = []
    return text
  }

  /// Below this a plain copy is used (4 MiB; internal so a test can exercise both paths).
  static let releasingThreshold = 4 << 20
}
