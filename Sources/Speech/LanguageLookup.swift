internal import Detection
@_spi(Plumbing) internal import TextModel

/// The language in force at each offset: the innermost declared language run, else a language
/// identified from the text, else the document's language, else the requested locale
/// (``LanguageRuns`` does the flattening and the binary search), and the lexicons of every
/// language it can answer (``LexiconTable``).
struct LanguageLookup: Sendable {
  private let runs: LanguageRuns
  let fallback: String
  /// Languages identified for part of the text after the document was read, in order, not
  /// overlapping (`SpeechRenderer/identifyingLanguages(around:)`); consulted where neither a
  /// declared language nor a run of the document holds.
  private var overlay: [AttributeRun] = []
  /// The lexicons of the languages of the document's runs, the overlay and the fallback.
  private(set) var lexicons: LexiconTable

  /// A tag that is not well-formed BCP 47 (`lang="../../x"`, markup) is skipped: the enclosing
  /// language, the document's, the requested locale or "en" applies instead.
  init(document: TextDocument, fallback: String) {
    let fallback = [document.language, fallback].compactMap { $0 }.first(where: LanguageTag.isWellFormed) ?? "en"
    self.fallback = fallback
    runs = LanguageRuns(document: document)
    lexicons = LexiconTable(languagesOf: document.runs, and: fallback)
  }

  /// The document's language runs (declared, and any identified when it was read).
  var declaredRuns: LanguageRuns { runs }

  /// This lookup with `identified` (detected-language runs, in order) consulted where nothing else
  /// holds.
  func adding(_ identified: [AttributeRun]) -> LanguageLookup {
    var copy = self
    copy.overlay = identified
    copy.lexicons = lexicons.adding(languagesOf: identified)
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
