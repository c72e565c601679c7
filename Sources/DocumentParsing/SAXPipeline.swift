internal import CLibXML2
internal import TextModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One thing libxml2 reported, recorded on the thread that runs it and replayed where the document
/// is built (see ``SAXPipeline``). `consumed` is where the parser was when it reported the event, in
/// the bytes it was fed: what `SAXSession.sourceOffset(backBy:)` answers from during the replay.
enum SAXEvent {
  case start(ElementName, ElementAttributes, consumed: Int)
  case end(ElementName, consumed: Int)
  /// Text: its bytes in the batch's ``SAXBatch/text``.
  case text(Range<Int>, consumed: Int)
  case error(level: Int, line: Int, column: Int, message: String)
  /// Decoding stopped being the identity here: from now on every anchor is kept (to be remapped).
  case keepAnchors
}

/// The events of one fed chunk. One thread at a time has it (the recording one, then after the
/// hand-over the replaying one), so its fields skip the run-time exclusivity checks.
final class SAXBatch: @unchecked Sendable {
  @exclusivity(unchecked) var events: [SAXEvent] = []
  @exclusivity(unchecked) var text: [UInt8] = []
}

/// Reading a large page on two cores: one thread reads the input, decodes it and runs libxml2,
/// recording what it reports in batches (a chunk of input each); the calling thread replays them
/// through the session — what elements mean, the text, the document being built — as they come.
/// The two halves cost about the same (libxml2 with the decoding and the names on one side, the
/// semantics and the builder on the other), so a page is read in a little over half the time.
///
/// At most ``capacity`` batches wait (a few chunks of input: memory stays flat). What each side may
/// touch is split: the reading thread owns the decoder, the filter, the parser context, the name
/// table and the input's line starts; the building thread owns the assembler and the HTML
/// semantics' state; `finish` runs after the reading thread has ended. `HTMLPipelineTests` compares
/// documents and diagnostics read both ways.
final class SAXPipeline: @unchecked Sendable {
  /// Batches waiting at most, before the reading thread waits for the building one.
  static let capacity = 2
  /// Inputs from this size on are read on two cores (below it a thread costs more than it gains).
  static let minimumInputSize = 256 << 10

  // Guarded by `mutex`: the batches in order, the emptied ones for reuse, and whether reading ended.
  private var waiting: [SAXBatch] = []
  private var emptied: [SAXBatch] = []
  private var ended = false
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let changed: UnsafeMutablePointer<pthread_cond_t>

  init() {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    changed = .allocate(capacity: 1)
    changed.initialize(to: pthread_cond_t())
    pthread_cond_init(changed, nil)
  }

  deinit {
    pthread_cond_destroy(changed)
    pthread_mutex_destroy(mutex)
    changed.deallocate()
    mutex.deallocate()
  }

  /// An empty batch to record into (a reused one when the building thread has given one back).
  func emptyBatch() -> SAXBatch {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return emptied.popLast() ?? SAXBatch()
  }

  /// Hands a recorded batch over; waits while ``capacity`` batches are waiting.
  func send(_ batch: SAXBatch) {
    pthread_mutex_lock(mutex)
    while waiting.count >= Self.capacity { pthread_cond_wait(changed, mutex) }
    waiting.append(batch)
    pthread_cond_broadcast(changed)
    pthread_mutex_unlock(mutex)
  }

  /// Says that no batch follows.
  func end() {
    pthread_mutex_lock(mutex)
    ended = true
    pthread_cond_broadcast(changed)
    pthread_mutex_unlock(mutex)
  }

  /// The next batch, waiting for it; nil once reading has ended and every batch was taken.
  func receive() -> SAXBatch? {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while waiting.isEmpty && !ended { pthread_cond_wait(changed, mutex) }
    guard !waiting.isEmpty else { return nil }
    let batch = waiting.removeFirst()
    pthread_cond_broadcast(changed)
    return batch
  }

  /// Gives a replayed batch back for reuse (its storage kept).
  func giveBack(_ batch: SAXBatch) {
    batch.events.removeAll(keepingCapacity: true)
    batch.text.removeAll(keepingCapacity: true)
    pthread_mutex_lock(mutex)
    if emptied.count < Self.capacity + 1 { emptied.append(batch) }
    pthread_mutex_unlock(mutex)
  }
}

/// A joinable thread running one closure (Dispatch's pool may run work on the waiting thread
/// itself, and the reading thread must run beside the building one).
final class JoinableThread: @unchecked Sendable {
  private var thread = pthread_t()
  private let body: () -> Void

  private init(_ body: @escaping () -> Void) { self.body = body }

  /// Starts `body` on a new thread; nil when no thread could be made (then nothing ran).
  static func start(_ body: @escaping () -> Void) -> JoinableThread? {
    let made = JoinableThread(body)
    let box = Unmanaged.passRetained(made)
    let status = pthread_create(
      &made.thread, nil,
      { raw in
        let thread = Unmanaged<JoinableThread>.fromOpaque(raw!).takeRetainedValue()
        thread.body()
        return nil
      }, box.toOpaque())
    guard status == 0 else {
      box.release()
      return nil
    }
    return made
  }

  /// Waits for the closure to end.
  func join() { pthread_join(thread, nil) }
}
