package import TextModel

/// Words that open an alert in running text ("Warning:", "注意：", "Cảnh báo:", "تحذير:", "⚠"), in
/// English, Chinese, Japanese, Vietnamese and Arabic, with the severity each implies.
///
/// A cue counts at the start of a line (after optional spaces, bullets or a list number) when it is
/// followed by a colon (ASCII or fullwidth), a dash, or, for symbols, anything.
package struct AlertCue: Hashable, Sendable {
  /// The cue as written, matched case-insensitively for Latin script.
  package var word: String
  /// The severity the cue implies.
  package var severity: AlertSeverity
  /// Whether the cue is a symbol that needs no colon after it.
  package var isSymbol: Bool

  /// A cue `word` (matched case-insensitively at a word start) of `severity`; `isSymbol` for "⚠" and the like.
  package init(_ word: String, _ severity: AlertSeverity, isSymbol: Bool = false) {
    self.word = word
    self.severity = severity
    self.isSymbol = isSymbol
  }

  /// The built-in cues.
  package static let builtIn: [AlertCue] = [
    // English
    AlertCue("danger", .critical), AlertCue("critical", .critical), AlertCue("emergency", .critical),
    AlertCue("warning", .warning), AlertCue("caution", .warning), AlertCue("alert", .warning),
    AlertCue("important", .warning), AlertCue("attention", .warning),
    AlertCue("notice", .info), AlertCue("note", .info),
    // Chinese (Simplified and Traditional)
    AlertCue("危险", .critical), AlertCue("危險", .critical), AlertCue("警告", .warning), AlertCue("注意", .warning),
    AlertCue("重要", .warning), AlertCue("小心", .warning), AlertCue("提示", .info), AlertCue("通知", .info),
    // Japanese
    AlertCue("危険", .critical), AlertCue("ご注意", .warning), AlertCue("お知らせ", .info),
    // Vietnamese
    AlertCue("nguy hiểm", .critical), AlertCue("cảnh báo", .warning), AlertCue("chú ý", .warning),
    AlertCue("quan trọng", .warning), AlertCue("lưu ý", .info), AlertCue("thông báo", .info),
    // Arabic
    AlertCue("خطر", .critical), AlertCue("تحذير", .warning), AlertCue("تنبيه", .warning), AlertCue("انتباه", .warning),
    AlertCue("هام", .warning), AlertCue("مهم", .warning), AlertCue("ملاحظة", .info),
    // Symbols
    AlertCue("🚨", .critical, isSymbol: true), AlertCue("⛔", .critical, isSymbol: true),
    AlertCue("⚠", .warning, isSymbol: true), AlertCue("❗", .warning, isSymbol: true),
    AlertCue("❕", .warning, isSymbol: true),
    AlertCue("ℹ", .info, isSymbol: true),
  ]
}

/// Finds the alert cue that opens a line, among a given list of cues (the built-in ones, plus any a
/// rules file adds). Build one per list: it precomputes a table of the cues' first two bytes, so a
/// line that starts no cue (nearly every line) is rejected in O(1).
package struct AlertCueMatcher: Sendable {
  /// The cues, longest first (so "ご注意" wins over "注意").
  package let cues: [AlertCue]
  /// The first two bytes of every cue (ASCII letters folded to lowercase), as a 64 Ki-entry table.
  private let firstPairs: [Bool]
  /// For each cue (same order as ``cues``): the first-pair keys its spellings start with, and its
  /// UTF-8 bytes when the cue is all ASCII (for the byte prefilter in ``match(atStartOf:)``).
  private let shapes: [(pairs: [Int], ascii: [UInt8]?)]

  /// The built-in cues' matcher, built once.
  package static let builtIn = AlertCueMatcher(cues: AlertCue.builtIn)

  /// Compiles `cues` for matching (longest cue first at each position).
  package init(cues: [AlertCue]) {
    self.cues = cues.sorted { $0.word.count > $1.word.count }
    var table = [Bool](repeating: false, count: 1 << 16)
    shapes = self.cues.map { cue in
      var pairs: [Int] = []
      for variant in [cue.word, cue.word.uppercased(), cue.word.prefix(1).uppercased() + cue.word.dropFirst()] {
        let bytes = Array(variant.utf8)
        guard let first = bytes.first else { continue }
        let key = Self.pairKey(first, bytes.count > 1 ? bytes[1] : 0)
        table[key] = true
        if !pairs.contains(key) { pairs.append(key) }
      }
      let bytes = Array(cue.word.utf8)
      return (pairs, bytes.allSatisfy { $0 < 0x80 } ? bytes : nil)
    }
    firstPairs = table
  }

  /// The cue that opens `line`, if any, with the UTF-8 length of the prefix it occupies (cue plus
  /// colon). Leading spaces, bullets ("-", "*", "•") and direction marks are skipped.
  package func match(atStartOf line: Substring) -> (cue: AlertCue, prefixLength: Int)? {
    var line = line
    return line.withUTF8 { match(atStartOf: $0) }.map { (cues[$0.cueIndex], $0.prefixLength) }
  }

  @inline(__always)
  private static func pairKey(_ first: UInt8, _ second: UInt8) -> Int {
    func fold(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
    return Int(fold(first)) << 8 | Int(fold(second))
  }

  /// The byte-level matcher: index of the matching cue in ``cues`` and the prefix length.
  /// - Complexity: O(1) for lines whose first significant bytes start no cue (nearly all lines).
  package func match(atStartOf line: UnsafeBufferPointer<UInt8>) -> (cueIndex: Int, prefixLength: Int)? {
    var index = 0
    let count = line.count
    // Skip spaces, tabs, "-", "*", "_", "•" (E2 80 A2), LRM/RLM (E2 80 8E/8F), BOM (EF BB BF).
    while index < count {
      let byte = line[index]
      if byte == 0x20 || byte == 0x09 || byte == 0x2D || byte == 0x2A || byte == 0x5F {
        index += 1
      } else if byte == 0xE2, index + 2 < count, line[index + 1] == 0x80,
        line[index + 2] == 0xA2 || line[index + 2] == 0x8E || line[index + 2] == 0x8F
      {
        index += 3
      } else if byte == 0xEF, index + 2 < count, line[index + 1] == 0xBB, line[index + 2] == 0xBF {
        index += 3
      } else {
        break
      }
    }
    guard index < count else { return nil }
    // Symbols are a single scalar: their two first bytes are both in the scalar.
    let second = index + 1 < count ? line[index + 1] : 0
    let key = Self.pairKey(line[index], second)
    if !firstPairs[key] { return nil }
    // Rare path: compare with Unicode-aware lowercasing on a short prefix. Only cues that start
    // with this pair are compared, and an ASCII cue first byte by byte (`mayStart`), so a line
    // that merely begins like a cue ("Camp", "Notebook") makes no string at all.
    let windowEnd = Swift.min(count, index + 48)
    var prefix: (rest: String, lowered: String)?
    for (cueIndex, cue) in cues.enumerated() {
      let shape = shapes[cueIndex]
      guard shape.pairs.contains(key) else { continue }
      if let ascii = shape.ascii, !Self.mayStart(ascii, line, at: index, before: windowEnd) { continue }
      if prefix == nil {
        let rest = String(decoding: UnsafeBufferPointer(rebasing: line[index..<windowEnd]), as: UTF8.self)
        prefix = (rest, rest.lowercased())
      }
      guard let (rest, lowered) = prefix, lowered.hasPrefix(cue.word) else { continue }
      if cue.isSymbol {
        return (cueIndex, index + cue.word.utf8.count)
      }
      let afterCue = lowered.dropFirst(cue.word.count)
      // A Latin cue must end at a word boundary ("Noteworthy:" is not "Note:").
      if let c = afterCue.first, c.isLetter { continue }
      let trimmed = afterCue.drop { $0 == "*" || $0 == "_" || $0 == " " }
      guard let next = trimmed.first,
        next == ":" || next == "：" || next == "-" || next == "—" || next == "!" || next == "！"
      else { continue }
      let consumedCharacters = lowered.count - trimmed.count + 1
      return (cueIndex, index + rest.prefix(consumedCharacters).utf8.count)
    }
    return nil
  }

  /// False only when `lowercased(line[start..<end]).hasPrefix(cue)` is certainly false for the
  /// all-ASCII `cue`: the line's bytes up to the cue's length are ASCII and, folded to lowercase,
  /// differ from it (or the window ends first). ASCII lowercases to ASCII and only "\r\n" joins
  /// ASCII into one `Character`, so there the comparison is byte for byte; at the first non-ASCII
  /// byte (a letter that may lowercase to ASCII, "K" Kelvin; a combining mark) it answers true
  /// and the Unicode comparison decides (`AlertDetectorTests`, against matching without it).
  @inline(__always)
  static func mayStart(_ cue: [UInt8], _ line: UnsafeBufferPointer<UInt8>, at start: Int, before end: Int) -> Bool {
    for (offset, expected) in cue.enumerated() {
      let position = start + offset
      guard position < end else { return false }
      let byte = line[position]
      if byte >= 0x80 { return true }
      if (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) != expected { return false }
    }
    return true
  }
}
