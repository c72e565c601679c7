import TextModel

/// The passages of a document's lines (one language within one line), each with its table, read
/// ahead of the translation in batches: the short passages of a batch (at most
/// ``DocumentBraille/Chunking/wholeBytes``, every line of ordinary documents) go to liblouis's
/// worker process in one request per table (``Louis/translate(passages:table:mode:typeform:deadline:)``).
///
/// Why: liblouis runs in a worker process (it can loop for ever), and a round trip to it costs
/// about 14 µs of switching on a loaded machine; one per line was 1 s more system time on 10 MB.
/// A batch that does not finish in time is left to ``ChunkedTranslation``, which asks for each of
/// its passages alone (so only the passage liblouis loops on becomes computer braille), for the
/// first ``retries`` such passages of a document; after that the passages of a batch that does not
/// finish are computer braille, so that a document full of such text costs a deadline a batch.
struct PassagePlanner {
  /// A passage and its table; `prepared` holds its braille when the batch translated it.
  struct Passage {
    var range: TextRange
    var table: BrailleTable
    var prepared: ChunkedTranslation.Window?
    /// It came in a batch liblouis did not finish.
    var inUnfinishedBatch = false
  }

  /// Text read ahead in one batch, and its most passages.
  static let batchBytes = 1 << 16
  static let batchPassages = 2048

  private let bytes: UnsafeBufferPointer<UInt8>
  private let fixedTable: BrailleTable?
  private let mainTable: BrailleTable
  private let main: String
  private let grade: BrailleGrade?
  private let sizes: DocumentBraille.Chunking
  private let timeLimit: Louis.TimeLimit
  private var segments: LanguageSegments?
  private var tables: [String: BrailleTable] = [:]
  private var warned: Set<String> = []
  /// The passages of the lines planned and not yet asked for, in order, with their line's start.
  private var planned: [(line: Int, passages: [Passage])] = []
  private var nextPlanned = 0
  /// Passages liblouis may still fail to finish (each costs a deadline) before a batch that does
  /// not finish is written in computer braille whole, without asking for its passages alone.
  static let retries = 8
  private var retriesLeft = Self.retries
  /// Languages with no table of their own, as they were met.
  private(set) var warnings: [BrailleWarning] = []

  init(
    document: TextDocument, bytes: UnsafeBufferPointer<UInt8>, table: BrailleTable?, mainTable: BrailleTable,
    main: String, grade: BrailleGrade?, sizes: DocumentBraille.Chunking, timeLimit: Louis.TimeLimit
  ) {
    self.timeLimit = timeLimit
    self.bytes = bytes
    self.fixedTable = table
    self.mainTable = mainTable
    self.main = main
    self.grade = grade
    self.sizes = sizes
    segments = table == nil ? LanguageSegments(document: document) : nil
  }

  /// The passages of the line `range` (lines are asked for in order, each once).
  mutating func passages(of range: TextRange) -> [Passage] {
    if nextPlanned == planned.count { plan(from: range.start) }
    let entry = planned[nextPlanned]
    precondition(entry.line == range.start, "lines are asked for in order")
    nextPlanned += 1
    return entry.passages
  }

  /// Plans the lines from `start` until a batch is full, and translates their short passages.
  private mutating func plan(from start: Int) {
    planned.removeAll(keepingCapacity: true)
    nextPlanned = 0
    var lineStart = start
    var budget = 0
    var count = 0
    var short: [String: [(line: Int, index: Int)]] = [:]
    while lineStart <= bytes.count, budget < Self.batchBytes, count < Self.batchPassages {
      var end = lineStart
      while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
      let range = TextRange(start: lineStart, end: end)
      var passages: [Passage] = []
      for piece in segments?.pieces(of: range) ?? [(range, main)] {
        let table = table(for: piece.language, at: piece.range.start)
        if piece.range.length > 0, piece.range.length <= sizes.wholeBytes {
          short[table.name, default: []].append((planned.count, passages.count))
          budget += piece.range.length
          count += 1
        }
        passages.append(Passage(range: piece.range, table: table))
      }
      planned.append((lineStart, passages))
      lineStart = end + 1
    }
    for (table, places) in short {
      var windows = places.map { place in
        let range = planned[place.line].passages[place.index].range
        return ChunkedTranslation.gather(bytes, from: range.start, to: range.end, count: Int.max)
      }
      let answer = Louis.translate(
        passages: windows.map(\.scalars), table: table, mode: .unicodeCells,
        deadline: timeLimit.deadline(characters: windows.reduce(0) { $0 + $1.scalars.count }))
      // Unfinished: each passage is asked for alone when it is translated, while the document has
      // looped fewer than `retries` times; after that the batch is computer braille.
      guard case .done(let results) = answer else {
        for place in places { planned[place.line].passages[place.index].inUnfinishedBatch = true }
        continue
      }
      for (number, place) in places.enumerated() {
        guard let result = results[number] else { continue }  // asked again alone, which throws
        windows[number].fill(cells: result.output, indices: result.inputIndex)
        planned[place.line].passages[place.index].prepared = windows[number]
      }
    }
  }

  /// Counts `count` passages liblouis did not finish.
  mutating func noteUnfinished(_ count: Int) { retriesLeft -= count }

  /// `passage` as liblouis would translate it, or, when it came in a batch liblouis did not finish
  /// and the document has used its retries, in computer braille without asking liblouis again.
  func settled(_ passage: Passage) -> Passage {
    guard passage.inUnfinishedBatch, retriesLeft <= 0, passage.prepared == nil else { return passage }
    var window = ChunkedTranslation.gather(bytes, from: passage.range.start, to: passage.range.end, count: Int.max)
    let (cells, indices) = BrailleASCII.computerBraille(window.scalars)
    window.fill(cells: cells, indices: indices)
    window.unfinished = !window.scalars.isEmpty
    var settled = passage
    settled.prepared = window
    return settled
  }

  /// The table of a passage in `language`: the one chosen, else the language's, else the
  /// document's with a warning (once a language).
  private mutating func table(for language: String, at offset: Int) -> BrailleTable {
    if fixedTable != nil { return mainTable }
    if let known = tables[language] { return known }
    let found = BrailleTable.forLanguage(language, grade: grade)
    if found == nil, warned.insert(language).inserted {
      warnings.append(BrailleWarning(kind: .noTable(language: language, table: mainTable.name), offset: offset))
    }
    tables[language] = found ?? mainTable
    return found ?? mainTable
  }
}
