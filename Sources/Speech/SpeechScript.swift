public import TextModel

/// What a spoken segment is, for SSML `say-as` and for callers that follow the speech.
public enum SpeechSegmentKind: String, Sendable {
  case text, ratio, time, duration, verse, score, date, range, number, phone, email, link, abbreviation, code, spelled,
    pause
}

/// One piece of speech and the source range it says.
public struct SpeechSegment: Hashable, Sendable {
  /// What to say.
  public package(set) var speech: String
  /// The document text range (UTF-8 offsets) it comes from.
  public package(set) var range: TextRange
  /// What the segment is (text, number, e-mail part, phone digits…).
  public package(set) var kind: SpeechSegmentKind
  /// The language it is spoken in (the lexicon key: en, zh, ja, vi, ar…).
  public package(set) var language: String
  /// What separates it from the previous segment in plain text: "", " " or "\n".
  public package(set) var separator: String

  /// A segment saying `speech` for the text in `range`.
  package init(speech: String, range: TextRange, kind: SpeechSegmentKind, language: String, separator: String) {
    self.speech = speech
    self.range = range
    self.kind = kind
    self.language = language
    self.separator = separator
  }
}

/// Rendered speech for a range of a document: segments in reading order, each mapped to its source.
public struct SpeechScript: Sendable {
  /// The segments in reading order.
  public package(set) var segments: [SpeechSegment]
  /// The main language (the document's, else the requested locale).
  public package(set) var language: String
  /// The punctuation level the script was rendered at.
  public package(set) var punctuation: PunctuationLevel

  /// The speech as plain text, one line per block.
  public func plainText() -> String {
    var out = ""
    forEachPlainTextPiece { out += $0 }
    return out
  }

  /// The pieces of ``plainText()`` in order (speech and the separators between), for a writer that
  /// streams them instead of holding the whole text.
  package func forEachPlainTextPiece(_ body: (String) -> Void) {
    var joiner = PlainTextJoiner()
    for segment in segments { joiner.pieces(of: segment, body) }
  }

  /// Runs of consecutive segments in the same language, as plain text (for one synthesizer voice each).
  ///
  /// Every run's language is a well-formed BCP 47 tag (see `safeLanguage(_:)`), so it can be
  /// passed on as a voice name: a tag from a document's `lang` attribute never reaches a synthesizer
  /// as a path or an option.
  public func languageRuns() -> [(language: String, text: String)] {
    var runs: [(language: String, text: String)] = []
    for segment in segments where !segment.speech.isEmpty {
      let language = safeLanguage(segment.language)
      if let last = runs.last, last.language == language {
        runs[runs.count - 1].text += segment.separator + segment.speech
      } else {
        runs.append((language, segment.speech))
      }
    }
    return runs
  }

  /// The script's main language if it is a well-formed BCP 47 tag, else "en".
  package var safeMainLanguage: String { LanguageTag.isWellFormed(language) ? language : "en" }

  /// `tag` if it is a well-formed BCP 47 tag, else the main language (``safeMainLanguage``).
  /// Segments and scripts are public values that anyone can build, so the check is made here,
  /// where a tag leaves as markup or as a voice name, whatever the renderer did before.
  package func safeLanguage(_ tag: String) -> String {
    LanguageTag.isWellFormed(tag) ? tag : safeMainLanguage
  }
}

/// Joins segments into ``SpeechScript/plainText()``: a segment's separator comes before it once
/// anything has been said. One rule for the whole script and for segments streamed one at a time.
package struct PlainTextJoiner: Sendable {
  /// Whether anything was said before the next segment (assumed so after unseen speech).
  private var wroteAny = false
  /// Whether this joiner itself handed on any speech, and the bytes of separators it handed on
  /// before that (written only because of the assumption).
  private var spoke = false
  private var bytesBeforeSpeech = 0

  package init() {}

  /// A joiner for segments that follow speech it does not see (a chunk made on another core): it
  /// writes separators as if something had been said; ``take(_:wrote:_:)`` corrects that (package
  /// plumbing: Output's writers on two cores).
  package init(afterUnseenSpeech: Void) { wroteAny = true }

  /// Hands `segment`'s pieces of plain text (its separator, when due, and its speech) to `body`.
  package mutating func pieces(of segment: SpeechSegment, _ body: (String) -> Void) {
    if wroteAny && !segment.separator.isEmpty {
      body(segment.separator)
      if !spoke { bytesBeforeSpeech += segment.separator.utf8.count }
    }
    if !segment.speech.isEmpty {
      body(segment.speech)
      wroteAny = true
      spoke = true
    }
  }

  /// Hands on `bytes`, all that `other` (made with ``init(afterUnseenSpeech:)`` for the segments that
  /// come next) handed on, as this joiner would have joined those segments: without the separators
  /// before the first speech when nothing has been said yet.
  package mutating func take(_ other: PlainTextJoiner, wrote bytes: [UInt8], _ body: (ArraySlice<UInt8>) -> Void) {
    body(bytes[(wroteAny ? 0 : other.bytesBeforeSpeech)...])
    if other.spoke { wroteAny = true }
  }
}
