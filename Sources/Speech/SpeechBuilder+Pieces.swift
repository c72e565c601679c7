package import Detection
internal import Glibc
package import ParallelSupport
@_spi(Plumbing) package import TextModel
@_spi(Plumbing) internal import UnicodeSupport

/// The pieces speech is made of: adding a piece with its source range and kind, merging segments,
/// language switches and pauses.
extension SpeechBuilder {
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
