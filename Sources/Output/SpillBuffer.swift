#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// UTF-8 text written once and read back once, in order, that may be far larger than memory should
/// hold: the first MiB stays in memory, the rest goes to an anonymous temporary file (`tmpfile`:
/// unlinked at once, so nothing is left behind even if the process is killed).
///
/// Why: `speak --format json` ends with the whole speech as one string, after the segments that
/// are written as they are made. Held as a `String`, that speech (1.4× the text, with growth up to
/// twice that) was the largest thing `speak` kept. If no temporary file can be made or written (a
/// full disk), the text stays in memory: slower to the limit, never lost. `braille` keeps its
/// output here too, so that an input that fails half-way writes nothing (`package`: the CLI's).
package final class SpillBuffer {
  private var memory: [UInt8] = []
  private var file: UnsafeMutablePointer<FILE>?
  /// Bytes written to `file` so far (what is in `memory` comes after them).
  private var fileBytes = 0
  private var fileFailed = false
  /// Memory kept before spilling (internal so a test can make it small).
  let threshold: Int

  package init(threshold: Int = 1 << 20) { self.threshold = threshold }

  deinit { if let file { fclose(file) } }

  /// Appends `text`.
  func append(_ text: String) {
    var text = text
    text.withUTF8 { memory.append(contentsOf: $0) }
    if memory.count >= threshold { spill() }
  }

  /// Appends UTF-8 bytes (whole sequences).
  package func append(bytes: ArraySlice<UInt8>) {
    memory.append(contentsOf: bytes)
    if memory.count >= threshold { spill() }
  }

  private func spill() {
    guard !fileFailed else { return }
    if file == nil {
      file = tmpfile()
      if file == nil {
        fileFailed = true
        return
      }
    }
    let written = memory.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    fileBytes += written
    memory.removeFirst(written)
    if !memory.isEmpty { fileFailed = true }  // a short write: keep the rest (and all to come) in memory
  }

  /// Hands the text over in chunks that end on whole UTF-8 sequences, in order.
  package func forEachChunk(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    if let file, fileBytes > 0 {
      fflush(file)
      rewind(file)
      var chunk = [UInt8](repeating: 0, count: 1 << 16)
      var carried = 0  // bytes of an incomplete sequence moved to the front of `chunk`
      var remaining = fileBytes
      while remaining > 0 {
        let wanted = min(chunk.count - carried, remaining)
        let read = chunk.withUnsafeMutableBytes { fread($0.baseAddress! + carried, 1, wanted, file) }
        guard read > 0 else { fatalError("textrotor: the temporary file of the speech could not be read back") }
        remaining -= read
        let filled = carried + read
        let cut = remaining == 0 ? filled : Self.wholeSequences(chunk, count: filled)
        chunk.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[0..<cut])) }
        carried = filled - cut
        for index in 0..<carried { chunk[index] = chunk[cut + index] }
      }
      if carried > 0 {
        var tail = Array(chunk[0..<carried])
        tail.append(contentsOf: memory)
        tail.withUnsafeBufferPointer(body)
        return
      }
    }
    memory.withUnsafeBufferPointer(body)
  }

  /// The length of the longest prefix of `bytes[0..<count]` that ends after a whole UTF-8 sequence
  /// (an incomplete sequence at the end is left for the next chunk).
  static func wholeSequences(_ bytes: [UInt8], count: Int) -> Int {
    var start = count
    // Back up over continuation bytes (at most three) to the last lead byte.
    while start > 0 && count - start < 4 && bytes[start - 1] & 0xC0 == 0x80 { start -= 1 }
    guard start > 0 else { return count }
    let lead = bytes[start - 1]
    let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
    return start - 1 + length <= count ? count : start - 1
  }
}
