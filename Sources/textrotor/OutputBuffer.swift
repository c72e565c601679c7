import Output

#if canImport(Glibc)
  import Glibc
#endif

/// Writes to standard output in large blocks, through ``StandardStreams`` (POSIX `write(2)`).
///
/// Text for a person (``write(_:)``, ``line(_:)``, ``write(text:)``, ``line(text:)``) goes through
/// ``TerminalText``: a control character from a document, a file name or a request is shown as an
/// escape, never sent (issue 42). Only formats that escape controls themselves — JSON through
/// ``jsonWriter()``, JSON Lines and SSML through ``write(escaped:)`` — pass as they are.
///
/// A failed write throws ``OutputFailure``; ``runReportingInputErrors(_:)`` turns it into one line
/// on standard error and exit status 1. Once a write failed, later writes are dropped, so a command
/// that writes from a closure that cannot throw stops at its next `flush()`.
///
/// The bytes live in a class instance shared with the streaming JSON writers this buffer hands out
/// (``jsonWriter()``), so a JSON model of any size goes out in 64 KiB pieces, in order with lines
/// written here, and is never held whole (issue 15: `parse --format json` held 17× its input).
struct OutputBuffer {
  /// One process writes standard output from one thread; the writers' sink is marked Sendable only
  /// because `JSONWriter` is.
  private final class Storage: @unchecked Sendable {
    var bytes: [UInt8] = []
    var failure: OutputFailure?

    init() { bytes.reserveCapacity(1 << 16 + 4096) }

    func append(_ more: [UInt8]) {
      bytes.append(contentsOf: more)
      if bytes.count > 1 << 16 { send() }
    }

    func send() {
      if failure == nil {
        let error = bytes.withUnsafeBytes { StandardStreams.writeAll(STDOUT_FILENO, $0) }
        if error != 0 { failure = OutputFailure(errno: error) }
      }
      bytes.removeAll(keepingCapacity: true)
    }
  }

  private let storage = Storage()

  /// Writes text for a person: every control character in it is shown as an escape
  /// (``TerminalText``: `ESC [2J` becomes `\x1b[2J`), never sent to the terminal.
  func write(_ text: String) {
    TerminalText.append(text, to: &storage.bytes)
    if storage.bytes.count > 1 << 16 { storage.send() }
  }

  /// ``write(_:)`` and a line break.
  func line(_ text: String) {
    TerminalText.append(text, to: &storage.bytes)
    storage.bytes.append(0x0A)
    if storage.bytes.count > 1 << 16 { storage.send() }
  }

  /// Writes UTF-8 text for a person, controls shown as escapes (as ``write(_:)``).
  func write(text utf8: [UInt8]) {
    utf8.withUnsafeBufferPointer { TerminalText.append($0, to: &storage.bytes) }
    if storage.bytes.count > 1 << 16 { storage.send() }
  }

  /// ``write(text:)`` and a line break.
  func line(text utf8: [UInt8]) {
    utf8.withUnsafeBufferPointer { TerminalText.append($0, to: &storage.bytes) }
    storage.bytes.append(0x0A)
    if storage.bytes.count > 1 << 16 { storage.send() }
  }

  /// Writes the bytes of a format that escapes controls itself (JSON, JSON Lines, SSML) as they
  /// are: their bytes are a contract, and no control character is among them.
  func write(escaped utf8: [UInt8]) {
    storage.append(utf8)
  }

  /// ``write(escaped:)`` and a line break.
  func line(escaped utf8: [UInt8]) {
    storage.bytes.append(contentsOf: utf8)
    storage.bytes.append(0x0A)
    if storage.bytes.count > 1 << 16 { storage.send() }
  }

  /// Writes the bytes of a library sink: through ``write(text:)`` when they are text for a person
  /// (`isText`), else as they are (``write(escaped:)``).
  func write(_ utf8: [UInt8], isText: Bool) {
    if isText { write(text: utf8) } else { write(escaped: utf8) }
  }

  /// A JSON writer whose output streams through this buffer; call its `finish()` after the last
  /// value (``line(finishing:)`` does, and ends the line).
  func jsonWriter() -> JSONWriter {
    JSONWriter(streamingTo: { [storage] in storage.append($0) })
  }

  /// Passes on what a streaming writer from ``jsonWriter()`` still holds, then a line break.
  func line(finishing json: inout JSONWriter) {
    json.finish()
    line(escaped: json.utf8)
  }

  /// Writes what is buffered, or throws the first write error (this one or an earlier one).
  func flush() throws(OutputFailure) {
    storage.send()
    if let failure = storage.failure { throw failure }
  }
}
