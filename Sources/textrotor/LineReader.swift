import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Lines from a file descriptor, read in 64 KiB blocks with `read(2)`. A final line without a line
/// break counts; a carriage return before the line break is dropped. A line longer than the limit is
/// skipped to its end and reported as `.tooLong` (its result is an error; memory stays bounded).
struct LineReader {
  enum Line {
    case line([UInt8])
    case tooLong(Int)
  }

  let descriptor: Int32
  let maximumLineBytes: Int
  private var buffer: [UInt8] = []
  private var start = 0
  private var atEnd = false
  /// Bytes read from the descriptor so far (for the progress line's share of a file).
  private(set) var bytesRead = 0

  init(descriptor: Int32, maximumLineBytes: Int) {
    self.descriptor = descriptor
    self.maximumLineBytes = maximumLineBytes
  }

  mutating func next() throws(InputFailure) -> Line? {
    var skipped = 0  // bytes of an over-long line already dropped
    var searchFrom = start
    while true {
      if let newline = buffer[searchFrom...].firstIndex(of: 0x0A) {
        let length = newline - start + skipped
        let line = Array(buffer[start..<newline])
        start = newline + 1
        if skipped > 0 || length > maximumLineBytes { return .tooLong(length) }
        return .line(line.last == 0x0D ? Array(line.dropLast()) : line)
      }
      if atEnd {
        guard start < buffer.count || skipped > 0 else { return nil }
        let line = Array(buffer[start...])
        let length = line.count + skipped
        start = buffer.count
        if skipped > 0 || length > maximumLineBytes { return .tooLong(length) }
        return .line(line.last == 0x0D ? Array(line.dropLast()) : line)
      }
      // Keep only the unfinished line; drop it (counting its bytes) once it is over the limit.
      buffer.removeSubrange(0..<start)
      start = 0
      if buffer.count > maximumLineBytes {
        skipped += buffer.count
        buffer.removeAll(keepingCapacity: true)
      }
      searchFrom = buffer.count
      try fill()
    }
  }

  private mutating func fill() throws(InputFailure) {
    let block = 1 << 16
    let old = buffer.count
    buffer.append(contentsOf: repeatElement(0, count: block))
    var count = 0
    while true {
      count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + old, block) }
      if count < 0 && errno == EINTR { continue }
      break
    }
    if count < 0 {
      let reason = String(cString: strerror(errno))
      buffer.removeSubrange(old...)
      throw InputFailure(message: "<stdin>: cannot read: \(reason)")
    }
    buffer.removeSubrange((old + count)...)
    bytesRead += count
    if count == 0 { atEnd = true }
  }
}
