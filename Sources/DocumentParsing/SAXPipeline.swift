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
final class SAXPipeline: @unchecked Sendable {
  /// Prepared chunks waiting at most, before the building thread stops preparing.
  static let chunkCapacity = 4
  /// Batches waiting at most, before the parsing thread waits for the building one.
  static let batchCapacity = 2
  /// Inputs from this size on are read on two cores (below it a thread costs more than it gains).
  static let minimumInputSize = 256 << 10

  // Guarded by `input`: the prepared chunks in order, and whether the input ended early.
  private var chunks: [SAXInputChunk] = []
  private var inputEnded = false
  private let input = Lock()
  // Guarded by `output`: the recorded batches in order, emptied ones for reuse, and whether parsing ended.
  private var waiting: [SAXBatch] = []
  private var emptied: [SAXBatch] = []
  private var parsingEnded = false
  private let output = Lock()
  private var thread: JoinableThread?

  private init() {}

  /// Starts `parser` on a new thread over the chunks ``put(_:)`` here; nil when no thread could be
  /// made (then `parser` was not used and the caller may read on its own thread).
  static func start(parsing parser: SAXParser) -> SAXPipeline? {
    let pipeline = SAXPipeline()
    pipeline.thread = JoinableThread.start { [pipeline] in
      parser.adoptCurrentThread()
      while let chunk = pipeline.take() {
        parser.parseHTML(chunk)
        pipeline.send(parser.takeBatch(leaving: pipeline.emptyBatch()))
        if chunk.isFinal { break }
      }
      pipeline.endParsing()
    }
    return pipeline.thread == nil ? nil : pipeline
  }

  // MARK: building thread

  /// Whether another chunk may be prepared now.
  var hasRoom: Bool { input.withLock { chunks.count < Self.chunkCapacity && !inputEnded } }

  /// Hands a prepared chunk to the parsing thread.
  func put(_ chunk: SAXInputChunk) {
    input.withLock {
      chunks.append(chunk)
      input.broadcast()
    }
  }

  /// No more chunks come (a read error): the parsing thread stops after those put.
  func endInput() {
    input.withLock {
      inputEnded = true
      input.broadcast()
    }
  }

  /// The next batch, waiting for it; nil once parsing has ended and every batch was taken.
  func receive() -> SAXBatch? {
    output.withLock(when: { !waiting.isEmpty || parsingEnded }) {
      guard !waiting.isEmpty else { return nil }
      let batch = waiting.removeFirst()
      output.broadcast()
      return batch
    }
  }

  /// Gives a replayed batch back for reuse (emptied, its storage kept).
  func giveBack(_ batch: consuming SAXBatch) {
    batch.empty()
    // Moved in, not copied: a second reference would make the next writer copy the storage.
    var batch = Optional(batch)
    output.withLock { if emptied.count < Self.batchCapacity + 1 { emptied.append(batch.take()!) } }
  }

  /// Waits for the parsing thread to end (after ``receive()`` returned nil) and lets its parser go
  /// (the thread's closure holds the parser and this pipeline: dropping the thread ends that
  /// cycle, and libxml2's context and the parser's batch are freed here), then runs
  /// ``ReadingHooks/afterParsingThread``.
  func join() {
    thread?.join()
    thread = nil
    ReadingHooks.afterParsingThread?()
  }

  // MARK: parsing thread

  /// The next prepared chunk, waiting for it; nil once the input ended and every chunk was taken.
  private func take() -> SAXInputChunk? {
    input.withLock(when: { !chunks.isEmpty || inputEnded }) { chunks.isEmpty ? nil : chunks.removeFirst() }
  }

  /// An empty batch to record into (a reused one when the building thread has given one back).
  private func emptyBatch() -> SAXBatch { output.withLock { emptied.popLast() ?? SAXBatch() } }

  /// Hands a recorded batch over; waits while ``batchCapacity`` batches are waiting.
  private func send(_ batch: consuming SAXBatch) {
    var batch = Optional(batch)
    output.withLock(when: { waiting.count < Self.batchCapacity }) {
      waiting.append(batch.take()!)
      output.broadcast()
    }
  }

  /// Says that no batch follows.
  private func endParsing() {
    output.withLock {
      parsingEnded = true
      output.broadcast()
    }
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
