import Foundation
import ParallelSupport

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
        out.line(escaped: result.json)
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
    return Parallelism.workers(jobs).map(chunk.count) { index in
      switch chunk[index] {
      case .line(let bytes): processor.result(for: bytes[...], number: firstNumber + index)
      case .tooLong(let length): processor.tooLong(length: length, maximum: maximum, number: firstNumber + index)
      }
    }
  }
}
