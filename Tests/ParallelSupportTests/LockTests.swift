import TestSupport
import Testing

@testable import ParallelSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The one lock: mutual exclusion, waiting for a condition, and the value it guards.
@Suite(.tags(.threadSafety)) struct LockTests {
  /// Four threads add to one counter 10 000 times each under the lock: no increment is lost.
  @Test func incrementsUnderTheLockAreNotLost() {
    let lock = Lock()
    nonisolated(unsafe) var counter = 0
    Parallelism.workers(4).forEach(4) { _ in
      for _ in 0..<10_000 { lock.withLock { counter += 1 } }
    }
    #expect(counter == 40_000)
  }

  /// A thread waiting in `withLock(when:)` runs its body once another makes the condition true and
  /// broadcasts; a condition already true does not wait.
  @Test func aWaiterRunsOnceTheConditionHolds() {
    let lock = Lock()
    nonisolated(unsafe) var ready = false
    nonisolated(unsafe) var seen = -1
    let waiter = JoinableThread.start {
      seen = lock.withLock(when: { ready }) { 7 }
    }
    usleep(1_000)
    lock.withLock {
      ready = true
      lock.broadcast()
    }
    waiter?.join()
    #expect(waiter != nil)
    #expect(seen == 7)
    #expect(lock.withLock(when: { true }) { 1 } == 1)
  }

  /// A typed error thrown inside the lock comes out, and the lock is free again.
  @Test func anErrorLeavesTheLockFree() {
    struct Failure: Error {}
    let lock = Lock()
    #expect(throws: Failure.self) { try lock.withLock { () throws(Failure) in throw Failure() } }
    #expect(lock.withLock { 3 } == 3)
  }

  /// A locked value is reached only through its lock; waiting for it works like the lock's.
  @Test func aLockedValueIsUpdatedUnderItsLock() {
    let total = LockedValue([Int]())
    Parallelism.workers(3).forEach(30) { index in total.withValue { $0.append(index) } }
    #expect(total.withValue { $0.sorted() } == Array(0..<30))
    let waiter = JoinableThread.start {
      _ = total.withValue(when: { $0.count > 30 }) { $0.removeLast() }
    }
    total.withValue {
      $0.append(99)
      total.lock.broadcast()
    }
    waiter?.join()
    #expect(total.withValue { $0.count } == 30)
  }
}

/// A promise: the waiting thread gets the value kept by the other, once.
@Suite(.tags(.threadSafety)) struct PromiseTests {
  @Test func theWaiterGetsTheKeptValue() {
    let promise = Promise<[String]>()
    #expect(!promise.isKept)
    nonisolated(unsafe) var received: [String] = []
    let waiter = JoinableThread.start { received = promise.value() }
    usleep(1_000)
    promise.keep(["de", "fr"])
    waiter?.join()
    #expect(received == ["de", "fr"])
    #expect(promise.isKept && promise.value() == ["de", "fr"])
  }
}

/// A joinable thread runs its closure on a thread of its own; `join` waits for the end.
@Suite(.tags(.threadSafety)) struct JoinableThreadTests {
  @Test func theClosureRunsOnAnotherThreadBeforeJoinReturns() {
    let caller = pthread_self()
    nonisolated(unsafe) var ranElsewhere = false
    nonisolated(unsafe) var finished = false
    let thread = JoinableThread.start {
      ranElsewhere = pthread_self() != caller
      usleep(2_000)
      finished = true
    }
    thread?.join()
    thread?.join()  // a second join does nothing
    #expect(thread != nil)
    #expect(ranElsewhere && finished)
  }
}
