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
  let flow = ProductionFlow(count: count, window: max(1, window))
  // Each index owns its product's slot and, once consumed, the slot of the spare storage its
  // consumer gave back; the flow (under its lock) hands those slots from one thread to the next.
  let products = UnsafeMutableBufferPointer<Product?>.allocate(capacity: count)
  products.initialize(repeating: nil)
  defer { products.deinitialize().deallocate() }
  let spares = UnsafeMutableBufferPointer<Spare?>.allocate(capacity: count)
  spares.initialize(repeating: nil)
  defer { spares.deinitialize().deallocate() }
  withoutActuallyEscaping(produce) { produce in
    withoutActuallyEscaping(consume) { consume in
      // Each slot is reached by the thread the flow gave its index to, one after the other.
      nonisolated(unsafe) let (produce, consume, products, spares) = (produce, consume, products, spares)
      parallelism.forEach(min(parallelism.workerCount, count)) { _ in
        while let (index, spareSlot) = flow.take() {
          products[index] = produce(index, spareSlot.flatMap { spares[$0].take() })
          guard flow.finish(index) else { continue }
          while let next = flow.nextToConsume() {
            guard let product = products[next].take() else { preconditionFailure("consumed before it was made") }
            spares[next] = consume(next, product)
            flow.consumed(spareLeft: spares[next] != nil)
          }
        }
      }
    }
  }
}

/// Which indices of ``produceInOrder(count:window:produce:consume:)`` are taken, made and
/// consumed, and which consumed indices left spare storage in their slot, under one lock.
final class ProductionFlow: Sendable {
  /// What the flow's lock guards; its broadcast says an index was consumed.
  private struct State {
    var nextToTake = 0
    var nextToConsume = 0
    var isMade: [Bool]
    var consuming = false
    /// Consumed indices whose spare slot holds storage to use again, the latest last.
    var spareSlots: [Int] = []
  }

  private let count: Int
  private let window: Int
  private let state: LockedValue<State>

  init(count: Int, window: Int) {
    self.count = count
    self.window = window
    state = LockedValue(State(isMade: Array(repeating: false, count: count)))
  }

  /// The next index to produce and the slot of spare storage when there is some (the thread taking
  /// it owns that slot now), waiting while `window` indices are taken and not consumed; nil when
  /// every index is taken.
  func take() -> (index: Int, spareSlot: Int?)? {
    let (count, window) = (count, window)
    return state.withValue(when: { $0.nextToTake >= count || $0.nextToTake < $0.nextToConsume + window }) {
      state -> (index: Int, spareSlot: Int?)? in
      guard state.nextToTake < count else { return nil }
      defer { state.nextToTake += 1 }
      return (state.nextToTake, state.spareSlots.popLast())
    }
  }

  /// Marks `index` made; true when the calling thread is to consume (the next index to consume is
  /// made and no thread is consuming).
  func finish(_ index: Int) -> Bool {
    state.withValue { state in
      state.isMade[index] = true
      guard !state.consuming, state.isMade[state.nextToConsume] else { return false }
      state.consuming = true
      return true
    }
  }

  /// For the consuming thread: the next index to consume, or nil when it is not made yet (the thread
  /// then stops consuming; the one that makes it consumes it).
  func nextToConsume() -> Int? {
    let count = count
    return state.withValue { state -> Int? in
      if state.nextToConsume < count && state.isMade[state.nextToConsume] { return state.nextToConsume }
      state.consuming = false
      return nil
    }
  }

  /// The next index is consumed; `spareLeft`: its slot holds storage to use again.
  func consumed(spareLeft: Bool) {
    state.withValue { state in
      if spareLeft { state.spareSlots.append(state.nextToConsume) }
      state.nextToConsume += 1
      self.state.lock.broadcast()
    }
  }
}
