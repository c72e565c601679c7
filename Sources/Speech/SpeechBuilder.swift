internal import TextModel
internal import UnicodeSupport

/// The walker that builds the speech of a range: its methods (here and in the `SpeechBuilder+…`
/// files) read the immutable ``SpeechContext`` and change only the ``SpeechState`` value.
///
/// One walker is used by one thread at a time (a chunk's walker is handed over only through the
/// join of the threads), so its state skips the runtime's exclusivity checks
/// (`@exclusivity(unchecked)`: they were 4% of speaking a text, issue 15).
final class SpeechBuilder {
  /// What the walk reads: document, options, lookups, lexicons.
  let context: SpeechContext
  /// What the walk changes.
  @exclusivity(unchecked) var state = SpeechState()

  init(renderer: SpeechRenderer) { context = SpeechContext(renderer: renderer) }

  /// Number words (``ScalarReading``).
  var numbers: NumberWords { context.numbers }

  /// The carried values.
  var carried: CarriedState { state.carry.state }
  /// The language of the last piece added (``TrackedCarriedState/lastPieceLanguage``).
  var lastPieceLanguage: String? {
    get { state.carry.lastPieceLanguage }
    set { state.carry.lastPieceLanguage = newValue }
  }
  var pendingSpace: Bool {
    get { state.carry.pendingSpace }
    set { state.carry.pendingSpace = newValue }
  }
  var pendingParagraph: Bool {
    get { state.carry.pendingParagraph }
    set { state.carry.pendingParagraph = newValue }
  }
  /// Recent words (lower-cased) for colon cues, newest last; reset at block breaks.
  var recentWords: [String] {
    get { state.carry.recentWords }
    _modify { yield &state.carry.recentWords }
  }
  /// The last word as written, and whether nothing but spaces came after it (for "John 3:16").
  var lastWord: String? {
    get { state.carry.lastWord }
    set { state.carry.lastWord = newValue }
  }
  var lastTokenWasWord: Bool {
    get { state.carry.lastTokenWasWord }
    set { state.carry.lastTokenWasWord = newValue }
  }

  /// The lexicon for a language key or tag, from the context's table (compiled once per process).
  func lexicon(_ language: String) -> SharedLexicon { context.lexicons.lexicon(language) }

  /// The IDNA processor, opened at the first Punycode host.
  var idna: IDNA? {
    if let opened = state.memo.idna { return opened }
    let opened = try? IDNA()
    state.memo.idna = .some(opened)
    return opened
  }

  /// `languages.tag(at: offset)`, looked up again only outside the stretch where the last answer
  /// holds (tokens come in order: two binary searches per token were 2% of speaking a text).
  func languageTag(at offset: Int) -> String { languageStretch(at: offset).tag }

  /// ``languageTag(at:)`` and the offset before which it holds from `offset` on.
  func languageStretch(at offset: Int) -> (tag: String, end: Int) {
    if let held = state.memo.heldTag, offset >= held.start, offset < held.end { return (held.tag, held.end) }
    let (tag, end) = context.languages.tagHolding(at: offset)
    state.memo.heldTag = (offset, end, tag)
    return (tag, end)
  }

  /// ``SpeechLexicon/key(_:)`` of `tag`, remembered for the last tag asked: the tokens of a text
  /// nearly always share their tag, and the key was made anew for each.
  func languageKey(_ tag: String) -> String {
    if let keyed = state.memo.lastKeyed, keyed.tag == tag { return keyed.key }
    let key = SpeechLexicon.key(tag)
    state.memo.lastKeyed = (tag, key)
    return key
  }

  func table(_ language: String, tag: String) -> SymbolTable {
    // A table, once chosen for a key, stays that key's: the last tag's is the same until the tag changes.
    if let last = state.memo.lastTable, last.tag == tag { return last.table }
    let key = SymbolTable.tableKey(tag)
    if let table = state.memo.tables[key] {
      state.memo.lastTable = (tag, table)
      return table
    }
    let symbolTables = context.options.symbolTables
    let table = symbolTables[key] ?? symbolTables[language] ?? SymbolTable.shared(language: tag)
    state.memo.tables[key] = table
    state.memo.lastTable = (tag, table)
    return table
  }
}
