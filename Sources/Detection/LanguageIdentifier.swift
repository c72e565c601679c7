internal import CCLD2
package import ParallelSupport
@_spi(Plumbing) package import TextModel
internal import UnicodeSupport

/// Identifies the language of text that does not declare one: a script that only one language
/// writes decides at once (kana → ja, hangul → ko, Thai → th, from ICU's script property), and
/// everything else goes to CLD2 (Compact Language Detector 2, Debian's libcld2, through the `CCLD2`
/// shim), which scores letter quadgrams and says whether its answer is reliable.
///
/// ```swift
/// LanguageIdentifier().identify("Rufen Sie uns unter dieser Nummer an")?.language   // "de"
/// LanguageIdentifier().identify("お問い合わせ：03-1234-5678")?.language              // "ja"
/// ```
/// A line too short or too mixed to tell gives nil; callers then ask about the whole paragraph
/// (``identifyLine(containing:in:)``).
///
/// - Complexity: O(n) in the bytes identified; CLD2 scores each byte once.
package struct LanguageIdentifier: Sendable {
  /// A language identified from text.
  package struct Identification: Hashable, Sendable {
    /// The BCP 47 tag ("ja", "zh", "zh-Hant", "de").
    package var language: String
    /// How sure the identification is, 0…1.
    package var confidence: Double
    /// What decided: `"script"` (a script one language writes) or `"cld2"` (statistics).
    package var method: String
    /// Other languages the text could as well be in, when the script alone decided among several
    /// (Han with no kana: zh, zh-Hant, zh-HK, ja). Empty when the identification is clear.
    package var alternatives: [String] = []
  }

  /// The languages written in Han without kana, as alternatives to one another.
  static let hanLanguages = ["zh", "zh-Hant", "zh-HK", "ja"]

  /// The most bytes handed to CLD2 for one paragraph (its answer settles long before this).
  package static let maximumBytes = 4096

  /// What the statistics (CLD2) say of some UTF-8 bytes: a language code, the percent of the text
  /// in it, and whether CLD2 calls the answer reliable.
  package struct Statistics: Sendable {
    package var code: String
    package var percent: Double
    package var reliable: Bool

    package init(code: String, percent: Double, reliable: Bool) {
      self.code = code
      self.percent = percent
      self.reliable = reliable
    }
  }

  /// The statistical identification of UTF-8 bytes (a whole number of scalars, at most
  /// ``maximumBytes``): CLD2 (``cld2(_:)``) unless another was given.
  package typealias Scoring = @Sendable (UnsafeBufferPointer<UInt8>) -> Statistics?

  private let scoring: Scoring

  /// An identifier that asks CLD2.
  package init() { scoring = Self.cld2 }

  /// An identifier whose statistics come from `scoring` (a package caller may wrap ``cld2(_:)``,
  /// for instance to count what it is handed).
  package init(scoring: @escaping Scoring) { self.scoring = scoring }

  /// The language of `text`, or nil when the text is too short or unclear to tell.
  package func identify(_ text: some StringProtocol) -> Identification? {
    var copy = String(text)
    return copy.withUTF8 { identify($0[...]) }
  }

  /// The language of the UTF-8 bytes `bytes` (a whole number of scalars; the first `limit` of them
  /// are read), or nil.
  func identify(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, limit: Int = maximumBytes) -> Identification? {
    var end = min(bytes.endIndex, bytes.startIndex + limit)
    while end < bytes.endIndex && end > bytes.startIndex && bytes[end] & 0xC0 == 0x80 { end -= 1 }
    let bytes = bytes[bytes.startIndex..<end]
    var counts = ScriptCounts()
    counts.count(bytes)
    if counts.letters == 0 { return nil }
    let letters = Double(counts.letters)
    // Kana and hangul are written by one language each; Latin letters beside them are names and
    // labels ("CJ ONE 고객센터", "TEL お問い合わせ"), so a quarter of the letters is enough.
    if counts.kana > 0 && counts.kana + counts.han >= 2 && counts.hangul == 0
      && (counts.kana + counts.han) * 4 >= counts.letters
    {
      return Identification(
        language: "ja", confidence: min(0.99, Double(counts.kana + counts.han) / letters), method: "script")
    }
    if counts.hangul >= 2 && counts.kana == 0 && counts.hangul * 4 >= counts.letters {
      return Identification(language: "ko", confidence: min(0.99, Double(counts.hangul) / letters), method: "script")
    }
    if counts.thai * 2 >= counts.letters {
      return Identification(language: "th", confidence: min(0.99, Double(counts.thai) / letters), method: "script")
    }
    let statistics = bytes.isEmpty ? nil : scoring(UnsafeBufferPointer(rebasing: bytes))
    let hanText = counts.han * 2 >= counts.letters
    if let statistics, statistics.reliable {
      // Han beside another language ("辦公室: (03)564-1692 (Manager's Office)") still says where the
      // text may come from: the Han-writing languages stay as alternatives.
      let alternatives =
        counts.han >= 2 ? Self.hanLanguages.filter { $0 != statistics.code } : []
      return Identification(
        language: statistics.code, confidence: statistics.percent, method: "cld2", alternatives: alternatives)
    }
    if counts.vietnamese > 0 && counts.han == 0 {
      // Letters with two diacritics (ộ, ữ) and ơ, ư, đ are written only in Vietnamese.
      return Identification(language: "vi", confidence: 0.7, method: "script")
    }
    if counts.arabic >= 2 && counts.arabic * 2 >= counts.letters {
      // Too little Arabic-script text for CLD2 ("المبيعات :"): Arabic is by far its most written
      // language; Persian and Urdu stay open as alternatives.
      return Identification(language: "ar", confidence: 0.5, method: "script", alternatives: ["fa", "ur"])
    }
    if hanText || counts.han >= 2 {
      // Han with no kana is written in Chinese far more often than in Japanese (Japanese prose
      // uses kana in nearly every sentence). CLD2 tells simplified from traditional even when it
      // has too little text to call itself reliable.
      let code = statistics.map(\.code).flatMap { $0 == "zh" || $0 == "zh-Hant" ? $0 : nil } ?? "zh"
      return Identification(
        language: code, confidence: 0.6, method: "script",
        alternatives: Self.hanLanguages.filter { $0 != code })
    }
    return nil
  }

  /// The language of the line around `offset` in `bytes`, else of its stretch (``Stretches``), or nil.
  func identifyLine(containing offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Identification? {
    var stretches = Stretches(self)
    return stretches.identifyLine(TextSegments.line(containing: offset, in: bytes), in: bytes)
  }

  /// The language of the line around `offset` of `text` (else of its stretch), or nil.
  package func identifyLine(containing offset: Int, in text: String) -> Identification? {
    var copy = text
    return copy.withUTF8 { identifyLine(containing: offset, in: $0) }
  }

  /// Where a line too short or unclear to identify on its own takes its language from, each
  /// stretch identified once (the last one is remembered: lines are asked about in order).
  ///
  /// A line's stretch is its paragraph (the lines around it up to a blank line) when the paragraph
  /// is at most ``maximumBytes`` long; in a longer paragraph, the lines of that paragraph that start
  /// in the same ``maximumBytes``-aligned block of the text as the line, identified from the lines
  /// of the paragraph that start in that block and the block before (context on both sides, as the
  /// 4 KiB before a line gave before). Both depend only on the text around the line (never on
  /// where a scan started), so pieces identified on two threads agree, and identifying every line
  /// of a text hands CLD2 each byte about three times (once in its line, twice in windows). Before, each line
  /// of a long paragraph (100,000 one-line entries with no blank line) was given the 4 KiB before
  /// it, a paragraph of its own: 3.8 s for 2 MB (issue 42).
  struct Stretches {
    let identifier: LanguageIdentifier
    private var last: (range: Range<Int>, found: Identification?)?
    /// The last short texts identified (in the text being read, never copied) and what they said
    /// (``identifyShort(_:)``), the oldest first.
    private var recent: [(text: Slice<UnsafeBufferPointer<UInt8>>, found: Identification?)] = []

    init(_ identifier: LanguageIdentifier) { self.identifier = identifier }

    /// The language of `line` (a line's range, without its line feed), else of its stretch, or nil.
    mutating func identifyLine(_ line: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Identification? {
      if let found = identifyShort(bytes[line]) { return found }
      return identifyStretch(around: line, in: bytes)
    }

    /// Texts up to this long are compared by wording (a line or a number's window; longer text
    /// costs CLD2 more per byte than per call).
    static let shortBytes = 512
    /// How many recent wordings are compared (lists alternate a few: "Tel." and "Fax" lines).
    static let recentLimit = 4

    /// The language of `text`, shared with a recent short text that differs only in its digits.
    ///
    /// What a text says depends on its words alone: ICU's script counts and CLD2 read letters, and
    /// CLD2 reads a digit as a space between words. Lists repeat their wording from line to line
    /// ("Tel. 030 …", "Fax 030 …", "Call 415-555-0132 now"), and CLD2's fixed cost per call (~1.5 µs:
    /// its tables and buffers set up for each text) made 100,000 such lines cost 2.5× their detection
    /// without identification (issue 42): one call per run of a wording. Exact: a text's answer is
    /// its wording's answer. The comparison allocates nothing and stops at the first differing byte,
    /// so text whose lines all differ pays next to nothing for it (a dictionary of copied keys cost
    /// 9% of `detect` on prose).
    mutating func identifyShort(_ text: Slice<UnsafeBufferPointer<UInt8>>) -> Identification? {
      guard text.count <= Self.shortBytes else { return identifier.identify(text) }
      for entry in recent where Self.sameWording(entry.text, text) { return entry.found }
      let found = identifier.identify(text)
      if recent.count == Self.recentLimit { recent.removeFirst() }
      recent.append((text, found))
      return found
    }

    /// Whether `a` and `b` are the same bytes but for ASCII digits (any digit matches any digit).
    static func sameWording(_ a: Slice<UnsafeBufferPointer<UInt8>>, _ b: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
      guard a.count == b.count else { return false }
      var i = a.startIndex
      var j = b.startIndex
      while i < a.endIndex {
        let x = a[i]
        let y = b[j]
        if x != y && (x &- UInt8(ascii: "0") >= 10 || y &- UInt8(ascii: "0") >= 10) { return false }
        i += 1
        j += 1
      }
      return true
    }

    /// The language of the stretch around `line` (nil when the stretch is the line alone or the
    /// line is blank).
    mutating func identifyStretch(around line: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Identification? {
      // A blank line (spaces, tabs, a CR) separates paragraphs and is in none: no stretch.
      if TextSegments.isBlank(bytes[line]) { return nil }
      if let last, last.range.contains(line.lowerBound), line.upperBound <= last.range.upperBound {
        return last.range == line ? nil : last.found
      }
      let (stretch, text) = Self.window(around: line, in: bytes)
      let found = text == line ? nil : identifier.identify(bytes[text], limit: 2 * LanguageIdentifier.maximumBytes)
      last = (stretch, found)
      return found
    }

    /// The stretch around `line` (see ``Stretches``).
    static func stretch(around line: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
      window(around: line, in: bytes).lines
    }

    /// The stretch around `line` (`lines`) and the bytes identified for it (`text`): a short
    /// paragraph both; in a long paragraph, the lines starting in `line`'s block and, as text, those
    /// starting in the block before too (the 4 KiB before a line said its language before, issue 42).
    static func window(around line: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> (
      lines: Range<Int>, text: Range<Int>
    ) {
      let limit = LanguageIdentifier.maximumBytes
      let paragraph = TextSegments.paragraph(containing: line.lowerBound, in: bytes, limit: 2 * limit)
      if paragraph.count <= limit, TextSegments.startsParagraph(paragraph.lowerBound, in: bytes),
        TextSegments.endsParagraph(paragraph.upperBound, in: bytes)
      {
        return (paragraph, paragraph)
      }
      // A long paragraph: its lines that start in the block of `line`'s start.
      let block = line.lowerBound / limit * limit
      /// The first line start at or after `floor` in the paragraph, going back from `start`.
      func firstLine(from start: Int, floor: Int) -> Int {
        var start = start
        while start > paragraph.lowerBound {
          // The previous line starts at `floor` or later when a line feed other than the one
          // before `start` is at `floor - 1` or later.
          var index = start - 2
          while index >= floor - 1 && index >= 0 && bytes[index] != 0x0A { index -= 1 }
          guard index >= floor - 1 && index >= paragraph.lowerBound - 1 else { break }
          start = index + 1
        }
        return start
      }
      let start = firstLine(from: line.lowerBound, floor: block)
      var end = line.upperBound
      while end + 1 < paragraph.upperBound, end + 1 < block + limit {
        end = TextSegments.line(containing: end + 1, in: bytes).upperBound
      }
      end = min(end, paragraph.upperBound)
      return (start..<end, firstLine(from: start, floor: block - limit)..<end)
    }
  }

  /// Language runs, marked as detected, for every line of `document` whose language nothing
  /// declared (no `lang` around it, no document language): one run per stretch of lines that
  /// share a language. From 256 KiB of text the lines are identified on both cores, in
  /// pieces that start at line starts (CLD2 is thread-safe; a line's answer depends on its own bytes and its
  /// paragraph's only), and the runs are made from the pieces in order: the same runs
  /// (`LanguageIdentifierParallelTests`).
  /// - Complexity: O(n): each line is identified once, each paragraph at most once.
  package func detectedRuns(in document: TextDocument) -> [AttributeRun] {
    if document.language != nil { return [] }
    let declared = LanguageRuns(document: document)
    var text = document.text
    return text.withUTF8 { bytes in
      guard !parallelism.isSerial, bytes.count >= tuning.parallelMinimum else {
        return Self.runs(from: identifyLines(in: bytes, from: 0, to: bytes.count, declared: declared))
      }
      // Pieces that start at line starts, many more than threads (about 128 KiB each, at least 8)
      // so that both stay busy to the end: with 8 pieces of a 10 MB text the last piece left one
      // core idle for a tenth of the time (issue 15).
      let pieceCount = max(8, bytes.count >> 17)
      var bounds = [0]
      for piece in 1..<pieceCount {
        var start = max(bounds[bounds.count - 1], bytes.count * piece / pieceCount)
        while start < bytes.count && start > 0 && bytes[start - 1] != 0x0A { start += 1 }
        bounds.append(start)
      }
      bounds.append(bytes.count)
      // Each piece reads the text (a Sendable value) on its own thread and returns its lines.
      let whole = document.text
      let starts = bounds
      let pieces = parallelism.map(pieceCount) { piece in
        var text = whole
        return text.withUTF8 { identifyLines(in: $0, from: starts[piece], to: starts[piece + 1], declared: declared) }
      }
      return Self.runs(from: pieces.joined())
    }
  }

  /// Internal tuning, set only by tests to compare one way of identifying with another.
  var tuning = Tuning()

  /// The identifier's tuning values, set only by tests (through `@testable import`); the defaults are
  /// what the identifier uses.
  struct Tuning: Sendable {
    /// From this many bytes of text, ``detectedRuns(in:)`` identifies lines on two threads (tests
    /// lower it to compare both ways on small texts).
    var parallelMinimum = 256 << 10
  }

  /// The threads ``detectedRuns(in:)`` may use on a large text (the lines' identifications are the
  /// same either way); serial identifies every line on the calling thread.
  package var parallelism: Parallelism = .default

  /// ``detectedRuns(in:)`` for the lines of `document` that `range` touches and the line after them
  /// only: what a reader of one part needs (`browse` speaks an item), at the cost of those lines (and
  /// their stretches) instead of the whole text. Each line's answer depends only on its own bytes
  /// and its stretch's, so the runs agree with ``detectedRuns(in:)`` over those lines.
  /// `declared`: the document's ``LanguageRuns`` when the caller holds them (else they are made).
  package func detectedRuns(
    in document: TextDocument, around range: TextRange, declared: LanguageRuns? = nil
  ) -> [AttributeRun] {
    if document.language != nil { return [] }
    let declared = declared ?? LanguageRuns(document: document)
    var text = document.text
    return text.withUTF8 { bytes in
      let start = TextSegments.line(containing: min(max(range.start, 0), bytes.count), in: bytes).lowerBound
      var end = TextSegments.line(containing: min(max(range.end, 0), bytes.count), in: bytes).upperBound
      if end < bytes.count { end = TextSegments.line(containing: end + 1, in: bytes).upperBound }
      return Self.runs(from: identifyLines(in: bytes, from: start, to: min(end + 1, bytes.count), declared: declared))
    }
  }

  /// The identification of each line starting in `start..<end` whose language nothing declared
  /// (else its paragraph's), in order; lines with none are left out.
  private func identifyLines(
    in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, declared: LanguageRuns
  ) -> [(TextRange, Identification)] {
    var found: [(TextRange, Identification)] = []
    var stretches = Stretches(self)
    var start = start
    while start < end {
      let line = TextSegments.line(containing: start, in: bytes)
      defer { start = line.upperBound + 1 }
      guard !line.isEmpty, declared.tag(at: line.lowerBound) == nil else { continue }
      if let identification = stretches.identifyLine(line, in: bytes) {
        found.append((TextRange(start: line.lowerBound, end: line.upperBound), identification))
      }
    }
    return found
  }

  /// One run per stretch of adjacent lines that share a language (the lowest confidence kept).
  private static func runs(from lines: some Sequence<(TextRange, Identification)>) -> [AttributeRun] {
    var runs: [AttributeRun] = []
    for (range, found) in lines {
      if let last = runs.last, case .detectedLanguage(let tag, let confidence) = last.attribute,
        tag == found.language, last.range.end + 1 == range.start
      {
        runs[runs.count - 1] = AttributeRun(
          range: TextRange(start: last.range.start, end: range.end),
          attribute: .detectedLanguage(tag, confidence: min(confidence, found.confidence)))
      } else {
        runs.append(
          AttributeRun(range: range, attribute: .detectedLanguage(found.language, confidence: found.confidence)))
      }
    }
    return runs
  }

  /// `document` with ``detectedRuns(in:)`` added to its runs (in start order). The document is
  /// consumed: passed as its last use, its runs are extended in place instead of copied (a copy of a
  /// large page's runs was 10 MB at the peak of `rotor` and `browse`).
  package func annotating(_ document: consuming TextDocument) -> TextDocument {
    let detected = detectedRuns(in: document)
    guard !detected.isEmpty else { return document }
    var annotated = consume document
    annotated.runs.append(contentsOf: detected)
    annotated.runs.sort { ($0.range.start, -$0.range.end) < ($1.range.start, -$1.range.end) }
    return annotated
  }

  // MARK: - CLD2

  /// What CLD2 says of `bytes` (nil when it names no language).
  package static func cld2(_ bytes: UnsafeBufferPointer<UInt8>) -> Statistics? {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return nil }
    var result = ccld2_result()
    let start = UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
    let found = ccld2_identify(start, Int32(bytes.count), &result)
    guard found != 0 else { return nil }
    let code = withUnsafeBytes(of: &result.code) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    guard LanguageTag.isWellFormed(code), code != "un", code != "xxx" else { return nil }
    return Statistics(code: code, percent: Double(result.percent) / 100, reliable: result.is_reliable != 0)
  }
}

/// Letters of a stretch of text counted by the scripts that decide a language on their own.
struct ScriptCounts {
  var letters = 0
  var kana = 0
  var hangul = 0
  var thai = 0
  var han = 0
  var arabic = 0
  var vietnamese = 0

  // ICU UScriptCode values (uscript.h): USCRIPT_ARABIC 2, USCRIPT_HAN 17, HANGUL 18, HIRAGANA 20, KATAKANA 22, THAI 38.
  mutating func count(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) {
    var index = bytes.startIndex
    while index < bytes.endIndex {
      // Eight ASCII bytes at a time: their letters counted in the word (`asciiLetters`), a tenth of
      // the per-byte loop's instructions on English text (issue 15).
      if let base = bytes.base.baseAddress {
        let raw = UnsafeRawPointer(base)
        while index + 8 <= bytes.endIndex {
          let word = ByteWords.load(raw, at: index)
          guard !ByteWords.hasNonASCII(word) else { break }
          letters += Self.asciiLetters(word)
          index += 8
        }
        if index == bytes.endIndex { break }
      }
      let byte = bytes[index]
      if byte < 0x80 {
        if (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A { letters += 1 }
        index += 1
        continue
      }
      let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
      guard index + length <= bytes.endIndex else { break }
      var value = UInt32(byte) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
      for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
      index += length
      guard let scalar = Unicode.Scalar(value), CharacterProperties.isLetter(scalar) else { continue }
      letters += 1
      if (0x1EA0...0x1EF9).contains(value) || [0x01A0, 0x01A1, 0x01AF, 0x01B0, 0x0110, 0x0111].contains(value) {
        vietnamese += 1
        continue
      }
      switch CharacterProperties.scriptCode(scalar) {
      case 17: han += 1
      case 18: hangul += 1
      case 20, 22: kana += 1
      case 38: thai += 1
      case 2: arabic += 1
      default: break
      }
    }
  }
}

extension ScriptCounts {
  /// The ASCII letters (A–Z, a–z) among the eight bytes of `word`, all of them below 0x80: each
  /// byte lower-cased by setting 0x20 is a letter when it is at least "a" and below "{", which
  /// adding 0x1F and 0x05 carries into its high bit (no carry crosses bytes below 0x80).
  /// `LanguageIdentifierTests` compares with counting byte by byte.
  static func asciiLetters(_ word: UInt64) -> Int {
    let lowered = word | 0x2020_2020_2020_2020
    let atLeastA = lowered &+ 0x1F1F_1F1F_1F1F_1F1F
    let pastZ = lowered &+ 0x0505_0505_0505_0505
    return (atLeastA & ~pastZ & 0x8080_8080_8080_8080).nonzeroBitCount
  }
}

/// Lines and paragraphs of UTF-8 text, as byte ranges.
enum TextSegments {
  /// The line around `offset`, without its line break.
  static func line(containing offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
    var start = min(offset, bytes.count)
    while start > 0 && bytes[start - 1] != 0x0A { start -= 1 }
    var end = min(offset, bytes.count)
    while end < bytes.count && bytes[end] != 0x0A { end += 1 }
    return start..<end
  }

  /// At most `radius` bytes either side of `offset` inside `range`, cut at scalar boundaries.
  static func window(around offset: Int, within range: Range<Int>, radius: Int, in bytes: UnsafeBufferPointer<UInt8>)
    -> Range<Int>
  {
    var start = max(range.lowerBound, offset - radius)
    while start > range.lowerBound && bytes[start] & 0xC0 == 0x80 { start -= 1 }
    var end = min(range.upperBound, offset + radius)
    while end < range.upperBound && bytes[end] & 0xC0 == 0x80 { end += 1 }
    return start..<end
  }

  /// The lines around `offset` up to a blank line, at most `limit` bytes either side (cut at a line).
  static func paragraph(containing offset: Int, in bytes: UnsafeBufferPointer<UInt8>, limit: Int) -> Range<Int> {
    let line = line(containing: offset, in: bytes)
    var start = line.lowerBound
    while start >= 2 && line.lowerBound - start < limit {
      let previous = Self.line(containing: start - 1, in: bytes)
      if previous.isEmpty || isBlank(bytes[previous]) { break }
      start = previous.lowerBound
    }
    var end = line.upperBound
    while end + 1 < bytes.count && end - line.upperBound < limit {
      let next = Self.line(containing: end + 1, in: bytes)
      if next.isEmpty || isBlank(bytes[next]) { break }
      end = next.upperBound
    }
    return start..<end
  }

  /// Whether a paragraph found from a line starts at `start` because nothing but a blank line or
  /// the text's start is before it (not because a limit stopped the search).
  static func startsParagraph(_ start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard start >= 2 else { return true }
    let previous = line(containing: start - 1, in: bytes)
    return previous.isEmpty || isBlank(bytes[previous])
  }

  /// Whether a paragraph found from a line ends at `end` because a blank line or the text's end
  /// follows.
  static func endsParagraph(_ end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard end + 1 < bytes.count else { return true }
    let next = line(containing: end + 1, in: bytes)
    return next.isEmpty || isBlank(bytes[next])
  }

  static func isBlank(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
    bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
  }
}
