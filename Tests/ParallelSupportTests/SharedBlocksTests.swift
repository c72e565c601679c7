import Synchronization
import TestSupport
import Testing

@testable import ParallelSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Blocks run by either thread come back in block order; a helper with no work returns at once.
@Suite(.tags(.threadSafety)) struct SharedBlocksTests {
  @Test func resultsAreInBlockOrderWhoeverRanThem() {
    let work = SharedBlocks()
    work.help()  // nothing to do yet: returns
    nonisolated(unsafe) var results: [Int] = []
    nonisolated(unsafe) var helped = 0
    Parallelism.workers(2).forEach(2) { part in
      if part == 0 {
        results = work.run(blocks: 500) { block in
          var sum = 0
          for value in 0..<(block % 7) * 1000 { sum &+= value }
          return block * 2 + (sum == -1 ? 1 : 0)
        }
      } else {
        for _ in 0..<1000 { work.help() }
        helped = 1
      }
    }
    #expect(results == (0..<500).map { $0 * 2 })
    #expect(helped == 1)
    #expect(work.run(blocks: 0) { $0 }.isEmpty)
  }

  /// An owner alone (serial: nobody helps) runs every block itself.
  @Test func anOwnerAloneRunsEveryBlock() {
    let work = SharedBlocks()
    work.begin()
    #expect(work.run(blocks: 20) { $0 + 1 } == Array(1...20))
    work.end()
    work.helpUntilOwnerEnds()  // ended: returns
  }

  /// A helper waits for an owner's next work only between ``SharedBlocks/begin()`` and
  /// ``SharedBlocks/end()``: posted after a pause, the owner's second work is still helped with
  /// (its blocks wait, for two seconds at most in all, until the helper has run one); the helper
  /// returns when the owner ends, and at once when no owner has begun or it has ended. The helper is
  /// a thread of its own (`forEach` may run both parts on one thread).
  @Test func aHelperWaitsForTheOwnersNextWorkUntilItEnds() {
    let work = SharedBlocks()
    work.helpUntilOwnerEnds()  // no owner: returns
    let helped = Atomic<Int>(0)
    let helperReturned = Atomic<Bool>(false)
    let helperThread = Atomic<UInt>(0)
    work.begin()
    let first = work.run(blocks: 50) { $0 * 3 }
    let helper = JoinableThread.start { @Sendable in
      helperThread.store(UInt(pthread_self()), ordering: .sequentiallyConsistent)
      work.helpUntilOwnerEnds()
      helperReturned.store(true, ordering: .sequentiallyConsistent)
    }
    #expect(helper != nil)
    usleep(20_000)  // the helper, done with what there was, waits for the next work
    var deadline = timespec()
    clock_gettime(CLOCK_MONOTONIC, &deadline)
    let end = deadline.tv_sec + 2
    func beforeDeadline() -> Bool {
      var now = timespec()
      clock_gettime(CLOCK_MONOTONIC, &now)
      return now.tv_sec < end
    }
    let second = work.run(blocks: 50) { block in
      if UInt(pthread_self()) == helperThread.load(ordering: .sequentiallyConsistent) {
        helped.add(1, ordering: .sequentiallyConsistent)
      }
      while helped.load(ordering: .sequentiallyConsistent) == 0 && beforeDeadline() { usleep(50) }
      return String(block)
    }
    let returnedEarly = helperReturned.load(ordering: .sequentiallyConsistent)
    #expect(!returnedEarly)
    work.end()
    helper?.join()
    let returned = helperReturned.load(ordering: .sequentiallyConsistent)
    #expect(returned)
    let blocksHelped = helped.load(ordering: .sequentiallyConsistent)
    #expect(blocksHelped > 0)
    #expect(first == (0..<50).map { $0 * 3 })
    #expect(second == (0..<50).map { String($0) })
    work.helpUntilOwnerEnds()  // ended: returns
  }
}
