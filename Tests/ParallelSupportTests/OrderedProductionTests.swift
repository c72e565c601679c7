import TestSupport
import Testing

@testable import ParallelSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The package's ordered production (`produceInOrder`, its `ProductionFlow`): products
/// are consumed once each, in order, by one thread at a time, whatever order they are made in; a
/// thread never runs more than the window ahead; spare storage comes back.
@Suite(.tags(.threadSafety)) struct OrderedProductionTests {
  @Test func aProductMadeEarlyWaitsForTheOneBefore() throws {
    let flow = ProductionFlow(count: 3, window: 8)
    #expect(flow.take()?.index == 0)
    #expect(flow.take()?.index == 1)
    #expect(flow.take()?.index == 2)
    #expect(flow.take() == nil)
    // 1 is made first: nothing can be consumed yet.
    #expect(!flow.finish(1))
    // 0 made: its thread consumes 0, then 1 (made), and stops before 2.
    #expect(flow.finish(0))
    #expect(flow.nextToConsume() == 0)
    flow.consumed(spareLeft: true)
    #expect(flow.nextToConsume() == 1)
    flow.consumed(spareLeft: false)
    #expect(flow.nextToConsume() == nil)
    // The thread that makes 2 consumes it.
    #expect(flow.finish(2))
    #expect(flow.nextToConsume() == 2)
    flow.consumed(spareLeft: false)
    #expect(flow.nextToConsume() == nil)
  }

  @Test func onlyOneThreadConsumesAtATime() {
    let flow = ProductionFlow(count: 2, window: 2)
    _ = flow.take()
    _ = flow.take()
    #expect(flow.finish(0))
    // 1 is made while 0 is being consumed: the consuming thread takes it.
    #expect(!flow.finish(1))
    #expect(flow.nextToConsume() == 0)
    flow.consumed(spareLeft: false)
    #expect(flow.nextToConsume() == 1)
  }

  @Test func spareStorageIsHandedToTheNextProduct() {
    let flow = ProductionFlow(count: 3, window: 1)
    #expect(flow.take()?.spareSlot == nil)
    #expect(flow.finish(0))
    #expect(flow.nextToConsume() == 0)
    flow.consumed(spareLeft: true)
    #expect(flow.nextToConsume() == nil)
    let next = flow.take()
    #expect(next?.index == 1 && next?.spareSlot == 0)
  }

  /// Products of random cost (so they are made out of order): every one consumed once, in order;
  /// no two consumptions overlap; no index is taken beyond the window.
  @Test func everyProductIsConsumedOnceInOrder() {
    for window in [1, 2, 5] {
      let count = 300
      let lock = Lock()
      nonisolated(unsafe) var consumedOrder: [Int] = []
      nonisolated(unsafe) var consuming = 0
      nonisolated(unsafe) var overlap = false
      nonisolated(unsafe) var beyondWindow = false
      nonisolated(unsafe) var spareReturned = 0
      produceInOrder(count: count, window: window) { (index: Int, spare: Int?) -> Int in
        // Under the lock: the consuming thread may be appending, and both threads produce.
        lock.withLock {
          if index >= consumedOrder.count + window { beyondWindow = true }
          if spare != nil { spareReturned += 1 }
        }
        usleep(UInt32.random(in: 0...300) * UInt32(1 + index % 3))
        return index * 2
      } consume: { index, product in
        consuming += 1
        if consuming > 1 || product != index * 2 { overlap = true }
        lock.withLock { consumedOrder.append(index) }
        consuming -= 1
        return index
      }
      #expect(consumedOrder == Array(0..<count), "window \(window)")
      #expect(!overlap)
      #expect(!beyondWindow)
      #expect(spareReturned > 0)
    }
  }

  /// Serial, one product after the other on the calling thread, each with the previous one's spare;
  /// with more workers than two, the same order.
  @Test(arguments: [Parallelism.serial, .workers(2), .workers(5)])
  func everyWorkerCountConsumesInOrder(parallelism: Parallelism) {
    let caller = pthread_self()
    nonisolated(unsafe) var consumed: [Int] = []
    nonisolated(unsafe) var spares: [Int?] = []
    nonisolated(unsafe) var otherThread = false
    let lock = Lock()
    produceInOrder(count: 40, window: 3, parallelism: parallelism) { (index: Int, spare: Int?) -> Int in
      lock.withLock {
        if pthread_self() != caller { otherThread = true }
        if parallelism.isSerial { spares.append(spare) }
      }
      return index + 100
    } consume: { index, product in
      consumed.append(product - 100)
      return index
    }
    #expect(consumed == Array(0..<40))
    if parallelism.isSerial {
      #expect(!otherThread)
      #expect(spares == [nil] + (0..<39).map { $0 })
    }
  }
}
