internal import TextModel

/// Work in numbered blocks that the thread owning it runs, and that another thread with nothing
/// left to do may help with: blocks are taken in order under a lock and their results kept per
/// block; the owner waits only for blocks the helper has taken and is still running.
///
/// The helper never waits for work to appear: `DispatchQueue.concurrentPerform` may run both parts
/// of the detection on one thread, one after the other, and then a helper waiting for the owner
/// would never return. Used for the languages of national phone numbers (the main thread, done
/// with links, e-mails and alerts, identifies blocks of them while the phone thread does too).
/// `SharedBlocksTests` checks the results are in block order whoever ran them.
final class SharedBlocks<Result>: @unchecked Sendable {
  // Guarded by `condition`'s mutex; it signals a finished block to the owner.
  private var work: ((Int) -> Result)?
  private var blocks = 0
  private var next = 0
  private var finished = 0
  private var results: [Result?] = []
  private let condition = ThreadCondition()

  /// Runs `work` for blocks `0..<count`, sharing them with ``help()``, and returns their results in
  /// block order once every block is finished. `work` may run on the helping thread.
  func run(blocks count: Int, _ work: @escaping (Int) -> Result) -> [Result] {
    condition.locked {
      self.work = work
      blocks = count
      next = 0
      finished = 0
      results = Array(repeating: nil, count: count)
    }
    runBlocks()
    return condition.locked(when: { finished == blocks }) {
      let done = results.map { $0! }
      self.work = nil
      results = []
      return done
    }
  }

  /// Runs blocks of the work being run, if any, until none is left; returns at once when there is
  /// none (yet or any more).
  func help() { runBlocks() }

  private func runBlocks() {
    while true {
      let taken: (block: Int, work: (Int) -> Result)? = condition.locked {
        guard let work, next < blocks else { return nil }
        next += 1
        return (next - 1, work)
      }
      guard let taken else { return }
      let result = taken.work(taken.block)
      condition.locked {
        results[taken.block] = result
        finished += 1
        if finished == blocks { condition.broadcast() }
      }
    }
  }
}
