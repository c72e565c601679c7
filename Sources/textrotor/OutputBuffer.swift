#if canImport(Glibc)
  import Glibc
#endif

/// Writes to standard output in large blocks, through ``StandardStreams`` (POSIX `write(2)`).
///
/// A failed write throws ``OutputFailure``; ``runReportingInputErrors(_:)`` turns it into one line
/// on standard error and exit status 1. Once a write failed, later writes are dropped, so a command
/// that writes from a closure that cannot throw stops at its next `flush()`.
struct OutputBuffer {
  private var bytes: [UInt8] = []
  private var failure: OutputFailure?

  init() { bytes.reserveCapacity(1 << 16 + 4096) }

  mutating func write(_ string: String) {
    bytes.append(contentsOf: string.utf8)
    if bytes.count > 1 << 16 { send() }
  }

  /// Writes UTF-8 bytes and a line break.
  mutating func line(utf8: [UInt8]) {
    bytes.append(contentsOf: utf8)
    bytes.append(0x0A)
    if bytes.count > 1 << 16 { send() }
  }

  mutating func line(_ string: String) {
    write(string)
    write("\n")
  }

  /// Writes what is buffered, or throws the first write error (this one or an earlier one).
  mutating func flush() throws(OutputFailure) {
    send()
    if let failure { throw failure }
  }

  private mutating func send() {
    if failure == nil {
      let error = bytes.withUnsafeBytes { StandardStreams.writeAll(STDOUT_FILENO, $0) }
      if error != 0 { failure = OutputFailure(errno: error) }
    }
    bytes.removeAll(keepingCapacity: true)
  }
}
