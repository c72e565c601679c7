import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The engine of `textrotor batch`: reads input lines in chunks of `chunkSize`, has `jobs` threads
/// turn a chunk's lines into result lines, writes them in input order, then reads the next chunk.
///
/// Memory is bounded by one chunk of input lines and their results (`chunkSize` lines, each at most
/// `maximumLineBytes`), whatever the length of the stream. The chunk is the reorder window: output
/// order is input order for any number of jobs. Workers take the next line of the chunk from a
/// shared counter, so one slow document does not hold up the others of its chunk.
struct BatchPipeline {
  let processor: BatchProcessor
  let jobs: Int
  let chunkSize: Int
  let maximumLineBytes: Int
  var progress: BatchProgress?

  /// Processes every line of `input` (a file descriptor) and writes the results to standard output.
  /// - Returns: the number of lines read and the number that failed.
  /// - Throws: ``InputFailure`` when standard input cannot be read, ``OutputFailure`` when standard
  ///   output cannot be written.
  mutating func run(input: Int32) throws -> (lines: Int, failed: Int) {
    var lines = LineReader(descriptor: input, maximumLineBytes: maximumLineBytes)
    let out = OutputBuffer()
    var failed = 0
    var number = 0
    var chunk: [LineReader.Line] = []
    chunk.reserveCapacity(chunkSize)
    while true {
      chunk.removeAll(keepingCapacity: true)
      while chunk.count < chunkSize, let line = try lines.next() { chunk.append(line) }
      if chunk.isEmpty { break }
      let results = process(chunk, firstNumber: number + 1)
      for result in results {
        out.line(utf8: result.json)
        if result.failed { failed += 1 }
      }
      try out.flush()
      number += chunk.count
      progress?.update(lines: number, failed: failed, bytesRead: lines.bytesRead)
    }
    try out.flush()
    progress?.finish(lines: number, failed: failed)
    return (number, failed)
  }

  private func process(_ chunk: [LineReader.Line], firstNumber: Int) -> [(json: [UInt8], failed: Bool)] {
    let processor = processor
    let maximum = maximumLineBytes
    return orderedParallelMap(count: chunk.count, jobs: jobs) { index in
      switch chunk[index] {
      case .line(let bytes): processor.result(for: bytes[...], number: firstNumber + index)
      case .tooLong(let length): processor.tooLong(length: length, maximum: maximum, number: firstNumber + index)
      }
    }
  }
}

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
