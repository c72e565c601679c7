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
package final class JoinableThread: @unchecked Sendable {
  private var thread: pthread_t?
  private let body: () -> Void

  private init(_ body: @escaping () -> Void) { self.body = body }

  /// Starts `body` on a new thread; nil when no thread could be made (then nothing ran).
  package static func start(_ body: @escaping () -> Void) -> JoinableThread? {
    let made = JoinableThread(body)
    let box = Unmanaged.passRetained(made)
    var thread = pthread_t()
    let status = pthread_create(
      &thread, nil,
      { raw in
        let thread = Unmanaged<JoinableThread>.fromOpaque(raw!).takeRetainedValue()
        thread.body()
        return nil
      }, box.toOpaque())
    guard status == 0 else {
      box.release()
      return nil
    }
    made.thread = thread
    return made
  }

  /// Waits for the closure to end (once).
  package func join() {
    guard let thread else { return }
    self.thread = nil
    pthread_join(thread, nil)
  }
}
