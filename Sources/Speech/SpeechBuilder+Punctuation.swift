@_spi(Plumbing) internal import TextModel
internal import UnicodeSupport

/// Punctuation and symbols (pauses, symbol names at the punctuation level, quotes and brackets),
/// and where a number starts.
extension SpeechBuilder {
  func pauseMark(_ language: String) -> String {
    switch language {
    case "zh": "，"
    case "ja": "、"
    case "ar": "،"
    default: ","
    }
  }

  /// Speaks the mark at `i` (one source character, or "..." as one ellipsis) and returns where it
  /// ends: a range's wave dash or a date's weekday marks where the lexicon reads them
  /// (``waveDashRange(_:_:end:_:previous:lexicon:language:)``, ``weekdayMarks(_:_:end:_:previous:lexicon:language:)``),
  /// a mark that prose gives a meaning (``proseMark(_:_:end:info:context:)``), else its table entry
  /// at the punctuation level (``say(_:_:original:range:level:character:language:)``). `literal`
  /// (code, kbd) names every mark and interprets nothing.
  func symbol(_ s: [SourcedScalar], _ i: Int, tag: String, language: String, literal: Bool) -> Int {
    // One source character (an emoji sequence is several scalars).
    var j = i + 1
    while j < s.count, s[j].start == s[i].start { j += 1 }
    var text = string(s, i, j)
    var original = String(context.document[TextRange(start: s[i].start, end: s[i].end)])
    let previous: Unicode.Scalar? = i > 0 ? s[i - 1].scalar : nil
    let next: Unicode.Scalar? = j < s.count ? s[j].scalar : nil
    let atBoundary = next == nil || next!.isSpeechWhitespace || "\"')]}”’」』）".unicodeScalars.contains(next!)
    let afterText = previous.map { !$0.isSpeechWhitespace } ?? (lastPieceLanguage != nil && !pendingSpace)
    var level = context.options.punctuation
    if literal { level = max(level, .all) }
    let table = self.table(language, tag: tag)
    var end = j

    // "..." is one ellipsis.
    if text == ".", j + 1 < s.count, s[j].scalar == ".", s[j + 1].scalar == "." {
      end = j + 2
      while end < s.count, s[end].scalar == "." { end += 1 }
      text = "…"
      original = "…"
    }
    guard let character = text.first, text.count == 1 else { return end }
    var info = table[character] ?? SpeechBuilder.fallbackInfo(character, s[i].scalar, language: language)
    let lexicon = self.lexicon(language)
    if !literal,
      let after = waveDashRange(s, i, end: end, character, previous: previous, lexicon: lexicon, language: language)
        ?? weekdayMarks(s, i, end: end, character, previous: previous, lexicon: lexicon, language: language)
        ?? cjkMark(s, i, end: end, character, previous: previous, lexicon: lexicon, language: language)
    {
      return after
    }
    let range = source(s, i, end)
    // A vulgar fraction ("½", "¾") is the number it stands for, said as the language says
    // fractions ("one half"), not Unicode's name ("vulgar fraction one half").
    if !literal, let fraction = lexicon.fraction,
      let (numerator, denominator) = SpeechBuilder.vulgarFraction(s[i].scalar)
    {
      var spoken =
        lexicon.regionalFraction.flatMap { regional in
          LocaleInfo.declaredRegion(forLanguageTag: tag).flatMap { regional(numerator, denominator, $0) }
        } ?? fraction(numerator, denominator, numbers.ordinal(denominator, language: language))
      // "6½" is six and a half, and so is "6 ½" (one space between the number and its fraction).
      let afterSpacedNumber =
        i >= 2 && s[i - 1].scalar.isSpeechWhitespace && s[i - 1].scalar != "\n" && s[i - 2].scalar.isASCIIDigit
      if let previous, previous.isASCIIDigit || afterSpacedNumber {
        spoken = lexicon.mixedNumber("", spoken, numerator == "1" && denominator == "2")
        while spoken.first == " " { spoken.removeFirst() }
      }
      add(numerals(spoken, language), range, kind: .number, language: language)
      return end
    }

    if !literal {
      let context = MarkContext(
        character: character, next: next, atBoundary: atBoundary, afterText: afterText, level: level, range: range,
        language: language, lexicon: lexicon)
      if proseMark(s, i, end: end, info: &info, context: context) { return end }
    } else {
      info.preserve = false
    }
    say(info, s[i].scalar, original: original, range: range, level: level, character: character, language: language)
    return end
  }

  /// "1月〜12月", "3〜4月": a wave dash between numbers or dates is a range where the lexicon says
  /// so. Says it and returns `end`, or nil.
  private func waveDashRange(
    _ s: [SourcedScalar], _ i: Int, end: Int, _ character: Character, previous: Unicode.Scalar?,
    lexicon: SharedLexicon, language: String
  ) -> Int? {
    guard lexicon.tildeIsRange, "〜～~".contains(character), let previous,
      previous.isASCIIDigit || SpeechBuilder.isCJK(previous)
    else { return nil }
    let after = skipSpaces(s, end)
    guard after < s.count, s[after].scalar.isASCIIDigit || SpeechBuilder.isCJK(s[after].scalar) else { return nil }
    add(lexicon.range, source(s, i, end), kind: .range, language: language)
    return end
  }

  /// "5月30日(日)": a weekday or holiday mark in parentheses after a date is said as its word. Says
  /// them and returns where the parentheses end, or nil.
  private func weekdayMarks(
    _ s: [SourcedScalar], _ i: Int, end: Int, _ character: Character, previous: Unicode.Scalar?,
    lexicon: SharedLexicon, language: String
  ) -> Int? {
    guard !lexicon.dayMarks.isEmpty, character == "(" || character == "（", previous == "日" else { return nil }
    var k = end
    var words: [String] = []
    while k < s.count, let mark = Character(String(s[k].scalar)) as Character?, let word = lexicon.dayMarks[mark] {
      words.append(word)
      k += 1
      if k < s.count, s[k].scalar == "・" || s[k].scalar == "," || s[k].scalar == "、" { k += 1 }
      // "(月〜金)": a range of weekdays.
      if k + 1 < s.count, lexicon.tildeIsRange, "〜～~".unicodeScalars.contains(s[k].scalar),
        lexicon.dayMarks[Character(String(s[k + 1].scalar))] != nil
      {
        words.append(lexicon.range)
        k += 1
      }
    }
    guard !words.isEmpty, k < s.count, s[k].scalar == ")" || s[k].scalar == "）" else { return nil }
    add(lexicon.join(words), source(s, i, k + 1), kind: .date, language: language)
    return k + 1
  }

  /// What ``proseMark(_:_:end:info:context:)`` reads about a mark and its neighbours.
  struct MarkContext {
    let character: Character
    /// The scalar after the mark, if any.
    let next: Unicode.Scalar?
    /// Whether whitespace, a closing quote or bracket, or the end follows.
    let atBoundary: Bool
    /// Whether text (not whitespace) comes right before.
    let afterText: Bool
    let level: PunctuationLevel
    let range: TextRange
    let language: String
    let lexicon: SharedLexicon
  }

  /// The marks prose gives a meaning: a sentence end (named only at "all", kept for the pause; cue
  /// words do not reach past it), a label's colon ("Note: …", a pause), "#" before a number
  /// ("number 5") or not ("hash"), ";" kept only at a boundary, "&" said "and" below its level.
  /// Adjusts `info`, or says the mark and returns true.
  private func proseMark(_ s: [SourcedScalar], _ i: Int, end: Int, info: inout SymbolInfo, context: MarkContext) -> Bool
  {
    let (character, range, language) = (context.character, context.range, context.language)
    switch character {
    case ".", "!", "?", "。", "！", "？":
      // Sentence ending: named only at "all"; the mark always stays for the pause. Cue words
      // ("dilute", "score") do not reach into the next sentence.
      if (context.atBoundary && context.afterText) || character == "。" || character == "！" || character == "？" {
        info.level = .all
        info.preserve = true
        recentWords.removeAll()
      } else if character == "." {
        info.level = .some; info.preserve = false
      }
    case ":":
      // A label: "Note: …", "警告：旧标识" (no space after a fullwidth colon), but not "a:b" or "std::".
      let labelNext =
        context.next.map {
          !($0.isASCII && ($0.properties.isAlphabetic || $0.isASCIIDigit || $0 == ":" || $0 == "/"))
        } ?? true
      if context.atBoundary || (context.afterText && labelNext) {
        // A label ("Note: …"): a pause, named from "most" on.
        let pauseLanguage = lastPieceLanguage ?? language
        if context.level >= info.level {
          // Named: "colon," is one piece of text (the mark stays for the pause).
          add(info.name, range, kind: .text, language: language)
          add(pauseMark(pauseLanguage), range, kind: .text, language: language, attach: true)
        } else {
          add(pauseMark(pauseLanguage), range, kind: .pause, language: pauseLanguage, attach: true)
        }
        return true
      }
    case "—", "―", "–", "-":
      // A dash between words is a pause: "No — tax is added" (without it the meaning flips). An
      // em dash or horizontal bar is one wherever it stands after text; an en dash or a hyphen only
      // spaced on both sides ("No - tax"), so "well-known", "-5" and a list's "- item" keep theirs.
      // Between numbers ("10 - 12") it is left as it was.
      guard lastPieceLanguage != nil, isDashPause(s, i, end: end, character) else { break }
      let pauseLanguage = lastPieceLanguage ?? language
      if context.level >= info.level, !info.name.isEmpty {
        add(info.name, range, kind: .text, language: language)
        add(pauseMark(pauseLanguage), range, kind: .text, language: language, attach: true)
      } else {
        add(pauseMark(pauseLanguage), range, kind: .pause, language: pauseLanguage, attach: true)
      }
      return true
    case "#":
      // "#5" is "number 5"; "#mytext", "#1A1A1A" (a colour) and a lone "#" are "hash".
      var k = end
      while k < s.count, s[k].scalar.isASCIIDigit { k += 1 }
      if k == end || (k < s.count && s[k].scalar.isWordScalar) { info.name = context.lexicon.hash }
    case "<", ">":
      // The angle brackets of a tag written in text ("<br/>", "</pitch>", "<pitch=-.3>") delimit
      // it as brackets do, named from "most" on; a lone "<" or ">" ("x < 5") is a comparison.
      if isMarkupTagBracket(s, i) {
        info.level = .most
        info.preserve = false
      }
    case ";":
      info.preserve = context.atBoundary
    case "&":
      if context.level < info.level {
        // "R&D", "Q & A": "and" reads better than silence even at "none".
        add(self.lexicon(language).and, range, kind: .text, language: language)
        return true
      }
    default: break
    }
    return false
  }

  /// Whether the "<" or ">" at `i` opens or closes a tag or an address written in text (see
  /// ``markupTagEnd(_:_:)``). Read on the document's UTF-8, so a detection inside the brackets
  /// ("<john@example.com>") does not hide them.
  func isMarkupTagBracket(_ s: [SourcedScalar], _ i: Int) -> Bool {
    let offset = s[i].start
    return context.document.text.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
      guard offset < utf8.count else { return false }
      if utf8[offset] == UInt8(ascii: "<") { return SpeechBuilder.markupTagEnd(utf8, offset) != nil }
      // A ">": the tag's "<" is the nearest one before it on the line.
      var k = offset - 1
      while k >= 0, offset - k <= 300, utf8[k] != UInt8(ascii: "<"), utf8[k] != UInt8(ascii: ">"),
        utf8[k] != UInt8(ascii: "\n")
      {
        k -= 1
      }
      return k >= 0 && utf8[k] == UInt8(ascii: "<") && SpeechBuilder.markupTagEnd(utf8, k) == offset
    } ?? false
  }

  /// Where the tag or address opened by the "<" at `i` ends (the offset of its ">"), or nil:
  /// - an address, as mail headers and plain-text links write them ("<john@example.com>",
  ///   "<https://example.com/>"): no space inside, an "@" or "://";
  /// - a tag: "<" and an optional "/", a name (an ASCII letter, then letters, digits, "-", "_",
  ///   ":"), then ">" or "/>", or an "=" or a space and attributes with an "=" up to a ">" on the
  ///   same line with no space before it ("<br/>", "</pitch>", "<pitch=-.3>", "<a href=…>").
  static func markupTagEnd(_ utf8: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int? {
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
    func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
    func isName(_ byte: UInt8) -> Bool {
      isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
        || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":")
    }
    var k = i + 1
    var address = false
    while k < utf8.count, k - i <= 300, !isSpace(utf8[k]), utf8[k] != UInt8(ascii: "<") {
      if utf8[k] == UInt8(ascii: ">") {
        if address { return k }
        break
      }
      if utf8[k] == UInt8(ascii: "@")
        || (utf8[k] == UInt8(ascii: ":") && k + 2 < utf8.count && utf8[k + 1] == UInt8(ascii: "/")
          && utf8[k + 2] == UInt8(ascii: "/"))
      {
        address = true
      }
      k += 1
    }
    k = i + 1
    if k < utf8.count, utf8[k] == UInt8(ascii: "/") { k += 1 }
    guard k < utf8.count, isLetter(utf8[k]) else { return nil }
    while k < utf8.count, isName(utf8[k]) { k += 1 }
    guard k < utf8.count else { return nil }
    switch utf8[k] {
    case UInt8(ascii: ">"): return k
    case UInt8(ascii: "/"): return k + 1 < utf8.count && utf8[k + 1] == UInt8(ascii: ">") ? k + 1 : nil
    case UInt8(ascii: "="), 0x20, 0x09:
      var sawEquals = false
      while k < utf8.count, k - i <= 300 {
        let byte = utf8[k]
        if byte == UInt8(ascii: "<") || byte == 0x0A { return nil }
        if byte == UInt8(ascii: "=") { sawEquals = true }
        if byte == UInt8(ascii: ">") { return sawEquals && !isSpace(utf8[k - 1]) ? k : nil }
        k += 1
      }
      return nil
    default: return nil
    }
  }

  /// A vulgar fraction's numerator and denominator from its compatibility decomposition ("½" is
  /// "1⁄2"), or nil for any other scalar.
  static func vulgarFraction(_ scalar: Unicode.Scalar) -> (String, String)? {
    // The vulgar fractions: U+00BC–00BE, U+2150–215F, U+2189 (an integer test before any property).
    guard (0xBC...0xBE).contains(scalar.value) || (0x2150...0x215F).contains(scalar.value) || scalar.value == 0x2189,
      scalar.properties.numericType == .numeric,
      let folded = try? Normalizer(.nfkc).normalize(String(scalar)),
      let slash = folded.firstIndex(of: "\u{2044}")
    else { return nil }
    let (numerator, denominator) = (String(folded[..<slash]), String(folded[folded.index(after: slash)...]))
    guard NumberToken.isDigits(numerator), NumberToken.isDigits(denominator) else { return nil }
    return (numerator, denominator)
  }

  /// How many letters end at `index` (inclusive).
  static func wordBefore(_ s: [SourcedScalar], _ index: Int) -> Int {
    var k = index
    while k >= 0, s[k].scalar.properties.isAlphabetic { k -= 1 }
    return index - k
  }

  /// How many letters start at `index`.
  static func wordAfter(_ s: [SourcedScalar], _ index: Int) -> Int {
    var k = index
    while k < s.count, s[k].scalar.properties.isAlphabetic { k += 1 }
    return k - index
  }

  /// Whether the dash at `i` (ending at `end`) is a pause between words: an em dash or horizontal
  /// bar after text, an en dash or hyphen with whitespace on both sides; never between numbers.
  func isDashPause(_ s: [SourcedScalar], _ i: Int, end: Int, _ character: Character) -> Bool {
    var before = i - 1
    while before >= 0, s[before].scalar.isSpeechWhitespace, s[before].scalar != "\n" { before -= 1 }
    var after = end
    while after < s.count, s[after].scalar.isSpeechWhitespace, s[after].scalar != "\n" { after += 1 }
    // A line's or text's end or start: nothing to pause between.
    guard before >= 0, after < s.count, !s[before].scalar.isSpeechWhitespace, !s[after].scalar.isSpeechWhitespace
    else { return false }
    if s[before].scalar.isASCIIDigit && s[after].scalar.isASCIIDigit { return false }
    if character == "-" {
      // A minus sign (U+2212, folded to "-") is never a pause; an ASCII hyphen only between words
      // of two letters or more ("x - y", "f(n) - 1" are arithmetic).
      guard s[i].end - s[i].start == 1, SpeechBuilder.wordBefore(s, before) >= 2, SpeechBuilder.wordAfter(s, after) >= 2
      else { return false }
    }
    // "——" (a Chinese dash, two em dashes) is one pause, at its second half.
    if end < s.count, s[end].scalar == "—" { return false }
    if character == "—" || character == "―" { return true }
    return before < i - 1 && after > end
  }

  /// Says a mark by its table entry at `level`: its name (and the mark itself after it when it
  /// stays for the pause, but not after brackets and the en dash), or the mark as written when it
  /// is kept for the synthesizer's prosody, or a currency sign left unnamed, or nothing but a space.
  private func say(
    _ info: SymbolInfo, _ scalar: Unicode.Scalar, original: String, range: TextRange, level: PunctuationLevel,
    character: Character, language: String
  ) {
    if level >= info.level, !info.name.isEmpty {
      add(info.name, range, kind: .text, language: language)
      // After its name, only a sentence or phrase mark stays (for the pause): "comma," but not "left paren(".
      if info.preserve, !"()（）–".contains(character) {
        add(original, range, kind: .text, language: language, attach: true)
      }
    } else if info.preserve {
      // Kept for the synthesizer's prosody, with the source's spacing: "word." but "at 5 (John".
      add(original, range, kind: .text, language: language, verbatim: true, attach: !pendingSpace)
    } else if SpeechBuilder.currencySymbols.contains(scalar) {
      // Not replaced below its level, but not dropped either (NVDA's "norep"): a currency sign the
      // lexicon did not turn into words ("4,50 €" in French) is left for the synthesizer to read.
      add(original, range, kind: .text, language: language, verbatim: true)
    } else {
      pendingSpace = true
    }
  }

  /// A symbol no table names: Unicode's (English) name in English; in any other language no English
  /// word — the mark itself is left for the synthesizer, which may know it.
  static func fallbackInfo(_ character: Character, _ scalar: Unicode.Scalar, language: String) -> SymbolInfo {
    let (level, preserve) = SymbolTable.defaultLevel(character)
    guard language == "en" else { return SymbolInfo(name: "", level: level, preserve: true) }
    let name = scalar.properties.name.map { $0.lowercased() } ?? ""
    return SymbolInfo(name: name, level: level, preserve: preserve)
  }

  // MARK: - Numbers

  static func groupFollows(_ s: [SourcedScalar], _ index: Int) -> Bool {
    NumberWords.groupFollows(count: s.count, at: index) { s[$0].scalar.isASCIIDigit }
  }

  static let currencySymbols: Set<Unicode.Scalar> = ["$", "€", "£", "¥", "₫", "₹", "￥"]

  func startsNumber(_ s: [SourcedScalar], _ i: Int) -> Bool {
    let scalar = s[i].scalar
    if scalar.isASCIIDigit { return true }
    guard i + 1 < s.count else { return false }
    let previousIsWord =
      i > 0 && s[i - 1].scalar.isASCII && (s[i - 1].scalar.isWordScalar || s[i - 1].scalar.isASCIIDigit)
    if scalar == "-", s[i + 1].scalar.isASCIIDigit, !previousIsWord { return true }
    // "-.3" (NVDA's negative number: a minus before a bare decimal).
    if scalar == "-", !previousIsWord, s[i + 1].scalar == ".", i + 2 < s.count, s[i + 2].scalar.isASCIIDigit {
      return true
    }
    // "-$380.00", "−€5".
    if scalar == "-", !previousIsWord, SpeechBuilder.currencySymbols.contains(s[i + 1].scalar), i + 2 < s.count,
      s[i + 2].scalar.isASCIIDigit
    {
      return true
    }
    // ".1665": a decimal without its zero (not "v.2", not "1.5").
    if scalar == ".", s[i + 1].scalar.isASCIIDigit,
      i == 0 || s[i - 1].scalar.isSpeechWhitespace || s[i - 1].scalar == "-"
        || s[i - 1].scalar == "("
    {
      return true
    }
    // "%7": a percent sign before its number, where the language writes it so.
    if scalar == "%" || scalar == "٪", s[i + 1].scalar.isASCIIDigit,
      self.lexicon(SpeechLexicon.key(languageTag(at: s[i].start))).percentMayLead
    {
      return true
    }
    if SpeechBuilder.currencySymbols.contains(scalar) {
      if s[i + 1].scalar.isASCIIDigit { return true }
      if s[i + 1].scalar == ".", i + 2 < s.count, s[i + 2].scalar.isASCIIDigit { return true }
      if s[i + 1].scalar == "-", i + 2 < s.count, s[i + 2].scalar.isASCIIDigit { return true }
    }
    return false
  }
}
