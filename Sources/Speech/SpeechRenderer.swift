public import Detection
public import ParallelSupport
public import TextModel
internal import UnicodeSupport

#if canImport(Glibc)
  internal import Glibc
#endif

/// How numbers are given to the synthesizer.
public enum NumberStyle: String, Sendable, CaseIterable {
  /// ASCII numerals, as written in the document's language ("11.7", vi "11,7"): every synthesizer reads them.
  case numerals
  /// Words from ICU's spell-out, corrected for speech ("eleven point seven", "十一点七").
  case words
}

/// Options for speech rendering.
public struct SpeechOptions: Sendable {
  /// The language when the document does not say (BCP 47; "en" when nil).
  public var locale: String?
  /// Which punctuation is spoken (screen-reader verbosity: none, some, most, all, char).
  public var punctuation: PunctuationLevel
  /// Whether numbers stay numerals for the synthesizer or become words.
  public var numbers: NumberStyle
  /// Symbol tables that replace the built-in ones, per lexicon key ("en"…), e.g. loaded from
  /// NVDA-format symbols.dic files.
  public var symbolTables: [String: SymbolTable]
  /// The threads speech of a long range may be made on (chunks rendered at once, committed in
  /// order); ``Parallelism/serial`` renders it in one pass on the calling thread.
  /// The speech is the same either way.
  public var parallelism: Parallelism = .default

  /// Options for speech; the defaults are a screen reader's ("some" punctuation, digits).
  public init(
    locale: String? = nil, punctuation: PunctuationLevel = .some, numbers: NumberStyle = .numerals,
    symbolTables: [String: SymbolTable] = [:]
  ) {
    self.locale = locale
    self.punctuation = punctuation
    self.numbers = numbers
    self.symbolTables = symbolTables
  }
}

/// Renders a document range as speech-friendly text: colons by context (ratio, time, duration,
/// verse, score, label), punctuation at a verbosity level with names per language, detected phone
/// numbers, e-mail addresses and links by parts, currency, percent, degrees and units, abbreviation
/// expansions, code with its punctuation; every segment keeps the source range it says.
///
/// ```swift
/// let script = SpeechRenderer(document: document, detections: detections).render()
/// script.plainText()  // "… a contrast ratio of at least 4.5 to 1 …"
/// ```
/// - Complexity: O(n) in the length of the range (plus a binary search per language change).
public struct SpeechRenderer: Sendable {
  /// The document being rendered.
  public let document: TextDocument
  /// The detections, by start offset; phones, e-mails and links among them are spoken as a whole
  /// (others, such as alerts, are skipped when speaking).
  public let detections: DetectionList
  /// The options; changing them applies to the next rendering.
  public var options: SpeechOptions {
    didSet { languages = LanguageLookup(document: document, fallback: options.locale ?? "en") }
  }
  /// Built once, so rendering a small range of a large document (a rotor move) costs O(range + log n).
  private(set) var languages: LanguageLookup
  /// Where each edit run (`<del>`, `<ins>`) ends, in order: an edit's end is found in the window
  /// where it lies (the runs are ordered by start).
  let editEnds: [Int]
  /// Internal tuning: sizes and fast paths that tests change to compare one way of rendering
  /// with another; production code never sets it (the speech is the same either way).
  var tuning = Tuning()

  /// The renderer's tuning values, set only by tests (through `@testable import`); the defaults are
  /// what the renderer uses.
  struct Tuning: Sendable {
    /// The UTF-8 length of the windows in which spans spoken as a whole are gathered (see
    /// `SpeechBuilder.render(_:)`; a test compares any window with one window).
    var spanWindow = 1 << 16
    /// Lines longer than this (UTF-8 bytes) are rendered in pieces cut where no token reads across
    /// (see `SpeechBuilder.renderLines`; a test compares small pieces with whole lines).
    var longLine = 1 << 16
    /// How far past `longLine` a place where speech does not depend on the cut is looked for; where
    /// there is none, the line is cut at a space between tokens or inside a token (`tokenCut`), and a
    /// span spoken as a whole longer than `longLine + longToken` is said in pieces (issue 42; a test
    /// makes both small).
    var longToken = 1 << 16
    /// Whether runs of plain words are spoken as one piece (`SpeechBuilder.plainWords`; a test
    /// compares with speaking them word by word).
    var wordRuns = true
    /// Whether ASCII links and e-mail addresses are said from their bytes
    /// (`SpeechBuilder.asciiLinkSpeech`; a test compares with the general path).
    var asciiAddresses = true
  }

  /// A renderer for `document` whose `detections` (e-mails, links, phones) are spoken by parts.
  /// - Complexity: O(n) to prepare; each rendering is O(k) in the length of its range.
  public init(document: TextDocument, detections: DetectionList, options: SpeechOptions = SpeechOptions()) {
    self.document = document
    // Only phones, e-mails and links are spoken as a whole; the others are skipped when spans are
    // gathered. Detections in order (what DocumentDetector gives) are shared, not copied or
    // filtered: a large text has hundreds of thousands of them (issue 15; browse's include alerts,
    // and a filtered copy was 20 MB at 50 MB).
    var sorted = true
    var index = 1
    while sorted && index < detections.count {
      sorted = detections.range(at: index - 1).start <= detections.range(at: index).start
      index += 1
    }
    if sorted {
      self.detections = detections
    } else {
      var ordered = DetectionList(rangesIn: document.text)
      ordered.append(contentsOf: detections.sorted { $0.range.start < $1.range.start })
      self.detections = ordered
    }
    self.options = options
    languages = LanguageLookup(document: document, fallback: options.locale ?? "en")
    var editEnds: [Int] = []
    for run in document.runs { if case .edit = run.attribute { editEnds.append(run.range.end) } }
    self.editEnds = editEnds.sorted()
  }

  /// A renderer for `document` whose `detections` (e-mails, links, phones) are spoken by parts.
  public init(document: TextDocument, detections: [Detection], options: SpeechOptions = SpeechOptions()) {
    self.init(document: document, detections: DetectionList(detections), options: options)
  }

  /// Speech for a plain string in one language, with the built-in detectors (for tests and tools
  /// that embed the renderer).
  public static func speak(_ text: String, language: String, options: SpeechOptions = SpeechOptions()) -> SpeechScript {
    let document = TextDocument(format: .text, text: text, language: language)
    let detections = DocumentDetector().detect(in: document)
    return SpeechRenderer(document: document, detections: detections, options: options).render()
  }

  /// This renderer with the languages of the lines around `range` identified now (when the
  /// document was read without identifying them): speech for `range` is then the speech a document
  /// identified up front gets, at the cost of those lines only (`browse` speaks one item per move).
  public func identifyingLanguages(around range: TextRange) -> SpeechRenderer {
    var copy = self
    copy.languages = languages.adding(
      LanguageIdentifier().detectedRuns(in: document, around: range, declared: languages.declaredRuns))
    return copy
  }

  /// Speech for `range` (the whole document when nil).
  public func render(_ range: TextRange? = nil) -> SpeechScript {
    let builder = SpeechBuilder(renderer: self)
    builder.render(snapped(range))
    return SpeechScript(segments: builder.segments, language: language, punctuation: options.punctuation)
  }

  /// Speech for `range`, handed to `segment` one segment at a time as it is finished, so that a
  /// writer can pass it on instead of holding the whole script (issue 15: speaking a 50 MB text
  /// held 11× its size). The segments are the ones ``render(_:)`` returns, in the same order.
  public func render(_ range: TextRange? = nil, eachSegment segment: (SpeechSegment) -> Void) {
    let builder = SpeechBuilder(renderer: self)
    withoutActuallyEscaping(segment) { emit in
      builder.emit = emit
      builder.render(snapped(range))
      for finished in builder.segments { emit(finished) }
      builder.segments.removeAll()
      builder.emit = nil
    }
  }

  /// `range` (the whole text when nil) clamped to the text, its ends moved back to a scalar's start.
  func snapped(_ range: TextRange?) -> TextRange {
    let total = document.text.utf8.count
    // Clamp, then move offsets that fall inside a scalar back to its start, so every offset the
    // builder computes from the text matches the document's.
    let utf8 = document.text.utf8
    func snap(_ offset: Int) -> Int {
      var offset = max(0, min(offset, total))
      while offset > 0, offset < total, utf8[utf8.index(utf8.startIndex, offsetBy: offset)] & 0xC0 == 0x80 {
        offset -= 1
      }
      return offset
    }
    return range.map { TextRange(start: snap($0.start), end: snap($0.end)) } ?? TextRange(start: 0, end: total)
  }

  /// The main language of every script this renderer makes (the document's, else the locale).
  public var language: String { SpeechLexicon.key(languages.fallback) }
}

/// The ranges that are spoken as a whole (detections and marked-up runs).
enum SpecialSpan {
  case phone(Detection), email, link
  case abbreviation(String), literal, spellOut, digits, duration(String)
  /// A formula (MathML), said from its structure (``MathSpeech``).
  case math(MathExpression)
  /// Where an edit (`<del>`, `<ins>`) starts (its cue word is said) and where it ends (a pause when
  /// more words follow on the line): empty ranges, the text between is spoken as usual.
  case editStart(EditKind), editEnd

  /// Whether the span is said digit by digit (a phone number, `speak-as: digits`): two such spans
  /// with only spaces between them are parted by a pause, or their digits would run together.
  var readsDigits: Bool {
    switch self {
    case .phone, .digits: true
    default: false
    }
  }

  var order: Int {
    switch self {
    case .phone, .email, .link, .math: 0
    case .abbreviation, .duration: 1
    default: 2
    }
  }
}

/// A piece of speech before segments are merged.
struct Piece {
  var text: String
  var range: TextRange
  var kind: SpeechSegmentKind
  var language: String
  /// Whether the source had whitespace (or a block break) before it.
  var spaceBefore: Bool
  var paragraphBefore: Bool
  /// Source text said as written (a word), as opposed to words we put in.
  var verbatim: Bool
  /// A prosody mark that sticks to the previous piece ("," "." "。").
  var attach: Bool
}

/// The marks a run of plain words may take in (``SpeechBuilder/proseMarks(language:tag:)``).
struct ProseMarks: OptionSet {
  let rawValue: UInt8
  static let fullStop = ProseMarks(rawValue: 1)
  static let exclamation = ProseMarks(rawValue: 2)
  static let question = ProseMarks(rawValue: 4)
  static let comma = ProseMarks(rawValue: 8)

  /// The mark `scalar` is, if it is one of these.
  static func mark(_ scalar: Unicode.Scalar) -> ProseMarks? {
    switch scalar {
    case ".": .fullStop
    case "!": .exclamation
    case "?": .question
    case ",": .comma
    default: nil
    }
  }
}

/// Builds the speech of a range. One builder is used by one thread at a time (a chunk's builder is
/// handed over only through the join of the threads), so its state skips the runtime's exclusivity
/// checks (`@exclusivity(unchecked)`: they were 4% of speaking a text, issue 15).
final class SpeechBuilder {
  let renderer: SpeechRenderer
  let document: TextDocument
  let options: SpeechOptions
  let normalizer = SpeechNormalizer()
  let numbers = NumberWords()
  let languages: LanguageLookup
  @exclusivity(unchecked) var tables: [String: SymbolTable] = [:]
  @exclusivity(unchecked) var pieces: [Piece] = []
  /// The last piece merged into `segments`: the "previous" of the next merge.
  @exclusivity(unchecked) private var lastMerged: Piece?
  /// Where finished segments go when the script is streamed; the last segment stays here while a
  /// later piece may still join it.
  var emit: ((SpeechSegment) -> Void)?
  @exclusivity(unchecked) var segments: [SpeechSegment] = []
  /// What carries from one token to the next (see ``CarriedState``), read and written through the
  /// properties below (and handed `inout` to the token readers) so that a builder rendering a chunk
  /// of a range from an assumed state knows which of it the chunk's speech depended on
  /// (``TrackedCarriedState/assumedReads``).
  @exclusivity(unchecked) var carry = TrackedCarriedState()
  /// The carried values.
  var carried: CarriedState { carry.state }
  /// Whether this builder renders a chunk after speech it has not seen (its first segment then
  /// gets the separator from earlier speech), and whether that first piece opened a paragraph.
  private var assumesEarlierSpeech = false
  private(set) var opensWithParagraph = false
  /// Where the last span said digit by digit ended (-1: none yet): a next one after only spaces
  /// gets a pause first (``SpecialSpan/readsDigits``).
  var digitSpanEnd = -1

  /// The language of the last piece added (``TrackedCarriedState/lastPieceLanguage``).
  var lastPieceLanguage: String? {
    get { carry.lastPieceLanguage }
    set { carry.lastPieceLanguage = newValue }
  }
  var pendingSpace: Bool {
    get { carry.pendingSpace }
    set { carry.pendingSpace = newValue }
  }
  var pendingParagraph: Bool {
    get { carry.pendingParagraph }
    set { carry.pendingParagraph = newValue }
  }
  /// Recent words (lower-cased) for colon cues, newest last; reset at block breaks.
  var recentWords: [String] {
    get { carry.recentWords }
    _modify { yield &carry.recentWords }
  }
  /// The last word as written, and whether nothing but spaces came after it (for "John 3:16").
  var lastWord: String? {
    get { carry.lastWord }
    set { carry.lastWord = newValue }
  }
  var lastTokenWasWord: Bool {
    get { carry.lastTokenWasWord }
    set { carry.lastTokenWasWord = newValue }
  }
  lazy var idna: IDNA? = try? IDNA()
  /// The lexicons of languages without one of their own, made once (see ``lexicon(_:)``).
  private var neutralLexicons: [String: SharedLexicon] = [:]
  /// The tag ``languageTag(at:)`` last found and the offsets over which it holds.
  @exclusivity(unchecked) private var heldTag: (start: Int, end: Int, tag: String)?
  /// The last tag given to ``languageKey(_:)`` and its key.
  @exclusivity(unchecked) private var lastKeyed: (tag: String, key: String)?
  /// The last tag given to ``table(_:tag:)`` and its table.
  @exclusivity(unchecked) private var lastTable: (tag: String, table: SymbolTable)?
  /// ``proseMarks(language:tag:)`` of every tag asked (a text's language changes often: "東京 and").
  @exclusivity(unchecked) var proseMarksByTag: [String: ProseMarks] = [:]

  init(renderer: SpeechRenderer) {
    self.renderer = renderer
    document = renderer.document
    options = renderer.options
    languages = renderer.languages
  }

  /// The lexicon for a language key or tag: what `SpeechLexicon.forLanguage(_:)` gives, kept behind
  /// one reference (see ``SharedLexicon``).
  func lexicon(_ language: String) -> SharedLexicon {
    if let builtIn = SharedLexicon.builtIn(language) { return builtIn }
    let key = SpeechLexicon.key(language)
    if let builtIn = SharedLexicon.builtIn(key) { return builtIn }
    if let made = neutralLexicons[key] { return made }
    let made = SharedLexicon(.neutral(key))
    neutralLexicons[key] = made
    return made
  }

  /// `languages.tag(at: offset)`, looked up again only outside the stretch where the last answer
  /// holds (tokens come in order: two binary searches per token were 2% of speaking a text).
  func languageTag(at offset: Int) -> String { languageStretch(at: offset).tag }

  /// ``languageTag(at:)`` and the offset before which it holds from `offset` on.
  func languageStretch(at offset: Int) -> (tag: String, end: Int) {
    if let heldTag, offset >= heldTag.start, offset < heldTag.end { return (heldTag.tag, heldTag.end) }
    let (tag, end) = languages.tagHolding(at: offset)
    heldTag = (offset, end, tag)
    return (tag, end)
  }

  /// ``SpeechLexicon/key(_:)`` of `tag`, remembered for the last tag asked: the tokens of a text
  /// nearly always share their tag, and the key was made anew for each.
  func languageKey(_ tag: String) -> String {
    if let lastKeyed, lastKeyed.tag == tag { return lastKeyed.key }
    let key = SpeechLexicon.key(tag)
    lastKeyed = (tag, key)
    return key
  }

  func table(_ language: String, tag: String) -> SymbolTable {
    // A table, once chosen for a key, stays that key's: the last tag's is the same until the tag changes.
    if let lastTable, lastTable.tag == tag { return lastTable.table }
    let key = SymbolTable.tableKey(tag)
    if let table = tables[key] {
      lastTable = (tag, table)
      return table
    }
    let table = options.symbolTables[key] ?? options.symbolTables[language] ?? SymbolTable.shared(language: tag)
    tables[key] = table
    lastTable = (tag, table)
    return table
  }

  // MARK: - Driving

  /// Makes this fresh builder render a chunk that starts at a line start of a range after speech
  /// it does not see, assuming the state a line break leaves (``CarriedState/afterLineBreak``); what
  /// it reads of that assumption is recorded (``TrackedCarriedState/assumedReads``) for ``continues(_:)``.
  func beginChunk() {
    carry.assume(.afterLineBreak)
    assumesEarlierSpeech = true
  }

  /// Whether this builder's chunk, rendered from the assumed state, is what `truth` would have
  /// rendered had it gone on from where it stopped (the chunk's start): the chunk opened with a new
  /// paragraph after earlier speech, and every carried field it read before writing holds the same
  /// value in `truth`. When it does, the fields the chunk never wrote take `truth`'s values, so this
  /// builder stands where `truth` would after the chunk.
  func continues(_ truth: SpeechBuilder) -> Bool {
    guard opensWithParagraph, truth.lastMerged != nil,
      CarriedState.afterLineBreak.agrees(with: truth.carried, on: carry.assumedReads)
    else { return false }
    carry.adoptUnwritten(from: truth.carried)
    return true
  }

  func render(_ range: TextRange) {
    renderChunk(of: range, from: range.start, to: range.end)
    mergeSegments()
  }

  /// Renders the part of `range` from `start` to `end` (both at its start or end or at line starts,
  /// neither inside a span spoken as a whole), as rendering the whole range renders it from the same
  /// state; pieces may still wait in ``pieces``.
  func renderChunk(of range: TextRange, from start: Int, to end: Int) {
    // The spans spoken as a whole are gathered a window of starts at a time (sorted by start, then
    // longest first): the same order as gathering them all at once, since every span of a window
    // starts before every span of the next, and text between spans is rendered only when the next
    // span (or the end) is reached, as in one pass. Gathering all of a 50 MB text's spans at once
    // held a copy of every detection (100 MB).
    var position = start
    var windowStart = start
    while windowStart < end {
      let window = TextRange(start: windowStart, end: min(end, windowStart + renderer.tuning.spanWindow))
      var specials = collectSpecials(startingIn: window, within: range)
      // An edit's start or end (an empty range) comes before a span starting at the same place.
      specials.sort {
        ($0.range.start, $0.range.isEmpty ? 0 : 1, -$0.range.length, $0.span.order)
          < ($1.range.start, $1.range.isEmpty ? 0 : 1, -$1.range.length, $1.span.order)
      }
      for special in specials where special.range.start >= position {
        if special.range.start > position { renderLines(TextRange(start: position, end: special.range.start)) }
        renderSpecial(special.span, range: special.range)
        position = special.range.end
        // Pieces become segments as they come (between spans, where no piece is still being edited):
        // holding every piece of a long document took 25× its size.
        if pieces.count >= 4096 { mergeSegments() }
      }
      windowStart = window.end
    }
    if position < end { renderLines(TextRange(start: position, end: end)) }
  }

  /// Ordinary text between spans, a line at a time (each piece ends after its line feed): no token
  /// reads across a line break, so speech can start afresh at any line start (the two-core
  /// rendering relies on it). `literal` text (code) names every mark; its pieces become code.
  ///
  /// A line is normalized whole (24 bytes per scalar), so a line longer than `longLine` is cut
  /// into pieces of about that length, each at the first place after it where speech does not
  /// depend on the cut (see ``pieceCut(in:from:before:)``, looked for over `longToken` more bytes);
  /// where there is none (a line without spaces between words: one enormous token, digits, CJK),
  /// at a space between two tokens that are not digits, else at the first Character boundary
  /// (``tokenCut(in:from:target:before:)``). Every piece is then at most `longLine + longToken`
  /// bytes, whatever the input: a 100 MB token held 2.66 GB (issue 42). Only a line with no such
  /// place over `longToken` bytes is cut elsewhere; a token cut inside is said in pieces (a word's
  /// pieces join with nothing between them, so its speech is the same).
  func renderLines(_ range: TextRange, literal: Bool = false) {
    func say(_ piece: TextRange) {
      let before = pieces.count
      renderText(piece, literal: literal)
      guard literal else { return }
      for index in before..<pieces.count where pieces[index].kind == .text || pieces[index].kind == .number {
        pieces[index].kind = .code
      }
    }
    var start = range.start
    while start < range.end {
      let end = Self.lineEnd(in: document.text, from: start, before: range.end)
      var piece = start
      while true {
        let cut = pieceEnd(from: piece, lineEnd: end)
        say(TextRange(start: piece, end: cut))
        if cut == end { break }
        piece = cut
        // A cut is between tokens: the piece's speech (about `longLine` of it) becomes segments now.
        mergeSegments()
      }
      start = end
      // Pieces become segments as they come here too: text with no span in it (a long text of
      // words) held every piece until its end (100 MB for 4 MB on one line).
      if pieces.count >= 4096 { mergeSegments() }
    }
  }

  /// Where the piece of a line that starts at `piece` (the line's start or the previous piece's
  /// end) ends, the line ending at `end`: the line's end when it is no longer than `longLine`, else
  /// the first place past `longLine` where speech does not depend on the cut, looked for over
  /// `longToken` bytes, else the line's end when it is no further, else
  /// ``tokenCut(in:from:target:before:searching:)``. At most `longLine + longToken`
  /// bytes on, and at a Character boundary (`SpeechLongTokenTests`).
  func pieceEnd(from piece: Int, lineEnd end: Int) -> Int {
    guard end - piece > renderer.tuning.longLine else { return end }
    let target = piece + renderer.tuning.longLine
    let searched = end - target > renderer.tuning.longToken ? target + renderer.tuning.longToken : end
    if let cut = Self.pieceCut(in: document.text, from: target, before: searched) { return cut }
    // The rest of the line is short enough to be said whole.
    if searched == end { return end }
    return Self.tokenCut(
      in: document.text, from: piece, target: target, before: end, searching: renderer.tuning.longToken)
  }

  /// Where a piece of a line that starts at `start` (a Character boundary) is cut when no place
  /// from `target` on is free of tokens reading across it: after the first space from `target`
  /// (within `searching` bytes, at most 4 KiB) that has neither a digit before it nor anything but an ASCII letter or mark
  /// that is not a digit after it (numbers read their groups, units and dates across a space), else
  /// at the first Character boundary at or after `target` (inside a token longer than the bound),
  /// else `end` (a single Character is never cut). `SpeechLongTokenTests` checks the pieces' bounds
  /// and boundaries.
  static func tokenCut(in text: String, from start: Int, target: Int, before end: Int, searching: Int = 4096) -> Int {
    guard target < end else { return end }
    var text = text
    return text.withUTF8 { bytes -> Int in
      @inline(__always) func digit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
      var index = max(target, start + 1)
      let limit = min(end, target + min(searching, 4096))
      while index + 1 < limit {
        if bytes[index] == 0x20, !digit(bytes[index - 1]), bytes[index + 1] < 0x80, bytes[index + 1] > 0x20,
          !digit(bytes[index + 1])
        {
          return index + 1
        }
        index += 1
      }
      var walk = GraphemeWalk(bytes, from: TextPosition(utf8: start, utf16: 0, char: 0))
      while let boundary = walk.nextBoundary() {
        if boundary.utf8 >= target { return min(boundary.utf8, end) }
      }
      return end
    }
  }

  /// The first offset from `start` (before `end`) where a long line may be cut: after ". ", "! "
  /// or "? " that end a lowercase word and come before an uppercase letter (a sentence ends there:
  /// its mark is said the same whatever follows the space, and the cues reset), else, from 4 KiB on,
  /// at a space between two lowercase words. No token reads across such a space (a word reads no
  /// further than itself; a number, date or time never ends in a lowercase letter before it), so
  /// the pieces say what the whole line says (`SpeechLongLineTests`). Nil when there is none (a line
  /// without spaces stays whole).
  static func pieceCut(in text: String, from start: Int, before end: Int) -> Int? {
    var text = text
    return text.withUTF8 { bytes -> Int? in
      func lower(_ index: Int) -> Bool { index >= 0 && index < end && bytes[index] >= 0x61 && bytes[index] <= 0x7A }
      func upper(_ index: Int) -> Bool { index < end && bytes[index] >= 0x41 && bytes[index] <= 0x5A }
      var wordBreak: Int?
      var index = max(start, 2)
      while index + 1 < end {
        if bytes[index] == 0x20 {
          let mark = bytes[index - 1]
          if (mark == 0x2E || mark == 0x21 || mark == 0x3F) && lower(index - 2) && upper(index + 1) {
            return index + 1
          }
          if wordBreak == nil && lower(index - 1) && lower(index + 1) { wordBreak = index + 1 }
        }
        if index - start >= 4096, let wordBreak { return wordBreak }
        index += 1
      }
      return wordBreak
    }
  }

  /// The offset after the first line feed in `text`'s UTF-8 at `start..<end`, else `end`.
  static func lineEnd(in text: String, from start: Int, before end: Int) -> Int {
    var text = text
    return text.withUTF8 { bytes in
      guard let base = bytes.baseAddress, start < end, let found = memchr(base + start, 0x0A, end - start) else {
        return end
      }
      return base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
    }
  }

  /// The spans spoken as a whole that start in `window` and lie within `range`.
  func collectSpecials(startingIn window: TextRange, within range: TextRange) -> [(
    range: TextRange, span: SpecialSpan
  )] {
    var specials: [(range: TextRange, span: SpecialSpan)] = []
    let detections = renderer.detections
    for position in SpeechBuilder.starting(in: window, detections)
    where range.contains(detections.range(at: position)) && !detections.range(at: position).isEmpty {
      // Only a phone is made a `Detection` (its value is read): a link's or an address's value
      // would be a copy of its text, as long as the link (issue 42).
      switch detections.kind(at: position) {
      case .phone:
        let detection = detections[position]
        // A run of digits with no grouping, no "+" and no trunk zero ("10100000", "700000000") that
        // a region's plan happens to accept is as likely an amount as a phone number: unless the
        // markup made it a tel: link, it is read as a number; a number written as a phone number
        // ("010 6552 9988", "+84 …") is read digit by digit.
        let text = document[detection.range]
        let bareDigits = text.unicodeScalars.allSatisfy { $0.value >= 0x30 && $0.value <= 0x39 } && !text.hasPrefix("0")
        if bareDigits && detection.source != .markup { continue }
        specials.append((detection.range, .phone(detection)))
      case .email: specials.append((detections.range(at: position), .email))
      case .link:
        let text = document[detections.range(at: position)]
        let urlShaped =
          !SpeechBuilder.contains(" ", in: text)
          && (SpeechBuilder.contains(".", in: text) || SpeechBuilder.contains("/", in: text))
        if urlShaped { specials.append((detections.range(at: position), .link)) }
      default: continue  // alerts and kinds an embedding tool adds are read as text
      }
    }
    for run in SpeechBuilder.starting(in: window, document.runs, \.range)
    where range.contains(run.range) && !run.range.isEmpty {
      switch run.attribute {
      case .abbreviation(let expansion) where !expansion.isEmpty: specials.append((run.range, .abbreviation(expansion)))
      case .code, .speech(.speakPunctuation): specials.append((run.range, .literal))
      case .speech(.spellOut): specials.append((run.range, .spellOut))
      case .speech(.digits): specials.append((run.range, .digits))
      case .time(let datetime) where datetime.hasPrefix("P") || datetime.hasPrefix("p"):
        specials.append((run.range, .duration(datetime)))
      default: break
      }
    }
    if !document.math.isEmpty {
      for formula in SpeechBuilder.starting(in: window, document.math, \.range) where range.contains(formula.range) {
        specials.append((formula.range, .math(formula.expression)))
      }
    }
    for run in SpeechBuilder.starting(in: window, document.runs, \.range) where range.contains(run.range.start) {
      if case .edit(let kind) = run.attribute, !run.range.isEmpty {
        specials.append((TextRange(start: run.range.start, end: run.range.start), .editStart(kind)))
      }
    }
    if !renderer.editEnds.isEmpty {
      let first = renderer.editEnds.partitioningIndex(where: { $0 >= window.start })
      for end in renderer.editEnds[first...].prefix(while: { $0 < window.end })
      where end > range.start && end < range.end {
        specials.append((TextRange(start: end, end: end), .editEnd))
      }
    }
    return specials
  }

  /// Whether a run with `attribute` may be spoken as a whole (``collectSpecials(startingIn:within:)``
  /// takes some of them; a chunk of two-core speech never starts inside one).
  static func isSpokenWhole(_ attribute: TextAttribute) -> Bool {
    switch attribute {
    case .abbreviation, .code, .speech, .time: true
    default: false
    }
  }

  /// The positions of the detections (sorted by start) that start inside `range`, found by binary
  /// search on their ranges alone (no `Detection` made per probe: each copied its value, a 10 MB
  /// link's at every probe of every window, issue 42): O(log n + k).
  static func starting(in range: TextRange, _ detections: DetectionList) -> Range<Int> {
    func lowerBound(_ offset: Int) -> Int {
      var low = 0
      var high = detections.count
      while low < high {
        let middle = (low + high) / 2
        if detections.range(at: middle).start >= offset { high = middle } else { low = middle + 1 }
      }
      return low
    }
    let low = lowerBound(range.start)
    return low..<max(low, lowerBound(range.end))
  }

  /// The items (sorted by start) that start inside `range`, found by binary search: O(log n + k).
  /// `rangeOf` is a function, not a `KeyPath` (`\.range` converts to either): a key path is applied
  /// through the runtime (`swift_getAtKeyPath`) at every step of the search.
  static func starting<Items: RandomAccessCollection<Item>, Item>(
    in range: TextRange, _ items: Items, _ rangeOf: (Item) -> TextRange
  ) -> Items.SubSequence where Items.Index == Int {
    func lowerBound(_ offset: Int) -> Int { items.partitioningIndex { rangeOf($0).start >= offset } }
    return items[lowerBound(range.start)..<max(lowerBound(range.start), lowerBound(range.end))]
  }

  // MARK: - Pieces

  func add(
    _ text: String, _ range: TextRange, kind: SpeechSegmentKind, language: String, verbatim: Bool = false,
    attach: Bool = false
  ) {
    guard !text.isEmpty else { return }
    // Two phone numbers the text readers found side by side ("03-1234-5678  03-1234-5679"): a pause
    // between them, as between two detected ones (``SpecialSpan/readsDigits``).
    if kind == .phone, !pendingParagraph, let last = pieces.last, last.kind == .phone, last.range.end < range.start,
      SpeechBuilder.onlySpaces(in: document.text.utf8, from: last.range.end, to: range.start)
    {
      pieces.append(
        Piece(
          text: pauseMark(language), range: TextRange(start: last.range.end, end: last.range.end), kind: .pause,
          language: language, spaceBefore: false, paragraphBefore: false, verbatim: false, attach: true))
    }
    // A line break inside a plain-text paragraph is where the text was wrapped: a space, not a
    // paragraph (the carried state keeps the line break; only the separator changes).
    let paragraphBefore =
      pendingParagraph && !(document.format == .text && Self.joinsWrappedLine(in: document, at: range.start))
    pieces.append(
      Piece(
        text: text, range: range, kind: kind, language: language, spaceBefore: pendingSpace,
        paragraphBefore: paragraphBefore, verbatim: verbatim, attach: attach))
    lastPieceLanguage = language
    pendingSpace = false
    pendingParagraph = false
  }

  /// Whether the line break before `offset` (where a line's speech starts) in plain text is read as
  /// a space: a paragraph of plain text ends at a blank line, and a line break inside one is where
  /// the text was wrapped ("…because the⏎room was booked."). A line that starts as a list item
  /// ("- ", "* ", "• ", "1. ", "2) ") or a table row ("| … |") keeps its break, as does every line of HTML, XML, EPUB or DOCX
  /// (their blocks say where paragraphs end).
  static func joinsWrappedLine(in document: TextDocument, at offset: Int) -> Bool {
    guard document.format == .text else { return false }
    let blocks = document.blocks
    let after = blocks.partitioningIndex { $0.range.start >= offset }
    guard after > 0, blocks[after - 1].kind == .paragraph, blocks[after - 1].range.end > offset else { return false }
    let utf8 = document.text.utf8
    // From the line's start: a list marker is not said, so speech may start after it.
    var index = utf8.index(utf8.startIndex, offsetBy: offset)
    var back = 0
    while index > utf8.startIndex {
      let before = utf8.index(before: index)
      if utf8[before] == 0x0A { break }
      // Speech starts past a marker and spaces only; further in, the line is no list item.
      guard back < 16 else { return true }
      index = before
      back += 1
    }
    while index < utf8.endIndex, utf8[index] == 0x20 || utf8[index] == 0x09 { index = utf8.index(after: index) }
    var digits = 0
    while index < utf8.endIndex, utf8[index] >= 0x30, utf8[index] <= 0x39, digits < 4 {
      digits += 1
      index = utf8.index(after: index)
    }
    guard index < utf8.endIndex else { return true }
    // A row of a text table ("| a | b |") keeps its break too.
    if digits == 0, utf8[index] == 0x7C { return false }
    let marker: Bool
    if digits > 0 {
      marker = utf8[index] == 0x2E || utf8[index] == 0x29  // "1." "2)"
    } else if utf8[index] == 0x2D || utf8[index] == 0x2A || utf8[index] == 0x2B {
      marker = true  // "-" "*" "+"
    } else if utf8[index] == 0xE2, document.text.unicodeScalars[index] == "•" {
      marker = true
    } else {
      marker = false
    }
    guard marker else { return true }
    // A marker is one when a space follows it ("-5 °C" and "3.5 kg" go on the line before).
    let next = digits > 0 || utf8[index] != 0xE2 ? utf8.index(after: index) : utf8.index(index, offsetBy: 3)
    return !(next < utf8.endIndex && (utf8[next] == 0x20 || utf8[next] == 0x09))
  }

  /// Numbers as the options want them: numerals stay, or every numeral in `text` becomes words.
  func numerals(_ text: String, _ language: String) -> String {
    options.numbers == .words ? numerals(text, language, lexicon: self.lexicon(language)) : text
  }

  /// Joins pieces into segments: runs of ordinary text in one language become one segment; every
  /// interpreted construct (ratio, phone…) is a segment of its own.
  /// Marks after which nothing is inserted when the source did not space them.
  static let openingMarks: Set<String> = ["(", "[", "（", "「", "『", "【", "\"", "“"]

  /// Whether `text` ends with full-width punctuation (，。、！？；：), after which no space is said.
  static func endsWithFullWidthPunctuation(_ text: String) -> Bool {
    switch text.unicodeScalars.last?.value {
    case 0xFF0C, 0x3002, 0x3001, 0xFF01, 0xFF1F, 0xFF1B, 0xFF1A: true
    default: false
    }
  }

  /// A segment's speech takes in no more pieces from this many UTF-8 bytes on: the next piece opens
  /// a segment of its own (its separator as it would have been joined, so plain speech is the same),
  /// and no segment holds the speech of a whole enormous line (issue 42).
  static let segmentSpeechLimit = 1 << 20

  func mergeSegments() {
    var previous = lastMerged
    for piece in pieces {
      var separator = ""
      // A chunk's first piece follows speech this builder has not seen: after a line break (all a
      // chunk may start with, see `opensWithParagraph`) that only makes its separator a line break.
      let follows = previous != nil || assumesEarlierSpeech
      if assumesEarlierSpeech {
        assumesEarlierSpeech = false
        opensWithParagraph = piece.paragraphBefore
        if piece.paragraphBefore { separator = "\n" }
      }
      if let previous {
        if piece.paragraphBefore {
          separator = "\n"
        } else if piece.attach {
          separator = ""
        } else if piece.spaceBefore, !Self.endsWithFullWidthPunctuation(previous.text) {
          separator = " "
        } else if piece.verbatim && previous.verbatim {
          separator = ""
        } else if previous.verbatim, Self.openingMarks.contains(previous.text) {
          separator = ""  // "(May 14, 2026": nothing after an opening mark the source did not space
        } else {
          let spaced =
            SpeechLexicon.isSpaced(piece.language) || SpeechLexicon.isSpaced(previous.language)
            || !(piece.text.unicodeScalars.first.map(SpeechBuilder.isCJK) ?? false)
              && !(previous.text.unicodeScalars.last.map(SpeechBuilder.isCJK) ?? false)
          separator = spaced ? " " : ""
        }
      }
      func mergeable(_ kind: SpeechSegmentKind) -> Bool { kind == .text || kind == .number }
      // Read the last segment's fields without binding the segment: a bound copy would share its
      // string buffer and make every append copy it (quadratic on a long line).
      let lastIndex = segments.count - 1
      if lastIndex >= 0, mergeable(piece.kind) || (piece.attach && piece.kind != .pause),
        mergeable(segments[lastIndex].kind), segments[lastIndex].language == piece.language, separator != "\n",
        segments[lastIndex].speech.utf8.count < Self.segmentSpeechLimit
      {
        segments[lastIndex].speech.append(separator)
        segments[lastIndex].speech.append(piece.text)
        segments[lastIndex].range.end = max(segments[lastIndex].range.end, piece.range.end)
      } else {
        let kind: SpeechSegmentKind = piece.kind == .number ? .text : piece.kind
        segments.append(
          SpeechSegment(
            speech: piece.text, range: piece.range, kind: kind, language: piece.language,
            separator: follows ? separator : ""))
      }
      previous = piece
    }
    lastMerged = previous
    pieces.removeAll(keepingCapacity: true)
    if let emit, segments.count > 1 {
      let open = segments.removeLast()
      for finished in segments { emit(finished) }
      segments.removeAll(keepingCapacity: true)
      segments.append(open)
    }
  }

  /// Han or kana: text that the zh or ja lexicon reads (``CJKScalars/isHanOrKana(_:)``).
  static func isCJK(_ scalar: Unicode.Scalar) -> Bool { CJKScalars.isHanOrKana(scalar.value) }
}

/// The language in force at each offset: the innermost declared language run, else a language
/// identified from the text, else the document's language, else the requested locale
/// (``LanguageRuns`` does the flattening and the binary search).
struct LanguageLookup: Sendable {
  private let runs: LanguageRuns
  let fallback: String
  /// Languages identified for part of the text after the document was read, in order, not
  /// overlapping (``SpeechRenderer/identifyingLanguages(around:)``); consulted where neither a
  /// declared language nor a run of the document holds.
  private var overlay: [AttributeRun] = []

  /// A tag that is not well-formed BCP 47 (`lang="../../x"`, markup) is skipped: the enclosing
  /// language, the document's, the requested locale or "en" applies instead.
  init(document: TextDocument, fallback: String) {
    self.fallback = [document.language, fallback].compactMap { $0 }.first(where: LanguageTag.isWellFormed) ?? "en"
    runs = LanguageRuns(document: document)
  }

  /// The document's language runs (declared, and any identified when it was read).
  var declaredRuns: LanguageRuns { runs }

  /// This lookup with `identified` (detected-language runs, in order) consulted where nothing else
  /// holds.
  func adding(_ identified: [AttributeRun]) -> LanguageLookup {
    var copy = self
    copy.overlay = identified
    return copy
  }

  /// The BCP 47 tag at `offset`.
  func tag(at offset: Int) -> String { tagHolding(at: offset).tag }

  /// ``tag(at:)``, and the end of the stretch from `offset` on over which it holds.
  func tagHolding(at offset: Int) -> (tag: String, end: Int) {
    let (entry, end) = runs.entryHolding(at: offset)
    if let entry { return (entry.tag, end) }
    guard !overlay.isEmpty else { return (fallback, end) }
    let after = overlay.partitioningIndex { $0.range.start > offset }
    if after > 0, offset < overlay[after - 1].range.end,
      case .detectedLanguage(let tag, _) = overlay[after - 1].attribute
    {
      return (tag, min(end, overlay[after - 1].range.end))
    }
    return (fallback, after < overlay.count ? min(end, overlay[after].range.start) : end)
  }
}
