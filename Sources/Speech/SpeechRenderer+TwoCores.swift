internal import ParallelSupport
package import TextModel

#if canImport(Glibc)
  internal import Glibc
#endif

/// What a ``SpeechBuilder`` carries from one token to the next: the only state through which the
/// speech of one line can depend on what came before it (besides the merge of segments, see
/// `SpeechBuilder.continues(_:)`). Everything else the builder keeps is a cache.
struct CarriedState: Equatable {
  var pendingSpace = false
  var pendingParagraph = false
  var recentWords: [String] = []
  var lastWord: String?
  var lastTokenWasWord = false
  var lastPieceLanguage: String?

  /// The state a line break in text leaves: a space and a paragraph pending, no recent words (the
  /// last word and piece are whatever came before; assumed none).
  static let afterLineBreak = CarriedState(pendingSpace: true, pendingParagraph: true)

  struct Fields: OptionSet {
    let rawValue: UInt8
    static let pendingSpace = Fields(rawValue: 1)
    static let pendingParagraph = Fields(rawValue: 2)
    static let recentWords = Fields(rawValue: 4)
    static let lastWord = Fields(rawValue: 8)
    static let lastTokenWasWord = Fields(rawValue: 16)
    static let lastPieceLanguage = Fields(rawValue: 32)
    static let all: Fields = [
      .pendingSpace, .pendingParagraph, .recentWords, .lastWord, .lastTokenWasWord, .lastPieceLanguage,
    ]
  }

  /// Whether `other` holds the same values in `fields`.
  func agrees(with other: CarriedState, on fields: Fields) -> Bool {
    (!fields.contains(.pendingSpace) || pendingSpace == other.pendingSpace)
      && (!fields.contains(.pendingParagraph) || pendingParagraph == other.pendingParagraph)
      && (!fields.contains(.recentWords) || recentWords == other.recentWords)
      && (!fields.contains(.lastWord) || lastWord == other.lastWord)
      && (!fields.contains(.lastTokenWasWord) || lastTokenWasWord == other.lastTokenWasWord)
      && (!fields.contains(.lastPieceLanguage) || lastPieceLanguage == other.lastPieceLanguage)
  }

  /// Takes `other`'s values in `fields`.
  mutating func adopt(_ other: CarriedState, fields: Fields) {
    if fields.contains(.pendingSpace) { pendingSpace = other.pendingSpace }
    if fields.contains(.pendingParagraph) { pendingParagraph = other.pendingParagraph }
    if fields.contains(.recentWords) { recentWords = other.recentWords }
    if fields.contains(.lastWord) { lastWord = other.lastWord }
    if fields.contains(.lastTokenWasWord) { lastTokenWasWord = other.lastTokenWasWord }
    if fields.contains(.lastPieceLanguage) { lastPieceLanguage = other.lastPieceLanguage }
  }
}

extension SpeechRenderer {
  /// How a long range is cut for rendering on both cores (visible in the package so tests can cut
  /// small ranges into many chunks).
  package struct Chunking: Sendable {
    /// Ranges shorter than this (UTF-8 bytes) are rendered on one thread.
    package var parallelFrom = 1 << 20
    /// About how much text a chunk holds.
    package var chunk = 128 << 10
    /// The most chunks taken but not yet committed: how far one thread may run ahead of a slow
    /// chunk on the other (each waiting chunk holds its formatted speech, about 3× its text).
    package var window = 4
    /// A chunk longer than this (one that holds a very long line) is rendered by the thread that
    /// commits it, its speech handed on as it is made, not held in a part.
    package var longChunk: Int { chunk * 8 }
    package static let `default` = Chunking()
    package init(parallelFrom: Int = 1 << 20, chunk: Int = 128 << 10, window: Int = 4) {
      self.parallelFrom = parallelFrom
      self.chunk = chunk
      self.window = max(1, window)
    }
  }

  /// Speech for `range` (the whole document when nil), each segment formatted by `format` into a
  /// part, and the parts handed to `finished` in the order of the speech (`finished` empties the
  /// part it gets). The segments are those ``render(_:eachSegment:)`` makes, in the same order.
  ///
  /// From a MiB of text the range is cut into chunks at line starts outside the spans spoken as a
  /// whole, and two threads take chunks in order and render and format each with a builder of its
  /// own that starts from the state a line break leaves. Speech never reads across a line break
  /// (`SpeechBuilder.renderLines`), so a chunk's speech depends on what came before only through
  /// the builder's carried state (`CarriedState`), and each chunk builder records what of its
  /// assumed state it read. Chunks are committed in order, by whichever thread finds the next one
  /// rendered: a chunk is taken when what it assumed agrees with the true state where the previous
  /// chunk ended (`SpeechBuilder.continues(_:)`); otherwise the committing thread renders it again
  /// by going on with the previous chunk's builder, which is exactly the one-thread speech.
  /// (`SpeechTwoCoresTests` compares with ``render(_:eachSegment:)``.) `finished` is called on
  /// either thread, never on both at once.
  package func render<Part>(
    _ range: TextRange? = nil, part: Part, format: @escaping @Sendable (SpeechSegment, inout Part) -> Void,
    finished: (inout Part) -> Void
  ) {
    render(range, part: part, chunking: .default, format: format, finished: finished)
  }

  package func render<Part>(
    _ range: TextRange?, part: Part, chunking: Chunking,
    format: @escaping @Sendable (SpeechSegment, inout Part) -> Void, finished: (inout Part) -> Void
  ) {
    let range = snapped(range)
    let starts =
      !options.parallelism.isSerial && range.length >= chunking.parallelFrom
      ? chunkStarts(of: range, size: chunking.chunk) : [range.start]
    guard starts.count > 1 else { return renderOnOneThread(range, part: part, format: format, finished: finished) }
    let ends = Array(starts.dropFirst()) + [range.end]
    // Before this chunks were rendered two at a time, each pair waiting for its slower chunk and
    // then for the output to be written while the other core idled: a fifth of both cores in
    // `speak` of a 10 MB text (issue 15). Now a thread that finishes a chunk takes the next.
    let initial = part
    /// The builder standing where the chunks committed so far end, holding its last (open) segment.
    var truth: SpeechBuilder?
    var main = part
    produceInOrder(count: starts.count, window: chunking.window, parallelism: options.parallelism) {
      (chunk: Int, spare: Part?) in
      // A part's storage is grown once and used again; its offset converter moves forward only.
      var chunkPart = spare ?? initial
      let builder = SpeechBuilder(renderer: self)
      // A chunk holding a very long line is rendered where it is committed (below), its speech
      // handed on as it comes: rendered here, its part would hold all its speech (issue 42).
      if ends[chunk] - starts[chunk] > chunking.longChunk { return (builder, chunkPart) }
      if chunk > 0 { builder.beginChunk() }
      builder.state.output.emit = { format($0, &chunkPart) }
      builder.renderChunk(of: range, from: starts[chunk], to: ends[chunk])
      builder.mergeSegments()
      builder.state.output.emit = nil
      return (builder, chunkPart)
    } consume: { chunk, rendered in
      var (builder, chunkPart) = rendered
      if ends[chunk] - starts[chunk] > chunking.longChunk {
        // Going on with the builder of the speech so far (a fresh one for the first chunk), the
        // one-thread computation, its segments formatted and handed on a bounded amount at a time.
        let going = truth ?? builder
        withoutActuallyEscaping(finished) { finished in
          var waiting = Waiting()
          going.state.output.emit = { segment in
            format(segment, &main)
            if waiting.add(segment) { finished(&main) }
          }
          going.renderChunk(of: range, from: starts[chunk], to: ends[chunk])
          going.mergeSegments()
          going.state.output.emit = nil
          finished(&main)
        }
        truth = going
        return nil
      }
      guard let previous = truth else {
        finished(&chunkPart)
        truth = builder
        return chunkPart
      }
      if builder.continues(previous) {
        // The previous chunk's open segment is final: this chunk opens with a new paragraph.
        for segment in previous.state.output.segments { format(segment, &main) }
        finished(&main)
        finished(&chunkPart)
        truth = builder
        return chunkPart
      }
      // Its part holds speech from a wrong start: dropped (a fresh copy is made when needed).
      previous.state.output.emit = { format($0, &main) }
      previous.renderChunk(of: range, from: starts[chunk], to: ends[chunk])
      previous.mergeSegments()
      previous.state.output.emit = nil
      finished(&main)
      return nil
    }
    for segment in truth?.state.output.segments ?? [] { format(segment, &main) }
    finished(&main)
  }

  /// ``render(_:part:chunking:format:finished:)`` for a range too short to split: one builder on the
  /// calling thread, its part handed on a bounded amount at a time.
  private func renderOnOneThread<Part>(
    _ range: TextRange, part: Part, format: (SpeechSegment, inout Part) -> Void, finished: (inout Part) -> Void
  ) {
    var main = part
    var waiting = Waiting()
    render(range) { segment in
      format(segment, &main)
      if waiting.add(segment) { finished(&main) }
    }
    finished(&main)
  }

  /// Counts formatted segments so that a part is handed on every 1024 segments or every MiB of
  /// speech, whichever comes first (a segment of an enormous line may hold a MiB).
  struct Waiting {
    private var segments = 0
    private var bytes = 0

    /// Counts `segment`; true when the part should be handed on now (the count starts again).
    mutating func add(_ segment: SpeechSegment) -> Bool {
      segments += 1
      bytes += segment.speech.utf8.count
      guard segments >= 1024 || bytes >= 1 << 20 else { return false }
      segments = 0
      bytes = 0
      return true
    }
  }

  /// Where the chunks of `range` start: its start, then about every `size` bytes the first line
  /// start (after a line feed) that no span spoken as a whole covers (a detection read as a whole
  /// or a run such as code or an abbreviation; a superset of what the builder gathers).
  func chunkStarts(of range: TextRange, size: Int) -> [Int] {
    var starts = [range.start]
    var text = document.text
    text.withUTF8 { bytes in
      var detectionIndex = 0
      var runIndex = 0
      var mathIndex = 0
      var coveredUntil = 0
      var target = range.start + size
      while target < range.end - size / 2 {
        guard let base = bytes.baseAddress,
          let found = memchr(base + target, 0x0A, range.end - target)
        else { break }
        let candidate = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
        // Spans starting before the candidate: the furthest end among them.
        while detectionIndex < detections.count, detections.range(at: detectionIndex).start < candidate {
          let kind = detections.kind(at: detectionIndex)
          if kind == .phone || kind == .email || kind == .link {
            coveredUntil = max(coveredUntil, detections.range(at: detectionIndex).end)
          }
          detectionIndex += 1
        }
        while runIndex < document.runs.count, document.runs[runIndex].range.start < candidate {
          if SpeechBuilder.isSpokenWhole(document.runs[runIndex].attribute) {
            coveredUntil = max(coveredUntil, document.runs[runIndex].range.end)
          }
          runIndex += 1
        }
        while mathIndex < document.math.count, document.math[mathIndex].range.start < candidate {
          coveredUntil = max(coveredUntil, document.math[mathIndex].range.end)
          mathIndex += 1
        }
        if coveredUntil > candidate {
          target = coveredUntil
          continue
        }
        if candidate >= range.end { break }
        // A wrapped line of a plain-text paragraph joins the line before it (a space, no segment
        // of its own): a chunk starts only where a paragraph does.
        if SpeechBuilder.joinsWrappedLine(in: document, at: candidate) {
          target = candidate
          continue
        }
        starts.append(candidate)
        target = candidate + size
      }
    }
    return starts
  }
}
