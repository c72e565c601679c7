#if canImport(Glibc)
  internal import Glibc
#endif

/// A mutex and a condition variable (pthreads), for the few hand-overs between two threads: the
/// detection threads (`DomainRegionsPromise`, `SharedBlocks`) and ``produceInOrder(count:window:produce:consume:)``.
package final class ThreadCondition: @unchecked Sendable {
  private var mutex = pthread_mutex_t()
  private var condition = pthread_cond_t()

  package init() {
    pthread_mutex_init(&mutex, nil)
    pthread_cond_init(&condition, nil)
  }

  deinit {
    pthread_cond_destroy(&condition)
    pthread_mutex_destroy(&mutex)
  }

  /// Runs `body` holding the mutex.
  package func locked<Result>(_ body: () -> Result) -> Result {
    pthread_mutex_lock(&mutex)
    defer { pthread_mutex_unlock(&mutex) }
    return body()
  }

  /// Holding the mutex, waits until `ready()` is true (woken by ``broadcast()``), then runs `body`.
  package func locked<Result>(when ready: () -> Bool, _ body: () -> Result) -> Result {
    pthread_mutex_lock(&mutex)
    defer { pthread_mutex_unlock(&mutex) }
    while !ready() { pthread_cond_wait(&condition, &mutex) }
    return body()
  }

  /// Wakes the threads waiting in ``locked(when:_:)`` (call it holding the mutex, in `locked`).
  package func broadcast() { pthread_cond_broadcast(&condition) }
}
