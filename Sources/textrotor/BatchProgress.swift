import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// "1234 lines, 312/s, 2 failed, 0:05 elapsed" on standard error, redrawn at most 4 times a second;
/// only made when standard error is a terminal. When standard input is a regular file its size is
/// known, so the line also shows the share read and the time left ("41%, 0:07 left"), estimated from
/// the bytes read so far; a pipe's total is unknown, so it shows neither.
struct BatchProgress {
  /// The bytes standard input will give, when it is a regular file (from where it stands now).
  let totalBytes: Int?
  private let started = Date()
  private var lastDrawn = Date.distantPast

  init(input: Int32) {
    var status = stat()
    if fstat(input, &status) == 0, status.st_mode & S_IFMT == S_IFREG {
      let position = lseek(input, 0, SEEK_CUR)
      totalBytes = max(Int(status.st_size) - max(Int(position), 0), 0)
    } else {
      totalBytes = nil
    }
  }

  mutating func update(lines: Int, failed: Int, bytesRead: Int) {
    let now = Date()
    guard now.timeIntervalSince(lastDrawn) >= 0.25 else { return }
    lastDrawn = now
    draw(lines: lines, failed: failed, bytesRead: bytesRead, now: now, end: "")
  }

  mutating func finish(lines: Int, failed: Int) {
    draw(lines: lines, failed: failed, bytesRead: nil, now: Date(), end: "\n")
  }

  /// The progress text (without the redraw codes); `bytesRead` nil once the stream has ended.
  static func text(lines: Int, failed: Int, elapsed: Double, bytesRead: Int?, totalBytes: Int?) -> String {
    let rate = Int((Double(lines) / max(elapsed, 0.001)).rounded())
    var text = "textrotor batch: \(lines) lines, \(rate)/s, \(failed) failed, \(clock(elapsed)) elapsed"
    if let bytesRead, let totalBytes, totalBytes > 0, bytesRead > 0 {
      let share = min(Double(bytesRead) / Double(totalBytes), 1)
      let left = elapsed * (1 - share) / share
      text += ", \(Int(share * 100))%, \(clock(left)) left"
    }
    return text
  }

  private static func clock(_ seconds: Double) -> String {
    let whole = Int(seconds.rounded(.down))
    return "\(whole / 60):\(whole % 60 < 10 ? "0" : "")\(whole % 60)"
  }

  private func draw(lines: Int, failed: Int, bytesRead: Int?, now: Date, end: String) {
    let body = Self.text(
      lines: lines, failed: failed, elapsed: now.timeIntervalSince(started), bytesRead: bytesRead,
      totalBytes: totalBytes)
    var bytes = Array("\r\u{1B}[K\(body)\(end)".utf8)
    _ = bytes.withUnsafeMutableBytes { StandardStreams.writeAll(STDERR_FILENO, UnsafeRawBufferPointer($0)) }
  }
}
