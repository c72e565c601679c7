/// Makes `count` products on the threads `parallelism` allows and hands them to `consume` in index
/// order, as they are made: how a single document's ordered output is made on several cores (speech
/// chunks, JSON segments). `batch` and `detect --recursive`, which collect one result per file, use
/// ``Parallelism/map(_:_:)`` instead.
///
/// Each thread takes the next index (in order, at most `window` ahead of the next to consume) and
/// calls `produce` for it; the thread that finds the next product to consume ready (and no other
/// thread consuming) calls `consume` on every ready product in order until it meets one not made
/// yet, then goes back to producing. So neither thread waits for the slower of a pair, and writing
/// out overlaps making the next products. `consume` may return spare storage (a part whose buffers
/// have grown), which a later `produce` gets back instead of nil.
///
/// `consume` is called on any of the threads, never on two at once, and each call happens after the
/// previous one (the lock's hand-over orders them); `produce` runs on several threads at once and
/// must only touch what its index owns. With ``Parallelism/serial`` (or one product) the calling
/// thread produces and consumes in turn, as one thread of the pool does with one core.
/// `OrderedProductionTests` checks the order, the single consumer and the window.
package func produceInOrder<Product, Spare>(
  count: Int, window: Int, parallelism: Parallelism = .default, produce: (Int, Spare?) -> Product,
  consume: (Int, Product) -> Spare?
) {
  guard count > 0 else { return }
  guard count > 1, !parallelism.isSerial else {
    var spare: Spare?
    for index in 0..<count { spare = consume(index, produce(index, spare)) }
    return
  }
  let flow = ProductionFlow<Spare>(count: count, window: max(1, window))
  let products = UnsafeMutableBufferPointer<Product?>.allocate(capacity: count)
  products.initialize(repeating: nil)
  defer { products.deinitialize().deallocate() }
  withoutActuallyEscaping(produce) { produce in
    withoutActuallyEscaping(consume) { consume in
      // Each index is produced by one thread and consumed once after it, under the flow's lock.
      nonisolated(unsafe) let (produce, consume, products) = (produce, consume, products)
      parallelism.forEach(min(parallelism.workerCount, count)) { _ in
        while let (index, spare) = flow.take() {
          products[index] = produce(index, spare)
          guard flow.finish(index) else { continue }
          while let next = flow.nextToConsume() {
            guard let product = products[next].take() else { preconditionFailure("consumed before it was made") }
            flow.consumed(returning: consume(next, product))
          }
        }
      }
    }
  }
}

/// Which indices of ``produceInOrder(count:window:produce:consume:)`` are taken, made and
/// consumed, under one lock; spare storage waits here to be used again.
final class ProductionFlow<Spare>: @unchecked Sendable {
  // Everything below is guarded by `lock`; its broadcast says an index was consumed.
  private let lock = Lock()
  private let count: Int
  private let window: Int
  private var nextToTake = 0
  private var nextToConsumeIndex = 0
  private var isMade: [Bool]
  private var consuming = false
  private var spares: [Spare] = []

  init(count: Int, window: Int) {
    self.count = count
    self.window = window
    isMade = Array(repeating: false, count: count)
  }

  /// The next index to produce and spare storage when there is some, waiting while `window`
  /// indices are taken and not consumed; nil when every index is taken.
  func take() -> (index: Int, spare: Spare?)? {
    lock.withLock(when: { nextToTake >= count || nextToTake < nextToConsumeIndex + window }) {
      () -> (index: Int, spare: Spare?)? in
      guard nextToTake < count else { return nil }
      defer { nextToTake += 1 }
      return (nextToTake, spares.popLast())
    }
  }

  /// Marks `index` made; true when the calling thread is to consume (the next index to consume is
  /// made and no thread is consuming).
  func finish(_ index: Int) -> Bool {
    lock.withLock {
      isMade[index] = true
      guard !consuming, isMade[nextToConsumeIndex] else { return false }
      consuming = true
      return true
    }
  }

  /// For the consuming thread: the next index to consume, or nil when it is not made yet (the thread
  /// then stops consuming; the one that makes it consumes it).
  func nextToConsume() -> Int? {
    lock.withLock { () -> Int? in
      if nextToConsumeIndex < count && isMade[nextToConsumeIndex] { return nextToConsumeIndex }
      consuming = false
      return nil
    }
  }

  /// The next index is consumed; `spare` is storage to use again.
  func consumed(returning spare: Spare?) {
    lock.withLock {
      nextToConsumeIndex += 1
      if let spare { spares.append(spare) }
      lock.broadcast()
    }
  }
}
