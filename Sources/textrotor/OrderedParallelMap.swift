import Foundation

/// `body(0) … body(count - 1)` on up to `jobs` threads, the results in index order: what `batch`
/// and `detect --recursive` do to each chunk of their input. Threads take the next index from a
/// shared counter, so one slow item does not hold up the others; each result goes to its own slot.
/// With one job (or one item) it runs on the calling thread.
func orderedParallelMap<Result: Sendable>(
  count: Int, jobs: Int, _ body: @escaping @Sendable (Int) -> Result
) -> [Result] {
  guard jobs > 1, count > 1 else { return (0..<count).map(body) }
  let results = UnsafeMutableBufferPointer<Result?>.allocate(capacity: count)
  results.initialize(repeating: nil)
  defer { results.deinitialize().deallocate() }
  let next = WorkCounter()
  // Each index is claimed by exactly one worker, so the writes into `results` never overlap.
  nonisolated(unsafe) let slots = results
  DispatchQueue.concurrentPerform(iterations: min(jobs, count)) { _ in
    while let index = next.claim(below: count) { slots[index] = body(index) }
  }
  return results.map { $0! }
}

/// A counter that hands out 0, 1, 2… once each, to several threads.
final class WorkCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0

  /// The next unclaimed index below `limit`, or nil when all are taken.
  func claim(below limit: Int) -> Int? {
    lock.lock()
    defer { lock.unlock() }
    guard value < limit else { return nil }
    value += 1
    return value - 1
  }
}
