internal import CLibXML2
internal import ParallelSupport
internal import TextModel

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

  // Guarded by `lock`: the batches in order, the emptied ones for reuse, and whether reading ended.
  // The lock's broadcast says one of them changed.
  private var waiting: [SAXBatch] = []
  private var emptied: [SAXBatch] = []
  private var ended = false
  private let lock = Lock()

  /// An empty batch to record into (a reused one when the building thread has given one back).
  func emptyBatch() -> SAXBatch { lock.withLock { emptied.popLast() ?? SAXBatch() } }

  /// Hands a recorded batch over; waits while ``capacity`` batches are waiting.
  func send(_ batch: SAXBatch) {
    lock.withLock(when: { waiting.count < Self.capacity }) {
      waiting.append(batch)
      lock.broadcast()
    }
  }

  /// Says that no batch follows.
  func end() {
    lock.withLock {
      ended = true
      lock.broadcast()
    }
  }

  /// The next batch, waiting for it; nil once reading has ended and every batch was taken.
  func receive() -> SAXBatch? {
    lock.withLock(when: { !waiting.isEmpty || ended }) { () -> SAXBatch? in
      guard !waiting.isEmpty else { return nil }
      let batch = waiting.removeFirst()
      lock.broadcast()
      return batch
    }
  }

  /// Gives a replayed batch back for reuse (its storage kept).
  func giveBack(_ batch: SAXBatch) {
    batch.events.removeAll(keepingCapacity: true)
    batch.text.removeAll(keepingCapacity: true)
    lock.withLock { if emptied.count < Self.capacity + 1 { emptied.append(batch) } }
  }
}
