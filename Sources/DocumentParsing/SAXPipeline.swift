internal import ParallelSupport
internal import TextModel

/// One thing libxml2 reported, recorded by ``SAXParser`` and replayed by ``SAXBuilder``.
/// `consumed` is where the parser was when it reported the event, in the bytes it was fed: what
/// `SAXBuilder.sourceOffset(backBy:)` answers from during the replay.
enum SAXEvent {
  case start(ElementName, ElementAttributes, consumed: Int)
  case end(ElementName, consumed: Int)
  /// Text: its bytes in the batch's ``SAXBatch/text``.
  case text(Range<Int>, consumed: Int)
  /// One of libxml2's problems, worded (only the first ``SAXParser/listedProblems`` are recorded).
  indirect case problem(Diagnostic)
  /// Decoding stopped being the identity here: from now on every anchor is kept (to be remapped).
  case keepAnchors
  /// libxml2 ended the HTML document here, before the end of the input.
  case endedEarly(consumed: Int)
}

/// The events of one fed chunk (or of ``SAXParser/flushSize`` events): the only thing that passes
/// from the parser side to the building side. A value: whoever holds it owns it.
struct SAXBatch {
  var events: [SAXEvent] = []
  /// The bytes of the text events.
  var text: [UInt8] = []

  /// Empties the batch, keeping its storage for the next one.
  mutating func empty() {
    events.removeAll(keepingCapacity: true)
    text.removeAll(keepingCapacity: true)
  }
}

/// One chunk of input prepared by the building side (decoded to UTF-8, filtered) for the parser.
struct SAXInputChunk {
  var bytes: [UInt8]
  var isFinal: Bool
  /// Decoded offsets differ from the input's from this chunk on (``SAXEvent/keepAnchors``).
  var keepsAnchors: Bool
}

/// Reading a large HTML page on two cores, and the only place where its two threads meet.
///
/// The calling thread (the building one) reads the input, prepares it (``SAXInputChunk``: decoded
/// and filtered) and ``put(_:)``s it here; a ``JoinableThread`` runs a ``SAXParser`` over the
/// chunks and sends back what libxml2 reported, a ``SAXBatch`` per chunk, which the building thread
/// ``receive()``s and replays into its ``SAXBuilder``. Ownership follows the types: the parsing
/// thread owns the ``SAXParser`` (moved in by ``start(parsing:)``, never handed back; freed at
/// ``join()``, once that thread has ended); the building
/// thread owns the ``SAXBuilder`` (decoder, filter, line starts, assembler, HTML semantics); chunks
/// and batches are values that pass through the two queues below, under their lock.
///
/// The two halves cost about the same (libxml2 and the names on one side; reading, decoding,
/// filtering, the semantics and the builder on the other), so a page is read in a little over half
/// the time. At most ``chunkCapacity`` chunks and ``batchCapacity`` batches wait (memory stays flat).
/// `HTMLPipelineTests` compares documents and diagnostics read both ways.
final class SAXPipeline {
  /// Prepared chunks waiting at most, before the building thread stops preparing.
  static let chunkCapacity = 4
  /// Batches waiting at most, before the parsing thread waits for the building one.
  static let batchCapacity = 2
  /// Inputs from this size on are read on two cores (below it a thread costs more than it gains).
  static let minimumInputSize = 256 << 10

  /// The two queues, the one thing both threads reach: `Sendable` by construction, each queue
  /// behind its own lock (whose broadcast says it changed).
  private final class Queues: Sendable {
    /// The prepared chunks in order, and whether the input ended early.
    struct Input {
      var chunks: [SAXInputChunk] = []
      var ended = false
    }
    /// The recorded batches in order, emptied ones for reuse, and whether parsing ended.
    struct Output {
      var waiting: [SAXBatch] = []
      var emptied: [SAXBatch] = []
      var parsingEnded = false
    }
    let input = LockedValue(Input())
    let output = LockedValue(Output())

    /// The next prepared chunk, waiting for it; nil once the input ended and every chunk was taken.
    func take() -> SAXInputChunk? {
      input.withValue(when: { !$0.chunks.isEmpty || $0.ended }) { $0.chunks.isEmpty ? nil : $0.chunks.removeFirst() }
    }

    /// An empty batch to record into (a reused one when the building thread has given one back).
    func emptyBatch() -> SAXBatch { output.withValue { $0.emptied.popLast() ?? SAXBatch() } }

    /// Hands a recorded batch over; waits while ``SAXPipeline/batchCapacity`` batches are waiting.
    func send(_ batch: consuming SAXBatch) {
      var batch = Optional(batch)
      output.withValue(when: { $0.waiting.count < SAXPipeline.batchCapacity }) {
        $0.waiting.append(batch.take()!)
        output.lock.broadcast()
      }
    }

    /// Says that no batch follows.
    func endParsing() {
      output.withValue {
        $0.parsingEnded = true
        output.lock.broadcast()
      }
    }
  }

  private let queues: Queues
  /// The parsing thread, until ``join()``.
  private var thread: JoinableThread?

  private init(queues: Queues, thread: JoinableThread) {
    self.queues = queues
    self.thread = thread
  }

  /// Starts `parser` on a new thread over the chunks ``put(_:)`` here; nil when no thread could be
  /// made (then `parser` was not used, and is gone). The parser is `sending`: the thread owns it.
  static func start(parsing parser: sending SAXParser) -> SAXPipeline? {
    let queues = Queues()
    let thread = JoinableThread.start { [queues] in
      parser.adoptCurrentThread()
      while let chunk = queues.take() {
        parser.parseHTML(chunk)
        queues.send(parser.takeBatch(leaving: queues.emptyBatch()))
        if chunk.isFinal { break }
      }
      queues.endParsing()
    }
    return thread.map { SAXPipeline(queues: queues, thread: $0) }
  }

  // MARK: building thread

  /// Whether another chunk may be prepared now.
  var hasRoom: Bool { queues.input.withValue { $0.chunks.count < Self.chunkCapacity && !$0.ended } }

  /// Hands a prepared chunk to the parsing thread.
  func put(_ chunk: SAXInputChunk) {
    queues.input.withValue {
      $0.chunks.append(chunk)
      queues.input.lock.broadcast()
    }
  }

  /// No more chunks come (a read error): the parsing thread stops after those put.
  func endInput() {
    queues.input.withValue {
      $0.ended = true
      queues.input.lock.broadcast()
    }
  }

  /// The next batch, waiting for it; nil once parsing has ended and every batch was taken.
  func receive() -> SAXBatch? {
    queues.output.withValue(when: { !$0.waiting.isEmpty || $0.parsingEnded }) {
      guard !$0.waiting.isEmpty else { return nil }
      let batch = $0.waiting.removeFirst()
      queues.output.lock.broadcast()
      return batch
    }
  }

  /// Gives a replayed batch back for reuse (emptied, its storage kept).
  func giveBack(_ batch: consuming SAXBatch) {
    batch.empty()
    // Moved in, not copied: a second reference would make the next writer copy the storage.
    var batch = Optional(batch)
    queues.output.withValue { if $0.emptied.count < Self.batchCapacity + 1 { $0.emptied.append(batch.take()!) } }
  }

  /// Waits for the parsing thread to end (after ``receive()`` returned nil); its closure, and with
  /// it the parser (libxml2's context and the parser's batch), is freed as that thread ends. Then
  /// runs ``ReadingHooks/afterParsingThread``.
  func join() {
    thread?.join()
    thread = nil
    ReadingHooks.afterParsingThread?()
  }
}

/// What the program runs at points of a read that only it may act on; the library itself never
/// changes process-wide state such as the allocator's.
package enum ReadingHooks {
  /// Runs on the building thread when a two-thread HTML read has joined its parsing thread, before
  /// the document is finished: the CLI gives the heap pages the parsing thread freed (attribute
  /// strings, batches, between the document's growing blocks) back to the system there, which keeps
  /// them out of the next step's peak. Set once at start-up, before any read; read once a read.
  package static var afterParsingThread: (@Sendable () -> Void)? {
    get { hook.withValue { $0 } }
    set { hook.withValue { $0 = newValue } }
  }
  private static let hook = LockedValue<(@Sendable () -> Void)?>(nil)
}
