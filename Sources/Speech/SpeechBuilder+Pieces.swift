internal import Detection
internal import Glibc
internal import ParallelSupport
@_spi(Plumbing) internal import TextModel
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
    if kind == .phone, !pendingParagraph, let last = state.output.pieces.last, last.kind == .phone,
      last.range.end < range.start,
      SpeechBuilder.onlySpaces(in: context.document.text.utf8, from: last.range.end, to: range.start)
    {
      state.output.pieces.append(
        Piece(
          text: pauseMark(language), range: TextRange(start: last.range.end, end: last.range.end), kind: .pause,
          language: language, spaceBefore: false, paragraphBefore: false, verbatim: false, attach: true))
    }
    // A line break inside a plain-text paragraph is where the text was wrapped: a space, not a
    // paragraph (the carried state keeps the line break; only the separator changes).
    let paragraphBefore =
      pendingParagraph
      && !(context.document.format == .text && Self.joinsWrappedLine(in: context.document, at: range.start))
    state.output.pieces.append(
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
    context.options.numbers == .words ? numerals(text, language, lexicon: self.lexicon(language)) : text
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
    var previous = state.output.lastMerged
    for piece in state.output.pieces {
      var separator = ""
      // A chunk's first piece follows speech this builder has not seen: after a line break (all a
      // chunk may start with, see `opensWithParagraph`) that only makes its separator a line break.
      let follows = previous != nil || state.assumesEarlierSpeech
      if state.assumesEarlierSpeech {
        state.assumesEarlierSpeech = false
        state.opensWithParagraph = piece.paragraphBefore
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
      let lastIndex = state.output.segments.count - 1
      if lastIndex >= 0, mergeable(piece.kind) || (piece.attach && piece.kind != .pause),
        mergeable(state.output.segments[lastIndex].kind), state.output.segments[lastIndex].language == piece.language,
        separator != "\n",
        state.output.segments[lastIndex].speech.utf8.count < Self.segmentSpeechLimit
      {
        state.output.segments[lastIndex].speech.append(separator)
        state.output.segments[lastIndex].speech.append(piece.text)
        state.output.segments[lastIndex].range.end = max(state.output.segments[lastIndex].range.end, piece.range.end)
      } else {
        let kind: SpeechSegmentKind = piece.kind == .number ? .text : piece.kind
        state.output.segments.append(
          SpeechSegment(
            speech: piece.text, range: piece.range, kind: kind, language: piece.language,
            separator: follows ? separator : ""))
      }
      previous = piece
    }
    state.output.lastMerged = previous
    state.output.pieces.removeAll(keepingCapacity: true)
    if let emit = state.output.emit, state.output.segments.count > 1 {
      let open = state.output.segments.removeLast()
      for finished in state.output.segments { emit(finished) }
      state.output.segments.removeAll(keepingCapacity: true)
      state.output.segments.append(open)
    }
  }

  /// Han or kana: text that the zh or ja lexicon reads (``CJKScalars/isHanOrKana(_:)``).
  static func isCJK(_ scalar: Unicode.Scalar) -> Bool { CJKScalars.isHanOrKana(scalar.value) }
}
