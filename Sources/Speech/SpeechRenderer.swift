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
package struct SpeechRenderer: Sendable {
  /// The document being rendered.
  package let document: TextDocument
  /// The detections, by start offset; phones, e-mails and links among them are spoken as a whole
  /// (others, such as alerts, are skipped when speaking).
  package let detections: DetectionList
  /// The options; changing them applies to the next rendering.
  package var options: SpeechOptions {
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
  package init(document: TextDocument, detections: DetectionList, options: SpeechOptions = SpeechOptions()) {
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
  package init(document: TextDocument, detections: [Detection], options: SpeechOptions = SpeechOptions()) {
    self.init(document: document, detections: DetectionList(detections), options: options)
  }

  /// Speech for a plain string in one language, with the built-in detectors (for tests and tools
  /// that embed the renderer).
  package static func speak(_ text: String, language: String, options: SpeechOptions = SpeechOptions()) -> SpeechScript
  {
    let document = TextDocument(format: .text, text: text, language: language)
    let detections = DocumentDetector().detect(in: document)
    return SpeechRenderer(document: document, detections: detections, options: options).render()
  }

  /// This renderer with the languages of the lines around `range` identified now (when the
  /// document was read without identifying them): speech for `range` is then the speech a document
  /// identified up front gets, at the cost of those lines only (`browse` speaks one item per move).
  package func identifyingLanguages(around range: TextRange) -> SpeechRenderer {
    var copy = self
    copy.languages = languages.adding(
      LanguageIdentifier().detectedRuns(in: document, around: range, declared: languages.declaredRuns))
    return copy
  }

  /// Speech for `range` (the whole document when nil).
  package func render(_ range: TextRange? = nil) -> SpeechScript {
    let builder = SpeechBuilder(renderer: self)
    builder.render(snapped(range))
    return SpeechScript(segments: builder.segments, language: language, punctuation: options.punctuation)
  }

  /// Speech for `range`, handed to `segment` one segment at a time as it is finished, so that a
  /// writer can pass it on instead of holding the whole script (issue 15: speaking a 50 MB text
  /// held 11× its size). The segments are the ones ``render(_:)`` returns, in the same order.
  package func render(_ range: TextRange? = nil, eachSegment segment: (SpeechSegment) -> Void) {
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
  package var language: String { SpeechLexicon.key(languages.fallback) }
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
  @exclusivity(unchecked) var lastMerged: Piece?
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
  var assumesEarlierSpeech = false
  var opensWithParagraph = false
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

}
