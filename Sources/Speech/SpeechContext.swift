internal import Detection
internal import TextModel
internal import UnicodeSupport

/// What one rendering reads and never changes: the renderer's settings, the document, the options,
/// the language lookup and the lexicons. The normalizer and the number words are memos of ICU
/// work (the same answer to the same question), made once per walker and shared by reference.
///
/// A ``SpeechBuilder`` (the walker) reads its context and changes only its ``SpeechState``.
struct SpeechContext {
  /// The renderer: detections, edit ends and tuning.
  let renderer: SpeechRenderer
  let document: TextDocument
  let options: SpeechOptions
  /// The language in force at each offset.
  let languages: LanguageLookup
  /// The lexicons of the languages `languages` knows, compiled once per process (``LexiconTable``).
  let lexicons: LexiconTable
  let normalizer = SpeechNormalizer()
  let numbers = NumberWords()

  init(renderer: SpeechRenderer) {
    self.renderer = renderer
    document = renderer.document
    options = renderer.options
    languages = renderer.languages
    lexicons = renderer.languages.lexicons
  }
}

/// Everything a walker changes while it renders, grouped: what carries from token to token (and
/// decides whether a chunk rendered on another thread may be taken), the speech made so far, and
/// the memos of language lookups.
struct SpeechState {
  /// What carries from one token to the next (see ``CarriedState``), read and written through the
  /// walker's forwarding properties (and handed `inout` to the number readers) so that a walker
  /// rendering a chunk of a range from an assumed state knows which of it the chunk's speech
  /// depended on (``TrackedCarriedState/assumedReads``).
  var carry = TrackedCarriedState()
  /// Pieces, segments and where finished segments go.
  var output = SpeechOutput()
  /// Where the last span said digit by digit ended (-1: none yet): a next one after only spaces
  /// gets a pause first (``SpecialSpan/readsDigits``).
  var digitSpanEnd = -1
  /// Whether this walker renders a chunk after speech it has not seen (its first segment then gets
  /// the separator from earlier speech), and whether that first piece opened a paragraph.
  var assumesEarlierSpeech = false
  var opensWithParagraph = false
  /// The last answers of the language and symbol-table lookups.
  var memo = LanguageMemo()
}

/// The speech a walker has made: pieces not yet merged, the segments (the last one still open to
/// the next piece), and the sink finished segments go to when the script is streamed.
struct SpeechOutput {
  var pieces: [Piece] = []
  /// The last piece merged into `segments`: the "previous" of the next merge.
  var lastMerged: Piece?
  var segments: [SpeechSegment] = []
  /// Where finished segments go when the script is streamed; the last segment stays in `segments`
  /// while a later piece may still join it.
  var emit: ((SpeechSegment) -> Void)?
}

/// The walker's memos of lookups whose answers depend only on their question and the context:
/// tokens come in order and nearly always share their language, so the last answer is kept.
struct LanguageMemo {
  /// The tag ``SpeechBuilder/languageTag(at:)`` last found and the offsets over which it holds.
  var heldTag: (start: Int, end: Int, tag: String)?
  /// The last tag given to ``SpeechBuilder/languageKey(_:)`` and its key.
  var lastKeyed: (tag: String, key: String)?
  /// The symbol table chosen for each table key, and the last tag asked with its table.
  var tables: [String: SymbolTable] = [:]
  var lastTable: (tag: String, table: SymbolTable)?
  /// ``SpeechBuilder/proseMarks(language:tag:)`` of every tag asked (a text's language changes often).
  var proseMarksByTag: [String: ProseMarks] = [:]
  /// The IDNA processor for Punycode hosts, opened at the first one (nil inside: opening failed).
  var idna: IDNA??
}
