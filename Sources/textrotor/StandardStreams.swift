import Foundation
import Output

#if canImport(Glibc)
  import Glibc
#endif

/// Standard output and standard error through POSIX `write(2)`, never through `FileHandle.write`
/// (which stops the process with "Fatal error: 'try!'" when the write fails).
///
/// - A failed write to standard output throws ``OutputFailure``; the command ends with one line on
///   standard error and exit status 1 (quietly for a closed pipe, EPIPE: the reader has gone).
/// - Writes to standard error never fail the command: a closed or full standard error is ignored.
/// - Text goes through ``TerminalText`` (``writeOutput(_:)`` and ``error(_:)`` alike): a control
///   character from a document, a file name or a request is shown as an escape, never sent to the
///   terminal (issue 42). Only ``writeAll(_:_:)`` sends bytes as they are (our own progress line).
enum StandardStreams {
  /// Writes all of `bytes` to `descriptor`, retrying after EINTR and short writes.
  /// - Returns: 0 on success, else the `errno` of the failed write.
  static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
    guard var pointer = bytes.baseAddress else { return 0 }
    var remaining = bytes.count
    while remaining > 0 {
      let written = write(descriptor, pointer, remaining)
      if written < 0 {
        if errno == EINTR { continue }
        return errno
      }
      if written == 0 { return EIO }
      pointer += written
      remaining -= written
    }
    return 0
  }

  /// Writes `text` to standard output at once, controls shown as escapes, or throws what went wrong.
  static func writeOutput(_ text: String) throws(OutputFailure) {
    var bytes: [UInt8] = []
    TerminalText.append(text, to: &bytes)
    let error = bytes.withUnsafeBytes { writeAll(STDOUT_FILENO, $0) }
    if error != 0 { throw OutputFailure(errno: error) }
  }

  /// Writes `bytes` to standard output as they are, or throws what went wrong. Only for output this
  /// program composed whose every control character is its own (a BRF file's CR LF and form feeds,
  /// around Braille ASCII): document text always goes through ``writeOutput(_:)``.
  static func writeComposed(_ bytes: [UInt8]) throws(OutputFailure) {
    let error = bytes.withUnsafeBytes { writeAll(STDOUT_FILENO, $0) }
    if error != 0 { throw OutputFailure(errno: error) }
  }

  /// Writes one line to standard error ("textrotor: " is not added), controls shown as escapes,
  /// ignoring any failure: there is nowhere left to report it.
  static func error(_ line: String) {
    var bytes: [UInt8] = []
    TerminalText.append(line, to: &bytes)
    if bytes.last != 0x0A { bytes.append(0x0A) }
    _ = bytes.withUnsafeBytes { writeAll(STDERR_FILENO, $0) }
  }

  /// Makes sure descriptors 0, 1 and 2 are open, so that no file this process opens (an input, a
  /// temporary audio file) can become "standard output" by accident. A closed one is replaced by
  /// /dev/null opened the wrong way round (standard output read-only, standard input write-only),
  /// so every write to it still fails with EBADF as it would have, and is reported.
  static func occupyClosedDescriptors() {
    for descriptor: Int32 in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 {
      let opened = open("/dev/null", descriptor == STDIN_FILENO ? O_WRONLY : O_RDONLY)
      if opened >= 0, opened != descriptor {
        dup2(opened, descriptor)
        close(opened)
      }
    }
  }
}

/// Standard output could not be written: the command stops with exit status 1.
struct OutputFailure: Error, CustomStringConvertible {
  var errno: Int32

  /// The reader of a pipe has gone (EPIPE, when SIGPIPE is ignored): not worth a message.
  var isClosedPipe: Bool { errno == EPIPE }

  var description: String { "cannot write to standard output (\(String(cString: strerror(errno))))" }
}
