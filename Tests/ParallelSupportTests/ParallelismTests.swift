import Synchronization
import TestSupport
import Testing

@testable import ParallelSupport

#if canImport(Glibc)
  import Glibc
#endif

/// What a `Parallelism` runs where: serial runs in order on the calling thread; workers run every
/// index once, at most `workerCount` at a time; `map` keeps index order.
@Suite(.tags(.threadSafety)) struct ParallelismTests {
  @Test func serialRunsInOrderOnTheCallingThread() {
    let caller = pthread_self()
    let order = LockedValue<[Int]>([])
    let elsewhere = Atomic<Bool>(false)
    Parallelism.serial.forEach(50) { index in
      if pthread_self() != caller { elsewhere.store(true, ordering: .relaxed) }
      order.withValue { $0.append(index) }
    }
    #expect(order.withValue { $0 } == Array(0..<50))
    let ranElsewhere = elsewhere.load(ordering: .relaxed)
    #expect(!ranElsewhere)
    #expect(Parallelism.serial.isSerial && Parallelism.workers(1) == .serial)
    #expect(Parallelism.default == .workers(2))
  }

  @Test(arguments: [2, 3, 8])
  func workersRunEveryIndexOnceAndNoMoreAtATime(workers: Int) {
    let runs = LockedValue([Int](repeating: 0, count: 200))
    let running = Atomic<Int>(0)
    let mostAtOnce = Atomic<Int>(0)
    Parallelism.workers(workers).forEach(200) { index in
      let now = running.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue
      mostAtOnce.max(now, ordering: .sequentiallyConsistent)
      usleep(50)
      runs.withValue { $0[index] += 1 }
      running.wrappingSubtract(1, ordering: .sequentiallyConsistent)
    }
    #expect(runs.withValue { $0 } == [Int](repeating: 1, count: 200))
    #expect(mostAtOnce.load(ordering: .sequentiallyConsistent) <= workers)
  }

  @Test(arguments: [Parallelism.serial, .workers(2), .workers(4)])
  func mapKeepsIndexOrder(parallelism: Parallelism) {
    #expect(parallelism.map(100) { $0 * $0 } == (0..<100).map { $0 * $0 })
    #expect(parallelism.map(0) { $0 }.isEmpty)
  }
}
