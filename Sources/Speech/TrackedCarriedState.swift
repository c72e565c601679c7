/// The ``CarriedState`` as the token readers see it: the only mutable state a reader is given
/// (`inout`), with a record of which fields were read before being written, for a builder that
/// renders a chunk from an assumed state (see `SpeechBuilder.continues(_:)`).
///
/// Readers take this `inout` and otherwise only immutable inputs (``NumberToken``, ``ScalarReading``
/// values, ``SharedLexicon``), so anything a reader carries from one token to the next has to be a
/// field here, which the two-core speech compares and adopts; a new field elsewhere does not compile
/// into a reader.
struct TrackedCarriedState {
  /// The values.
  private(set) var state = CarriedState()
  /// The carried fields a chunk has not written yet (empty when rendering from a range's start).
  private(set) var unwritten: CarriedState.Fields = []
  /// The carried fields read while still holding the state assumed at the chunk's start.
  private(set) var assumedReads: CarriedState.Fields = []

  /// Starts from `state`, assumed: every field unwritten, none read.
  mutating func assume(_ assumed: CarriedState) {
    state = assumed
    unwritten = .all
    assumedReads = []
  }

  /// Takes `other`'s values in the fields not written since ``assume(_:)``, and stops tracking.
  mutating func adoptUnwritten(from other: CarriedState) {
    state.adopt(other, fields: unwritten)
    unwritten = []
    assumedReads = []
  }

  // The six accessors below share a shape on purpose: one generic subscript over key paths to
  // `state` made `speak` 2.3× slower (1.45 → 3.35 s on 10 MB; the key paths were not folded).
  @inline(__always) private mutating func reading(_ field: CarriedState.Fields) {
    if unwritten.contains(field) { assumedReads.insert(field) }
  }

  /// The language of the last piece added (it may already be merged into segments); nil before
  /// the first. Only the language is kept: a copy of the piece retained its text for every piece.
  var lastPieceLanguage: String? {
    mutating get { reading(.lastPieceLanguage); return state.lastPieceLanguage }
    set { unwritten.remove(.lastPieceLanguage); state.lastPieceLanguage = newValue }
  }
  /// Whether a space comes before the next piece.
  var pendingSpace: Bool {
    mutating get { reading(.pendingSpace); return state.pendingSpace }
    set { unwritten.remove(.pendingSpace); state.pendingSpace = newValue }
  }
  /// Whether a paragraph break comes before the next piece.
  var pendingParagraph: Bool {
    mutating get { reading(.pendingParagraph); return state.pendingParagraph }
    set { unwritten.remove(.pendingParagraph); state.pendingParagraph = newValue }
  }
  /// Recent words (lower-cased) for colon cues, newest last; reset at block breaks.
  var recentWords: [String] {
    mutating get { reading(.recentWords); return state.recentWords }
    _modify {
      reading(.recentWords)
      unwritten.remove(.recentWords)
      yield &state.recentWords
    }
  }
  /// The last word as written, and whether nothing but spaces came after it (for "John 3:16").
  var lastWord: String? {
    mutating get { reading(.lastWord); return state.lastWord }
    set { unwritten.remove(.lastWord); state.lastWord = newValue }
  }
  /// Whether the last token was a word.
  var lastTokenWasWord: Bool {
    mutating get { reading(.lastTokenWasWord); return state.lastTokenWasWord }
    set { unwritten.remove(.lastTokenWasWord); state.lastTokenWasWord = newValue }
  }
}
