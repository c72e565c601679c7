internal import Synchronization

#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// A thread of its own running one closure, joined by whoever started it.
///
/// For work that must run beside a thread that waits for it: Dispatch's pool may run work on the
/// waiting thread itself (`concurrentPerform` with one core, or a busy pool), and a bounded
/// hand-over between the two would then deadlock. Reading HTML on two threads is the user
/// (`SAXPipeline`); anything that may run in turn uses ``Parallelism/forEach(_:_:)`` instead.
///
/// The closure is `sending`: the caller hands it over with everything it captures, and the compiler
/// checks that the caller keeps no access to what is not `Sendable` (`SAXPipeline` hands over its
/// parser this way).
package final class JoinableThread: Sendable {
  private let thread: pthread_t
  private let joined = Atomic<Bool>(false)

  private init(_ thread: pthread_t) { self.thread = thread }

  /// The closure a new thread runs, passed to it through `pthread_create`'s argument.
  private final class Body {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
  }

  /// Starts `body` on a new thread; nil when no thread could be made (then nothing ran).
  package static func start(_ body: sending @escaping () -> Void) -> JoinableThread? {
    let box = Unmanaged.passRetained(Body(body))
    var thread = pthread_t()
    let status = pthread_create(
      &thread, nil,
      { raw in
        Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue().run()
        return nil
      }, box.toOpaque())
    guard status == 0 else {
      box.release()
      return nil
    }
    return JoinableThread(thread)
  }

  /// Waits for the closure to end (once; a later call returns at once).
  package func join() {
    guard !joined.exchange(true, ordering: .acquiringAndReleasing) else { return }
    pthread_join(thread, nil)
  }
}
