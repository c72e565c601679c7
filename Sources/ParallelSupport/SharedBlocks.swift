/// Work in numbered blocks that the thread owning it runs, and that another thread with nothing
/// left to do may help with: blocks are taken in order under a lock and their results kept per
/// block; the owner waits only for blocks the helper has taken and is still running.
///
/// The owner may run several pieces of work one after the other (the languages of national phone
/// numbers, then their validation); between them a helper waits for the next, but only while an
/// owner has begun and not ended (``begin()``, ``end()``): ``Parallelism/forEach(_:_:)`` may
/// run both parts of the detection on one thread, one after the other, and a helper waiting for
/// an owner that has not begun would never return. Used for national phone numbers: the main
/// thread, done with links, e-mails and alerts, identifies their languages and validates them in
/// blocks while the phone thread does too. `SharedBlocksTests` checks the results are in block
/// order whoever ran them.
package final class SharedBlocks: @unchecked Sendable {  // work closures read the text by pointer; state: `lock`
  // Guarded by `lock`; its broadcast signals a finished block to the owner, and new work or the
  // owner's end to a waiting helper.
  private var work: ((Int) -> Any)?
  private var blocks = 0
  private var next = 0
  private var results: [Any?] = []
  private var ownerBegun = false
  private var ownerEnded = false
  private let lock = Lock()

  /// No work yet, no owner begun.
  package init() {}

  /// Runs `work` for blocks `0..<count`, sharing them with ``help()``, and returns their results in
  /// block order once every block is finished. `work` may run on the helping thread.
  package func run<Result>(blocks count: Int, _ work: @escaping (Int) -> Result) -> [Result] {
    var done: [Result] = []
    done.reserveCapacity(count)
    run(blocks: count, work) { done.append($0) }
    return done
  }

  /// Runs `work` for blocks `0..<count`, sharing them with ``help()``, and hands their results to
  /// `deliver` (on this thread) in block order as soon as each is finished and those before it are
  /// delivered: a result is not kept past its turn (the validated national numbers of a 50 MB text,
  /// all kept to the end, were 9 MB more at the peak of `speak`).
  package func run<Result>(blocks count: Int, _ work: @escaping (Int) -> Result, inOrder deliver: (Result) -> Void) {
    lock.withLock {
      self.work = { work($0) }
      blocks = count
      next = 0
      results = Array(repeating: nil, count: count)
      lock.broadcast()
    }
    var delivered = 0
    // The finished result of the next block to deliver, taken out of `results` (under the lock).
    func take() -> Any? {
      guard delivered < blocks, let result = results[delivered] else { return nil }
      results[delivered] = nil
      return result
    }
    runBlocks {
      while let result = lock.withLock({ take() }) {
        deliver(result as! Result)
        delivered += 1
      }
    }
    while delivered < count {
      let result = lock.withLock(when: { results[delivered] != nil }) { take()! }
      deliver(result as! Result)
      delivered += 1
    }
    lock.withLock {
      self.work = nil
      results = []
    }
  }

  /// The owner has begun: from now a helper waits for its work until ``end()``.
  package func begin() { lock.withLock { ownerBegun = true } }

  /// The owner will post no more work.
  package func end() {
    lock.withLock {
      ownerEnded = true
      lock.broadcast()
    }
  }

  /// Runs blocks of the work being run, if any, until none is left; returns at once when there is
  /// none (yet or any more). The detection helps with ``helpUntilOwnerEnds()``; tests call this to
  /// help without an owner's `begin()`.
  package func help() { runBlocks() }

  /// Runs blocks of every piece of work the owner posts until it ends; returns at once if no owner
  /// has begun.
  package func helpUntilOwnerEnds() {
    while true {
      runBlocks()
      let more = lock.withLock(when: { !ownerBegun || ownerEnded || (work != nil && next < blocks) }) {
        ownerBegun && !ownerEnded
      }
      if !more { return }
    }
  }

  /// Runs blocks until none is left to take; `afterEach` after each block this thread ran.
  private func runBlocks(afterEach: () -> Void = {}) {
    while true {
      let taken: (block: Int, work: (Int) -> Any)? = lock.withLock {
        guard let work, next < blocks else { return nil }
        next += 1
        return (next - 1, work)
      }
      guard let taken else { return }
      let result = taken.work(taken.block)
      lock.withLock {
        results[taken.block] = result
        lock.broadcast()  // the owner may be waiting for this block's turn
      }
      afterEach()
    }
  }
}
