import Output
import ParallelSupport

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
  /// Standard output's pending bytes and the first write error, behind a lock: the JSON writers this
  /// buffer hands out write from whichever thread consumes a document's ordered output.
  private final class Storage: Sendable {
    struct State {
      var bytes: [UInt8] = []
      var failure: OutputFailure?
    }

    private let state: LockedValue<State>

    init() {
      var initial = State()
      initial.bytes.reserveCapacity(1 << 16 + 4096)
      state = LockedValue(initial)
    }

    /// Runs `body` on the pending bytes, then sends them once they pass 64 KiB.
    func append(_ body: (inout [UInt8]) -> Void) {
      state.withValue { state in
        body(&state.bytes)
        if state.bytes.count > 1 << 16 { Self.send(&state) }
      }
    }

    func send() { state.withValue { Self.send(&$0) } }

    /// The first write error, if any.
    var failure: OutputFailure? { state.withValue { $0.failure } }

    private static func send(_ state: inout State) {
      if state.failure == nil {
        let error = state.bytes.withUnsafeBytes { StandardStreams.writeAll(STDOUT_FILENO, $0) }
        if error != 0 { state.failure = OutputFailure(errno: error) }
      }
      state.bytes.removeAll(keepingCapacity: true)
    }
  }

  private let storage = Storage()

  /// Writes text for a person: every control character in it is shown as an escape
  /// (``TerminalText``: `ESC [2J` becomes `\x1b[2J`), never sent to the terminal.
  func write(_ text: String) {
    storage.append { TerminalText.append(text, to: &$0) }
  }

  /// ``write(_:)`` and a line break.
  func line(_ text: String) {
    storage.append { bytes in
      TerminalText.append(text, to: &bytes)
      bytes.append(0x0A)
    }
  }

  /// Writes UTF-8 text for a person, controls shown as escapes (as ``write(_:)``).
  func write(text utf8: [UInt8]) {
    storage.append { bytes in utf8.withUnsafeBufferPointer { TerminalText.append($0, to: &bytes) } }
  }

  /// ``write(text:)`` and a line break.
  func line(text utf8: [UInt8]) {
    storage.append { bytes in
      utf8.withUnsafeBufferPointer { TerminalText.append($0, to: &bytes) }
      bytes.append(0x0A)
    }
  }

  /// Writes the bytes of a format that escapes controls itself (JSON, JSON Lines, SSML) as they
  /// are: their bytes are a contract, and no control character is among them.
  func write(escaped utf8: [UInt8]) {
    storage.append { $0.append(contentsOf: utf8) }
  }

  /// ``write(escaped:)`` and a line break.
  func line(escaped utf8: [UInt8]) {
    storage.append { bytes in
      bytes.append(contentsOf: utf8)
      bytes.append(0x0A)
    }
  }

  /// Writes the bytes of a library sink: through ``write(text:)`` when they are text for a person
  /// (`isText`), else as they are (``write(escaped:)``).
  func write(_ utf8: [UInt8], isText: Bool) {
    if isText { write(text: utf8) } else { write(escaped: utf8) }
  }

  /// A JSON writer whose output streams through this buffer; call its `finish()` after the last
  /// value (``line(finishing:)`` does, and ends the line).
  func jsonWriter() -> JSONWriter {
    JSONWriter(streamingTo: { [storage] utf8 in storage.append { $0.append(contentsOf: utf8) } })
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
