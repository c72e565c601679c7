#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// The package's one lock: a pthread mutex with its condition variable, in memory of their own.
///
/// Allocated, like swift-nio's `NIOLock`: a pthread mutex must not move while it is used, and the
/// address of a class's stored property (`&mutex` passed to `pthread_mutex_lock`) is not promised to
/// stay put, so the mutex and the condition live in one allocation the lock owns and frees in
/// `deinit`. Synchronization's `Mutex` was the other candidate; it has no condition variable, and
/// half the hand-overs here wait for something (a batch of SAX events, a block's result, a window
/// with room), so they would need a second primitive anyway.
///
/// Every wait is ``withLock(when:_:)``, woken by ``broadcast()``; state that a lock guards is best
/// kept in a ``LockedValue`` so that it cannot be reached without the lock.
package final class Lock: @unchecked Sendable {  // pthread objects behind pointers: safe by being a lock
  /// The mutex and the condition variable, side by side.
  private struct Primitives {
    var mutex = pthread_mutex_t()
    var condition = pthread_cond_t()
  }

  private let primitives: UnsafeMutablePointer<Primitives>
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let condition: UnsafeMutablePointer<pthread_cond_t>

  /// A lock, not held.
  package init() {
    primitives = .allocate(capacity: 1)
    primitives.initialize(to: Primitives())
    mutex = primitives.pointer(to: \.mutex)!
    condition = primitives.pointer(to: \.condition)!
    let mutexStatus = pthread_mutex_init(mutex, nil)
    let conditionStatus = pthread_cond_init(condition, nil)
    precondition(mutexStatus == 0 && conditionStatus == 0, "pthread_mutex_init or pthread_cond_init failed")
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    primitives.deinitialize(count: 1)
    primitives.deallocate()
  }

  /// Runs `body` holding the lock.
  @inlinable
  package func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
    lock()
    defer { unlock() }
    return try body()
  }

  /// Holding the lock, waits until `ready()` is true (woken by ``broadcast()``), then runs `body`.
  /// `ready` is evaluated holding the lock.
  @inlinable
  package func withLock<Result, Failure: Error>(
    when ready: () -> Bool, _ body: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    lock()
    defer { unlock() }
    while !ready() { wait() }
    return try body()
  }

  /// Wakes every thread waiting in ``withLock(when:_:)``; call it holding the lock, after changing
  /// what they wait for.
  package func broadcast() { pthread_cond_broadcast(condition) }

  /// Takes the lock, waiting for it; prefer ``withLock(_:)``, which cannot forget to give it back
  /// (the CLI's interruption cleanup holds it until the process exits).
  package func lock() { pthread_mutex_lock(mutex) }

  /// Gives back the lock this thread holds.
  package func unlock() { pthread_mutex_unlock(mutex) }

  @usableFromInline
  func wait() { pthread_cond_wait(condition, mutex) }
}

/// A value that only its lock's holder reaches (swift-nio's `NIOLockedValueBox`): the state and the
/// ``Lock`` that guards it in one place, so no access can forget the lock.
package final class LockedValue<Value> {
  /// Guarded by `lock`.
  @usableFromInline var value: Value
  /// The lock; its ``Lock/broadcast()`` wakes threads waiting in ``withValue(when:_:)``.
  package let lock = Lock()

  /// `value`, guarded from now on.
  package init(_ value: Value) { self.value = value }

  /// Runs `body` on the value, holding the lock.
  @inlinable
  package func withValue<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure)
    -> Result
  {
    try lock.withLock { () throws(Failure) -> Result in try body(&value) }
  }

  /// Holding the lock, waits until `ready(value)` is true, then runs `body` on the value.
  @inlinable
  package func withValue<Result, Failure: Error>(
    when ready: (Value) -> Bool, _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try lock.withLock(when: { ready(value) }) { () throws(Failure) -> Result in try body(&value) }
  }
}

// The value is reached only under the lock, so the box may cross threads whenever the value may
// (swift-nio's `NIOLockedValueBox` does the same): a box of a non-Sendable value stays on its thread.
extension LockedValue: @unchecked Sendable where Value: Sendable {}
