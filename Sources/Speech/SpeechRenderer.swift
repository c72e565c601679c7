package import Detection
public import ParallelSupport
package import TextModel
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
    return SpeechScript(segments: builder.state.output.segments, language: language, punctuation: options.punctuation)
  }

  /// Speech for `range`, handed to `segment` one segment at a time as it is finished, so that a
  /// writer can pass it on instead of holding the whole script (issue 15: speaking a 50 MB text
  /// held 11× its size). The segments are the ones ``render(_:)`` returns, in the same order.
  package func render(_ range: TextRange? = nil, eachSegment segment: (SpeechSegment) -> Void) {
    let builder = SpeechBuilder(renderer: self)
    withoutActuallyEscaping(segment) { emit in
      builder.state.output.emit = emit
      builder.render(snapped(range))
      for finished in builder.state.output.segments { emit(finished) }
      builder.state.output.segments.removeAll()
      builder.state.output.emit = nil
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
  /// An edit mark the reader wrote for the reading view and braille ("del", "ins end"): silent,
  /// since the edit's cues say it (``TextDocument/editMarks``).
  case editMark

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
  let text: String
  let range: TextRange
  /// Made `.code` when the piece is said inside code (literal text).
  var kind: SpeechSegmentKind
  let language: String
  /// Whether the source had whitespace (or a block break) before it.
  let spaceBefore: Bool
  let paragraphBefore: Bool
  /// Source text said as written (a word), as opposed to words we put in.
  let verbatim: Bool
  /// A prosody mark that sticks to the previous piece ("," "." "。").
  let attach: Bool
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
