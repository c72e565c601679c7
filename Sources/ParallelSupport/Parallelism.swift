internal import Dispatch
internal import Synchronization

/// How many threads a piece of work may use: ``serial`` (the calling thread alone, nothing is
/// started) or a number of workers. The facade (`Document.Options`), the C ABI and the CLI pass one
/// value down; every place that would run work on several threads asks it instead of deciding.
///
/// Work that is made of two parts (detection's links and phones, reading HTML, a text file's two
/// halves) uses two threads whenever the value allows more than one; work made of many pieces
/// (lines to identify, chunks of speech, files of `batch`) runs on at most ``workerCount`` threads.
/// The outputs never depend on the value (`ParallelismTests` compares ``serial`` with workers).
///
/// ```swift
/// var options = Document.Options()
/// options.parallelism = .serial  // no thread is started
/// ```
public struct Parallelism: Hashable, Sendable, CustomStringConvertible {
  /// The most threads that work at once (1: serial).
  public let workerCount: Int

  private init(workerCount: Int) { self.workerCount = workerCount }

  /// Everything on the calling thread.
  public static let serial = Parallelism(workerCount: 1)

  /// Up to `count` threads at once (the calling thread among them); 1 is ``serial``.
  /// - Precondition: `count >= 1`.
  public static func workers(_ count: Int) -> Parallelism {
    precondition(count >= 1, "Parallelism.workers needs at least one worker")
    return Parallelism(workerCount: count)
  }

  /// What the library does unless told otherwise: two threads (the two cores it was tuned on).
  public static let `default` = workers(2)

  /// Whether everything runs on the calling thread.
  public var isSerial: Bool { workerCount == 1 }

  public var description: String { isSerial ? "serial" : "\(workerCount) workers" }

  /// Runs `body(0)`, `body(1)` … `body(count - 1)`, on up to ``workerCount`` threads at once, and
  /// returns when all have returned. Indices are handed out in increasing order (the calling thread
  /// takes part), so index 0 has begun before any later one, also when one thread runs them all in
  /// turn; with ``serial`` they run in order on the calling thread. `body` is `@Sendable`: what it
  /// shares with the other indices the compiler checks (a lock, an atomic, a `Sendable` value).
  ///
  /// Threads come from Dispatch's pool (`concurrentPerform`): they are kept between calls, so a
  /// document's several parallel stages do not each pay for new threads. Work that must run beside
  /// a waiting thread whatever the pool does takes a ``JoinableThread``.
  package func forEach(_ count: Int, _ body: @Sendable (Int) -> Void) {
    guard count > 1, !isSerial else {
      for index in 0..<count { body(index) }
      return
    }
    withoutActuallyEscaping(body) { body in
      if count <= workerCount {
        DispatchQueue.concurrentPerform(iterations: count) { body($0) }
        return
      }
      let next = Atomic<Int>(0)
      DispatchQueue.concurrentPerform(iterations: workerCount) { _ in
        while true {
          let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
          guard index < count else { return }
          body(index)
        }
      }
    }
  }

  /// `body(0) … body(count - 1)` as ``forEach(_:_:)`` runs them, the results in index order: what
  /// `batch` and `detect --recursive` do to each chunk of their input, the halves of a text file or
  /// of its offset checkpoints, the pieces of language identification, detection's two parts.
  /// Indices begin in increasing order as with ``forEach(_:_:)``, so a later index may wait for
  /// what an earlier one hands it, never the reverse. Each result goes to its own slot, so one slow
  /// item does not hold up the others.
  package func map<Result: Sendable>(_ count: Int, _ body: @Sendable (Int) -> Result) -> [Result] {
    guard count > 1, !isSerial else { return (0..<count).map(body) }
    // Each result is made outside the lock and put in its own slot under it: the pieces handed to
    // `map` are coarse (a file, 128 KiB of text), so one lock hand-over each costs nothing.
    let results = LockedValue([Result?](repeating: nil, count: count))
    forEach(count) { index in
      let result = body(index)
      results.withValue { $0[index] = result }
    }
    return results.withValue { $0.map { $0! } }
  }
}
