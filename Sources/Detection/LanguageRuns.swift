@_spi(Plumbing) package import TextModel

/// The language in force at each offset of a document, from its runs, flattened once into sorted
/// intervals so that a lookup is a binary search: the innermost declared `lang` wins; a run
/// identified from the text (``TextAttribute/detectedLanguage(_:confidence:)``) applies only where
/// nothing was declared.
///
/// - Complexity: O(r log r) to build for r language runs; ``tag(at:)`` is O(log r).
package struct LanguageRuns: Sendable {
  /// A language in force over an interval.
  package struct Entry: Sendable, Hashable {
    package var tag: String
    /// Whether the language was identified from the text rather than declared.
    package var detected: Bool
    /// How sure the identification is (1 for a declared language).
    package var confidence: Double
  }

  private var starts: [Int] = []
  private var intervals: [(end: Int, entry: Entry)] = []
  /// The document's runs, shared (not copied): detected runs are read from it.
  private var runs: [AttributeRun] = []
  /// The positions in `runs` of the detected language runs, by start. A plain text of 50 MB has
  /// 185,000 of them (one a line); 4 bytes each here instead of a copied 48-byte entry.
  private var detected: [UInt32] = []

  /// No runs: every lookup is nil.
  package init() {}

  /// The language runs of `document` (declared and detected).
  package init(document: TextDocument) {
    var declared: [(TextRange, String)] = []
    runs = document.runs
    var sorted = true
    for (position, run) in runs.enumerated() where !run.range.isEmpty {
      switch run.attribute {
      case .language(let tag) where LanguageTag.isWellFormed(tag): declared.append((run.range, tag))
      case .detectedLanguage(let tag, _) where LanguageTag.isWellFormed(tag):
        if let last = detected.last, runs[Int(last)].range.start > run.range.start { sorted = false }
        detected.append(UInt32(position))  // runs are fewer than input bytes (2 GiB at most)
      default: break
      }
    }
    if !sorted {
      // By start; runs starting together keep their order.
      detected.sort { (runs[Int($0)].range.start, $0) < (runs[Int($1)].range.start, $1) }
    }
    declared.sort { ($0.0.start, -$0.0.end) < ($1.0.start, -$1.0.end) }
    var flat: [(start: Int, end: Int, tag: String)] = []
    var stack: [(end: Int, tag: String)] = []
    var position = 0
    func emit(_ start: Int, _ end: Int, _ tag: String) {
      if end > start { flat.append((start, end, tag)) }
    }
    for (range, tag) in declared {
      while let top = stack.last, top.end <= range.start {
        emit(position, top.end, top.tag)
        position = max(position, top.end)
        stack.removeLast()
      }
      if let top = stack.last { emit(position, range.start, top.tag) }
      position = range.start
      stack.append((min(range.end, stack.last?.end ?? range.end), tag))
    }
    while let top = stack.popLast() {
      emit(position, top.end, top.tag)
      position = max(position, top.end)
    }
    starts = flat.map(\.start)
    intervals = flat.map { ($0.end, Entry(tag: $0.tag, detected: false, confidence: 1)) }
  }

  /// The language at `offset`: the innermost declared run, else a detected run, else nil.
  package func entry(at offset: Int) -> Entry? {
    let low = starts.partitioningIndex { $0 > offset }
    if low > 0, offset < intervals[low - 1].end { return intervals[low - 1].entry }
    let after = detected.partitioningIndex { runs[Int($0)].range.start > offset }
    guard after > 0 else { return nil }
    let run = runs[Int(detected[after - 1])]
    guard offset < run.range.end, case .detectedLanguage(let tag, let confidence) = run.attribute else { return nil }
    return Entry(tag: tag, detected: true, confidence: confidence)
  }

  /// ``entry(at:)``, and the end of the stretch from `offset` on over which that answer holds: the
  /// end of the declared interval or detected run found, or the next start of either kind, whichever
  /// comes first (nothing else can change the answer). A caller that walks forward (the speech
  /// renderer asks once per token) looks again only past `end`.
  /// `LanguageRunsHoldingTests` compares every offset's answer with ``entry(at:)``.
  package func entryHolding(at offset: Int) -> (entry: Entry?, end: Int) {
    let low = starts.partitioningIndex { $0 > offset }
    if low > 0, offset < intervals[low - 1].end { return (intervals[low - 1].entry, intervals[low - 1].end) }
    // No declared interval holds `offset`; the next one to start bounds every other answer.
    var end = low < starts.count ? starts[low] : Int.max
    let after = detected.partitioningIndex { runs[Int($0)].range.start > offset }
    if after < detected.count { end = min(end, runs[Int(detected[after])].range.start) }
    guard after > 0 else { return (nil, end) }
    let run = runs[Int(detected[after - 1])]
    guard offset < run.range.end, case .detectedLanguage(let tag, let confidence) = run.attribute else {
      return (nil, end)
    }
    return (Entry(tag: tag, detected: true, confidence: confidence), min(end, run.range.end))
  }

  /// The declared language tag at `offset` (detected runs are not counted), or nil.
  package func tag(at offset: Int) -> String? {
    let low = starts.partitioningIndex { $0 > offset }
    if low > 0, offset < intervals[low - 1].end { return intervals[low - 1].entry.tag }
    return nil
  }
}
