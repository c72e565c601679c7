internal import TextModel
internal import UnicodeSupport

/// What a colon between numbers means.
enum ColonMeaning: Equatable {
  case ratio, time, duration, verse, score
}

extension SpeechBuilder {
  // MARK: - Ordinary text

  /// Renders text with no detection inside: words as written, numbers and their units, colons by
  /// context, punctuation by level. `literal` (code, kbd) names every mark and interprets nothing.
  func renderText(_ range: TextRange, literal: Bool = false) {
    let s = normalizer.normalize(document[range], base: range.start)
    var i = 0
    while i < s.count {
      let scalar = s[i].scalar
      if scalar.isSpeechWhitespace {
        var j = i
        var newline = false
        while j < s.count, s[j].scalar.isSpeechWhitespace {
          if s[j].scalar == "\n" || s[j].scalar == "\u{2029}" { newline = true }
          j += 1
        }
        pendingSpace = true
        if newline {
          pendingParagraph = true
          recentWords.removeAll()
        }
        i = j
        continue
      }
      let (tag, tagEnd) = languageStretch(at: s[i].start)
      let language = languageKey(tag)
      if !literal, startsNumber(s, i) {
        let next = number(s, i, language: language)
        // Every token reader must move on; a number that reads nothing leaves its first scalar to
        // the symbol reader rather than loop.
        i = next > i ? next : symbol(s, i, tag: tag, language: language, literal: literal)
        lastTokenWasWord = false
      } else if scalar.isWordScalar {
        // Literal text (code) is said word by word: its pieces become code, each a segment.
        if renderer.wordRuns, !literal, let next = plainWords(s, i, language: language, tag: tag, languageEnd: tagEnd) {
          i = next
        } else {
          i = word(s, i, language: language)
        }
      } else if literal, scalar.isASCIIDigit {
        var j = i
        while j < s.count, s[j].scalar.isASCIIDigit { j += 1 }
        add(
          numerals(string(s, i, j), language), source(s, i, j), kind: .number, language: language,
          verbatim: options.numbers == .numerals)
        i = j
      } else {
        i = symbol(s, i, tag: tag, language: language, literal: literal)
        lastTokenWasWord = false
      }
    }
  }

  /// The scalars `s[start..<end]` as a string, encoded as UTF-8 in one buffer (appending them to a
  /// string one by one checked its storage each time: 3% of speaking a text, issue 15).
  func string(_ s: [SourcedScalar], _ start: Int, _ end: Int) -> String {
    guard start < end else { return "" }
    return String(unsafeUninitializedCapacity: (end - start) * 4) { buffer in
      var count = 0
      for k in start..<end {
        UTF8.encode(s[k].scalar) { unit in
          buffer[count] = unit
          count += 1
        }
      }
      return count
    }
  }

  func source(_ s: [SourcedScalar], _ start: Int, _ end: Int) -> TextRange {
    TextRange(start: s[start].start, end: s[max(start, end - 1)].end)
  }

  func word(_ s: [SourcedScalar], _ i: Int, language inherited: String) -> Int {
    var language = inherited
    if SpeechBuilder.isCJK(s[i].scalar), language != "zh", language != "ja" {
      language = (s[i].scalar.value >= 0x3040 && s[i].scalar.value <= 0x30FF) ? "ja" : "zh"
    }
    let lexicon = self.lexicon(language)
    if let (value, next) = romanNumeral(s, i, lexicon: lexicon) {
      let spoken = recentWords.last.flatMap { lexicon.numberWordsAfter[$0]?[value] } ?? String(value)
      add(numerals(spoken, language), source(s, i, next), kind: .number, language: language)
      lastTokenWasWord = false
      return next
    }
    if let (spelled, next) = initialism(s, i) {
      add(spelled, source(s, i, next), kind: .text, language: language)
      noteWord(spelled, lowercased: spelled.lowercased())
      return next
    }
    var j = i
    while j < s.count {
      let scalar = s[j].scalar
      if scalar.isWordScalar { j += 1; continue }
      // An apostrophe inside a word ("don't", "l’eau") belongs to it.
      if scalar == "'" || scalar == "\u{2019}", j > i, j + 1 < s.count, s[j + 1].scalar.isWordScalar {
        j += 1; continue
      }
      break
    }
    let text = string(s, i, j)
    let lowercased = text.lowercased()
    // A date led by a month name ("July 25 2012"); the lookup of the word itself comes first, so
    // other words cost one dictionary miss.
    if lexicon.monthNumbers[lowercased] != nil, let (date, next) = monthFirstDate(s, i, lexicon: lexicon) {
      add(numerals(date, language), source(s, i, next), kind: .date, language: language)
      lastTokenWasWord = false
      return next
    }
    if language == "zh", inherited != "zh",
      text.unicodeScalars.contains(where: { $0.value >= 0x3040 && $0.value <= 0x30FF })
    {
      language = "ja"
    }
    add(
      text, source(s, i, j), kind: .text, language: SpeechBuilder.scriptLanguage(s[i].scalar) ?? language,
      verbatim: true)
    noteWord(text, lowercased: lowercased)
    return j
  }

  /// Speaks the run of plain words at `i` ("Shuttle dog lake rock meadow. Permit ranger, season.")
  /// as one piece, and returns where it ends; nil when the word at `i` is not plain
  /// (``word(_:_:language:)`` takes it).
  ///
  /// Most of a text is such runs, and word by word each cost a string, its lower case, a month
  /// lookup, a piece and a merge (a third of speaking a text, issue 15). A plain word is one that
  /// ``word(_:_:language:)`` says as written, with nothing read from its neighbours but the word
  /// before: ASCII letters only, not followed by more letters (non-ASCII ones, or after an
  /// apostrophe: "café", "don't"), not a month name (a date may follow), not a Roman numeral after
  /// a cue word ("chapter IV"), not a capital letter before a full stop ("U.S."). Its words are
  /// separated by spaces (U+0020) only, so the piece's text is the words joined by one space: what
  /// merging their pieces gives. Every word starts where the language at `i` holds. The last six
  /// words are noted as `word` notes them.
  ///
  /// A mark right after a word and before whitespace (or the end) that ``symbol(_:_:tag:language:literal:)``
  /// would keep as written, attached, without naming it (``proseMarks(language:tag:)``: "." "!" "?"
  /// ending a sentence, "," at the default levels) belongs to the run too: its piece would merge
  /// with the word's and the next word's ("season. Permit" either way), and a sentence mark clears
  /// the recent words as there, so a cue word does not reach past it. Half the pieces, merges and
  /// symbol lookups of a text (issue 15). `SpeechWordRunTests` compares with word by word.
  func plainWords(_ s: [SourcedScalar], _ i: Int, language: String, tag: String, languageEnd: Int) -> Int? {
    @inline(__always) func letter(_ k: Int) -> UInt8? {
      let value = s[k].scalar.value
      return value < 0x80 && LetterOpeningFilter.isLetter(UInt8(truncatingIfNeeded: value))
        ? UInt8(truncatingIfNeeded: value) : nil
    }
    func lowercased(_ word: Range<Int>) -> String {
      String(unsafeUninitializedCapacity: word.count) { buffer in
        for k in word { buffer[k - word.lowerBound] = UInt8(truncatingIfNeeded: s[k].scalar.value) | 0x20 }
        return word.count
      }
    }
    func opening(_ word: Range<Int>) -> Int {
      LetterOpeningFilter.opening(of: word.count) { UInt8(truncatingIfNeeded: s[word.lowerBound + $0].scalar.value) }
    }
    guard letter(i) != nil else { return nil }
    let lexicon = self.lexicon(language)
    // Asked at the first mark only: a table is built the first time its language has a symbol
    // (building one is ~20M instructions; a run of English words in Chinese text needs none).
    var marks: ProseMarks?
    var start = i
    // The word before, for a Roman numeral's cue: none after a sentence mark (the recent words are
    // cleared there). `last` is the run's last word, `runEnd` the run's end after any mark of its own.
    var previous: Range<Int>?
    var last: Range<Int>?
    var runEnd = i
    // Words since the run's start or its last sentence mark: the ones noted at the end.
    var wordCount = 0
    while true {
      var end = start + 1
      while end < s.count, letter(end) != nil { end += 1 }
      if end < s.count {
        let next = s[end].scalar
        if next.value >= 0x80 && next.isWordScalar { break }
        if next == "'" || next == "\u{2019}", end + 1 < s.count, s[end + 1].scalar.isWordScalar { break }
        if end - start == 1, next == ".", s[start].scalar.isUppercaseLetter { break }
      }
      if SpeechBuilder.isRomanLetter(s[start].scalar) {
        if let previous {
          if lexicon.romanCueOpenings.mayHold(opening: opening(previous)),
            lexicon.romanCues.contains(lowercased(previous))
          {
            break
          }
        } else if let cue = recentWords.last, lexicon.romanCues.contains(cue) {
          break
        }
      }
      if lexicon.monthOpenings.mayHold(opening: opening(start..<end)),
        lexicon.monthNumbers[lowercased(start..<end)] != nil
      {
        break
      }
      previous = start..<end
      last = start..<end
      runEnd = end
      wordCount += 1
      var after = end
      if after < s.count, let mark = ProseMarks.mark(s[after].scalar), s[after].start < languageEnd,
        s[after].end - s[after].start == 1, after + 1 == s.count || s[after + 1].scalar.isSpeechWhitespace
      {
        if marks == nil { marks = proseMarks(language: language, tag: tag) }
        guard marks!.contains(mark) else { break }
        after += 1
        runEnd = after
        if mark != .comma {
          recentWords.removeAll()
          previous = nil
          wordCount = 0
        }
      }
      let spaces = after
      while after < s.count, s[after].scalar == " " { after += 1 }
      guard after > spaces, after < s.count, letter(after) != nil, s[after].start < languageEnd else { break }
      start = after
    }
    guard let last else { return nil }
    // The words and marks, one space between them: from the source's bytes when the run's scalars
    // are its bytes one for one (`collapsedASCII`), else from the scalars.
    let sourceStart = s[i].start
    let sourceEnd = s[runEnd - 1].end
    let fromSource =
      sourceEnd - sourceStart == runEnd - i ? Self.collapsedASCII(document.text, from: sourceStart, to: sourceEnd) : nil
    let text =
      fromSource
      ?? String(unsafeUninitializedCapacity: runEnd - i) { buffer in
        var count = 0
        var spaced = false
        for k in i..<runEnd {
          let byte = UInt8(truncatingIfNeeded: s[k].scalar.value)
          if byte == 0x20 {
            if !spaced { buffer[count] = byte; count += 1 }
            spaced = true
          } else {
            buffer[count] = byte
            count += 1
            spaced = false
          }
        }
        return count
      }
    add(text, source(s, i, runEnd), kind: .text, language: language, verbatim: true)
    // The last six words since a sentence mark, noted in order (earlier ones would leave the list of
    // recent words), in place: no array of ranges or of strings per run (they were a fifth of this
    // function).
    let keep = min(wordCount, 6)
    if keep > 0 {
      var first = last.lowerBound
      for _ in 1..<keep {
        while letter(first - 1) == nil { first -= 1 }
        while first > i, letter(first - 1) != nil { first -= 1 }
      }
      Self.note(keep, wordsFrom: first, to: last.upperBound, in: s, lowercased: lowercased, into: &recentWords)
    }
    // The last is also kept as written (the same string as its lower case when it has no capital
    // and was just noted).
    lastWord =
      last.contains { s[$0].scalar.isUppercaseLetter }
      ? string(s, last.lowerBound, last.upperBound) : keep > 0 ? recentWords.last : lowercased(last)
    // After a mark, as after ``symbol(_:_:tag:language:literal:)``, the last token was no word.
    lastTokenWasWord = runEnd == last.upperBound
    return runEnd
  }

  /// The bytes `start..<end` of `text` with each run of spaces made one space, when all of them are
  /// ASCII (each is then its own scalar, unfolded: the scalars a word run reads); nil otherwise.
  /// Copying a run's text from its scalars was 24 instructions a byte (issue 15).
  /// `SpeechWordRunTests` compares with the scalars.
  static func collapsedASCII(_ text: String, from start: Int, to end: Int) -> String? {
    text.utf8.withContiguousStorageIfAvailable { bytes -> String? in
      guard start >= 0, start <= end, end <= bytes.count, let base = bytes.baseAddress else { return nil }
      let raw = UnsafeRawPointer(base)
      var index = start
      while index + 8 <= end {
        if ByteWords.hasNonASCII(ByteWords.load(raw, at: index)) { return nil }
        index += 8
      }
      while index < end {
        if base[index] >= 0x80 { return nil }
        index += 1
      }
      // Copied a stretch at a time between double spaces, found eight pairs at a time: a zero byte
      // in the bytes XOR spaces, ORed with the same one byte on, is a pair of spaces.
      return String(unsafeUninitializedCapacity: end - start) { buffer in
        guard let out = buffer.baseAddress else { return 0 }
        var count = 0
        func copy(_ from: Int, _ to: Int) {
          (out + count).update(from: base + from, count: to - from)
          count += to - from
        }
        let spaces = ByteWords.broadcast(0x20)
        var stretch = start
        var index = start
        while index + 1 < end {
          while index + 9 <= end {
            let pairs = (ByteWords.load(raw, at: index) ^ spaces) | (ByteWords.load(raw, at: index + 1) ^ spaces)
            if ByteWords.zeroBytes(pairs) != 0 { break }
            index += 8
          }
          guard index + 1 < end else { break }
          if base[index] == 0x20 && base[index + 1] == 0x20 {
            copy(stretch, index + 1)
            index += 1
            while index < end && base[index] == 0x20 { index += 1 }
            stretch = index
          } else {
            index += 1
          }
        }
        copy(stretch, end)
        return count
      }
    } ?? nil
  }

  /// The marks ``plainWords(_:_:language:tag:languageEnd:)`` may take into a run where `tag`'s
  /// symbol table holds (at this builder's punctuation level), decided once per tag as
  /// ``symbol(_:_:tag:language:literal:)`` decides them after a word and before whitespace: "." "!"
  /// "?" end a sentence there (level "all", kept) and join unless named; "," joins when kept and
  /// not named.
  func proseMarks(language: String, tag: String) -> ProseMarks {
    if let marks = proseMarksByTag[tag] { return marks }
    let table = self.table(language, tag: tag)
    let level = options.punctuation
    var marks = ProseMarks()
    for (mark, character, scalar) in [
      (ProseMarks.fullStop, Character("."), Unicode.Scalar(".")), (.exclamation, "!", "!"), (.question, "?", "?"),
      (.comma, ",", ","),
    ] as [(ProseMarks, Character, Unicode.Scalar)] {
      var info = table[character] ?? SpeechBuilder.fallbackInfo(character, scalar, language: language)
      if mark != .comma {
        info.level = .all
        info.preserve = true
      }
      if !(level >= info.level && !info.name.isEmpty) && info.preserve { marks.insert(mark) }
    }
    proseMarksByTag[tag] = marks
    return marks
  }

  /// Appends the lower case of the `count` words of `s[start..<end]` (runs of ASCII letters between
  /// spaces and marks) to `recent`, keeping its last six.
  private static func note(
    _ count: Int, wordsFrom start: Int, to end: Int, in s: [SourcedScalar], lowercased: (Range<Int>) -> String,
    into recent: inout [String]
  ) {
    @inline(__always) func isLetter(_ k: Int) -> Bool {
      let value = s[k].scalar.value
      return value < 0x80 && LetterOpeningFilter.isLetter(UInt8(truncatingIfNeeded: value))
    }
    let excess = recent.count + count - 6
    if excess > 0 { recent.removeFirst(min(excess, recent.count)) }
    var k = start
    while k < end {
      var wordEnd = k
      while wordEnd < end, isLetter(wordEnd) { wordEnd += 1 }
      recent.append(lowercased(k..<wordEnd))
      k = wordEnd
      while k < end, !isLetter(k) { k += 1 }
    }
  }

  /// Remembers a word for the cues of the next tokens (the last six words of the clause).
  func noteWord(_ word: String, lowercased: String) {
    recentWords.append(lowercased)
    if recentWords.count > 6 { recentWords.removeFirst() }
    lastWord = word
    lastTokenWasWord = true
  }

  /// The language a word's script implies when the document's language cannot be right for it
  /// (Chinese in an English note is read by a Chinese voice): kana → ja, Han → zh (ja when the
  /// language is Japanese), Arabic → ar, Hangul → ko; nil for scripts shared by many languages.
  static func scriptLanguage(_ scalar: Unicode.Scalar) -> String? {
    switch scalar.value {
    case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: return "ja"
    case 0x0600...0x06FF, 0x0750...0x077F, 0xFB50...0xFDFF, 0xFE70...0xFEFF: return "ar"
    case 0xAC00...0xD7AF, 0x1100...0x11FF: return "ko"
    default: return nil
    }
  }

  // MARK: - Punctuation and symbols

  func pauseMark(_ language: String) -> String {
    switch language {
    case "zh": "，"
    case "ja": "、"
    case "ar": "،"
    default: ","
    }
  }

  func symbol(_ s: [SourcedScalar], _ i: Int, tag: String, language: String, literal: Bool) -> Int {
    // One source character (an emoji sequence is several scalars).
    var j = i + 1
    while j < s.count, s[j].start == s[i].start { j += 1 }
    var text = string(s, i, j)
    var original = String(document[TextRange(start: s[i].start, end: s[i].end)])
    let previous: Unicode.Scalar? = i > 0 ? s[i - 1].scalar : nil
    let next: Unicode.Scalar? = j < s.count ? s[j].scalar : nil
    let atBoundary = next == nil || next!.isSpeechWhitespace || "\"')]}”’」』）".unicodeScalars.contains(next!)
    let afterText = previous.map { !$0.isSpeechWhitespace } ?? (lastPieceLanguage != nil && !pendingSpace)
    var level = options.punctuation
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
    // "1月〜12月", "3〜4月": a wave dash between numbers or dates is a range where the lexicon says so.
    if !literal, lexicon.tildeIsRange, "〜～~".contains(character), let previous,
      previous.isASCIIDigit || SpeechBuilder.isCJK(previous)
    {
      let after = skipSpaces(s, end)
      if after < s.count, s[after].scalar.isASCIIDigit || SpeechBuilder.isCJK(s[after].scalar) {
        add(lexicon.range, source(s, i, end), kind: .range, language: language)
        return end
      }
    }
    // "5月30日(日)": a weekday or holiday mark in parentheses after a date is said as its word.
    if !literal, !lexicon.dayMarks.isEmpty, character == "(" || character == "（", previous == "日" {
      var k = end
      var words: [String] = []
      while k < s.count, let mark = Character(String(s[k].scalar)) as Character?, let word = lexicon.dayMarks[mark] {
        words.append(word)
        k += 1
        if k < s.count, s[k].scalar == "・" || s[k].scalar == "," || s[k].scalar == "、" { k += 1 }
      }
      if !words.isEmpty, k < s.count, s[k].scalar == ")" || s[k].scalar == "）" {
        add(lexicon.join(words), source(s, i, k + 1), kind: .date, language: language)
        return k + 1
      }
    }
    let range = source(s, i, end)

    if !literal {
      switch character {
      case ".", "!", "?", "。", "！", "？":
        // Sentence ending: named only at "all"; the mark always stays for the pause. Cue words
        // ("dilute", "score") do not reach into the next sentence.
        if (atBoundary && afterText) || character == "。" || character == "！" || character == "？" {
          info.level = .all
          info.preserve = true
          recentWords.removeAll()
        } else if character == "." {
          info.level = .some; info.preserve = false
        }
      case ":":
        // A label: "Note: …", "警告：旧标识" (no space after a fullwidth colon), but not "a:b" or "std::".
        let labelNext =
          next.map { !($0.isASCII && ($0.properties.isAlphabetic || $0.isASCIIDigit || $0 == ":" || $0 == "/")) }
          ?? true
        if atBoundary || (afterText && labelNext) {
          // A label ("Note: …"): a pause, named from "most" on.
          let pauseLanguage = lastPieceLanguage ?? language
          if level >= info.level {
            // Named: "colon," is one piece of text (the mark stays for the pause).
            add(info.name, range, kind: .text, language: language)
            add(pauseMark(pauseLanguage), range, kind: .text, language: language, attach: true)
          } else {
            add(pauseMark(pauseLanguage), range, kind: .pause, language: pauseLanguage, attach: true)
          }
          return end
        }
      case "#":
        // "#5" is "number 5"; "#mytext", "#1A1A1A" (a colour) and a lone "#" are "hash".
        var k = end
        while k < s.count, s[k].scalar.isASCIIDigit { k += 1 }
        if k == end || (k < s.count && s[k].scalar.isWordScalar) { info.name = lexicon.hash }
      case ";":
        info.preserve = atBoundary
      case "&":
        if level < info.level, !literal {
          // "R&D", "Q & A": "and" reads better than silence even at "none".
          add(self.lexicon(language).and, range, kind: .text, language: language)
          return end
        }
      default: break
      }
    } else {
      info.preserve = false
    }
    if level >= info.level, !info.name.isEmpty {
      add(info.name, range, kind: .text, language: language)
      // After its name, only a sentence or phrase mark stays (for the pause): "comma," but not "left paren(".
      if info.preserve, !"()（）–".contains(character) {
        add(original, range, kind: .text, language: language, attach: true)
      }
    } else if info.preserve {
      // Kept for the synthesizer's prosody, with the source's spacing: "word." but "at 5 (John".
      add(original, range, kind: .text, language: language, verbatim: true, attach: !pendingSpace)
    } else if SpeechBuilder.currencySymbols.contains(s[i].scalar) {
      // Not replaced below its level, but not dropped either (NVDA's "norep"): a currency sign the
      // lexicon did not turn into words ("4,50 €" in French) is left for the synthesizer to read.
      add(original, range, kind: .text, language: language, verbatim: true)
    } else {
      pendingSpace = true
    }
    return end
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

  /// Reads a numeral with the language's separators ("1,234.5"; vi "1.234,5"); returns it as written.
  func readNumeral(_ s: [SourcedScalar], _ j: inout Int, language: String, grouping: Bool = true) -> String {
    let comma = numbers.usesDecimalComma(language)
    var out = ""
    var sawDecimal = false
    while j < s.count {
      let scalar = s[j].scalar
      if scalar.isASCIIDigit {
        out.unicodeScalars.append(scalar)
        j += 1
        continue
      }
      if scalar == "." || scalar == ",", j + 1 < s.count, s[j + 1].scalar.isASCIIDigit, !out.isEmpty {
        let group =
          grouping && !sawDecimal && !self.lexicon(language).asciiCommaIsDecimal
          && SpeechBuilder.groupFollows(s, j + 1)
        // en "1,234.5"; vi "1.234,5", and vi "11.7" (a dot that is not a thousands group) is a decimal too.
        let isDecimal = (scalar == ",") == comma || (comma && scalar == "." && !group)
        if !isDecimal && group {
          out.unicodeScalars.append(scalar)
          j += 1
          continue
        }
        if isDecimal && !sawDecimal {
          sawDecimal = true
          out.unicodeScalars.append(scalar)
          j += 1
          continue
        }
      }
      break
    }
    return out
  }

  func hasCue(_ cues: CueWords, language: String, after: [String], window: Int = 4) -> Bool {
    let spaced = self.lexicon(language).spaced
    let beforeWords = recentWords.suffix(window)
    if spaced {
      // A one-word cue is a word of the context (string equality: this runs at every colon and
      // number, and substring search made it a fifth of all speech time): each context word is
      // looked up among the one-word cues. Only a cue of several words is looked for in the joined
      // context, as whole words.
      let afterWords = after.map { $0.lowercased() }
      if beforeWords.contains(where: cues.single.contains) || afterWords.contains(where: cues.single.contains) {
        return true
      }
      guard !cues.multiple.isEmpty else { return false }
      let contexts = [beforeWords.joined(separator: " "), afterWords.joined(separator: " ")].map { " " + $0 + " " }
      return cues.multiple.contains { cue in contexts.contains { $0.contains(" " + cue + " ") } }
    }
    let before = beforeWords.joined(separator: " ")
    let following = after.joined(separator: " ").lowercased()
    for context in [before, following] where !context.isEmpty {
      for cue in cues.all where context.contains(cue) { return true }
    }
    return false
  }

  /// Up to two words after `k` (skipping spaces), lower-cased, for cues such as "1:10 dilution".
  func peekWords(_ s: [SourcedScalar], _ k: Int) -> [String] {
    var words: [String] = []
    var j = k
    while words.count < 2, j < s.count {
      while j < s.count, s[j].scalar.isSpeechWhitespace, s[j].scalar != "\n" { j += 1 }
      let start = j
      while j < s.count, s[j].scalar.isWordScalar { j += 1 }
      if j == start { break }
      words.append(string(s, start, j).lowercased())
    }
    return words
  }

  /// Whether "a:b[:c]" can be a clock reading: hours up to 24, two-digit minutes and seconds under 60.
  func isClockReading(_ a: String, _ b: String, _ c: String?) -> Bool {
    guard let hours = Int(a), let minutes = Int(b), a.count <= 2, b.count == 2, hours <= 24, minutes <= 59 else {
      return false
    }
    guard let c else { return true }
    return c.count == 2 && (Int(c) ?? 60) <= 59
  }

  func classifyColon(
    _ a: String, _ b: String, _ c: String?, language: String, after: [String], followedByMeridiem: Bool = false
  ) -> ColonMeaning {
    let lexicon = self.lexicon(language)
    if lastTokenWasWord, let lastWord, !a.contains("."), !a.contains(","), !b.contains("."), c == nil {
      if lexicon.spaced ? lexicon.books.contains(lastWord) : lexicon.books.contains(where: { lastWord.hasSuffix($0) }) {
        return .verse
      }
    }
    // The nearest context first: a time preposition right before ("until 10:30", "at 20:00") or a
    // half of the day right after ("10:30 pm") makes a clock reading a time, whatever cue words
    // ("mix", "score") came earlier in the sentence.
    let afterTimeWord = recentWords.last.map { lexicon.timePrepositions.contains($0) } ?? false
    let clock = isClockReading(a, b, c)
    if clock, afterTimeWord || followedByMeridiem { return .time }
    if hasCue(lexicon.durationCues, language: language, after: after), b.count == 2 { return .duration }
    if !afterTimeWord, hasCue(lexicon.scoreCues, language: language, after: after), c == nil { return .score }
    if hasCue(lexicon.ratioCues, language: language, after: after) { return .ratio }
    let decimal: (String) -> Bool = { $0.contains(".") || $0.contains(",") }
    if decimal(a) || decimal(b) || c.map(decimal) == true { return .ratio }
    guard let hours = Int(a), let minutes = Int(b), a.count <= 2, b.count == 2, hours <= 24, minutes <= 59 else {
      return .ratio
    }
    if let c {
      guard c.count == 2, let seconds = Int(c), seconds <= 59 else { return .ratio }
    }
    return .time
  }

  static func trimZeros(_ digits: String) -> String {
    let trimmed = digits.drop { $0 == "0" }
    return trimmed.isEmpty ? "0" : String(trimmed)
  }

  func number(_ s: [SourcedScalar], _ i: Int, language: String) -> Int {
    let lexicon = self.lexicon(language)
    var j = i
    var currency: String?
    var negative = false
    var leadingPercent = false
    if s[j].scalar == "%" || s[j].scalar == "٪", lexicon.percentMayLead {
      leadingPercent = true
      j += 1
    }
    if s[j].scalar == "-", j + 1 < s.count, SpeechBuilder.currencySymbols.contains(s[j + 1].scalar) {
      negative = true
      j += 1
    }
    if SpeechBuilder.currencySymbols.contains(s[j].scalar) {
      currency = String(s[j].scalar)
      j += 1
    }
    if s[j].scalar == "-" {
      negative = true
      j += 1
    }
    // A decimal written without its zero: ".1665", "$.01".
    if j + 1 < s.count, s[j].scalar == "." || s[j].scalar == ",", s[j + 1].scalar.isASCIIDigit {
      var k = j + 1
      while k < s.count, s[k].scalar.isASCIIDigit { k += 1 }
      let digits = string(s, j + 1, k)
      var spoken: String
      if let currency, let minor = lexicon.minorCurrency[currency], digits.count == 2 {
        let cents = SpeechBuilder.trimZeros(digits)
        spoken = lexicon.join([cents, minor(isOne: cents == "1")])
      } else {
        spoken = lexicon.join([lexicon.decimalWord] + digits.map { String($0) })
        if let currency { spoken = currencyWords(currency, spoken, first: spoken, language: language) }
      }
      if negative { spoken = lexicon.join([lexicon.minus, spoken]) }
      add(numerals(spoken, language), source(s, i, k), kind: .number, language: language)
      return k
    }
    // "thứ 4" is "thứ tư": a number with its own word after a particular word.
    if currency == nil, !negative, let last = recentWords.last, let words = lexicon.numberWordsAfter[last],
      let (value, _, end) = integer(s, j, limit: 3), let word = words[value], isBoundary(s, end)
    {
      add(word, source(s, i, end), kind: .number, language: language)
      return end
    }
    // A date led by its day: "25 July 2012", "the 22nd of July".
    if currency == nil, !negative, let (date, next) = dayFirstDate(s, i, lexicon: lexicon) {
      add(numerals(date, language), source(s, i, next), kind: .date, language: language)
      return next
    }
    // Digits inside a Latin identifier ("AH0 L", "b3_c", "gma4i") belong to it: no unit, date or
    // range is read into them.
    // (Not after a number's unit: "3p20s" is 3 minutes 20 seconds.)
    var letterRun = i
    while letterRun > 0, s[letterRun - 1].scalar.isASCII, s[letterRun - 1].scalar.isWordScalar { letterRun -= 1 }
    if s[i].scalar.isASCIIDigit, letterRun < i, letterRun == 0 || !s[letterRun - 1].scalar.isASCIIDigit,
      currency == nil,
      !negative
    {
      var k = i
      while k < s.count, s[k].scalar.isASCIIDigit { k += 1 }
      // A version ("v2.10.3") is read as a dotted sequence below.
      if !(k + 1 < s.count && s[k].scalar == "." && s[k + 1].scalar.isASCIIDigit) {
        add(
          numerals(string(s, i, k), language), source(s, i, k), kind: .number, language: language,
          verbatim: options.numbers == .numerals)
        return k
      }
    }
    var first = readNumeral(s, &j, language: language)
    var zeroTrimmed = false
    // "08月", "01h": a number's leading zero before a counter or a unit is not said (a code such as
    // "007" standing alone still is, digit by digit).
    if first.count == 2, first.hasPrefix("0"), j < s.count, s[j].scalar.isWordScalar,
      i == 0 || !(s[i - 1].scalar.isASCII && s[i - 1].scalar.isWordScalar)
    {
      first = SpeechBuilder.trimZeros(first)
      zeroTrimmed = true
    }
    // "2015年": a year before the language's year marker, said as the language says years.
    if currency == nil, !negative, let marker = lexicon.yearMarker, (3...4).contains(first.count),
      first.unicodeScalars.allSatisfy(\.isASCIIDigit), let value = Int(first),
      string(s, j, min(s.count, j + marker.unicodeScalars.count)) == marker
    {
      add(lexicon.year(value), source(s, i, j), kind: .date, language: language)
      return j
    }

    // A colon between numbers: ratio, time, duration, verse or score.
    if currency == nil, !negative, j + 1 < s.count, s[j].scalar == ":", s[j + 1].scalar.isASCIIDigit {
      var k = j + 1
      let second = readNumeral(s, &k, language: language, grouping: false)
      var third: String?
      if k + 1 < s.count, s[k].scalar == ":", s[k + 1].scalar.isASCIIDigit {
        k += 1
        third = readNumeral(s, &k, language: language, grouping: false)
      }
      let meaning = classifyColon(
        first, second, third, language: language, after: peekWords(s, k),
        followedByMeridiem: meridiem(s, k, lexicon: lexicon) != nil)
      var speech: String
      var kind: SpeechSegmentKind
      switch meaning {
      case .ratio:
        speech = lexicon.join([first, lexicon.ratio, second] + (third.map { [lexicon.ratio, $0] } ?? []))
        kind = .ratio
      case .score:
        speech = lexicon.join([first, lexicon.score, second])
        kind = .score
      case .verse:
        speech = lexicon.chapterVerse(first, second)
        if k + 1 < s.count, s[k].scalar == "-" || s[k].scalar == "–", s[k + 1].scalar.isASCIIDigit {
          k += 1
          let last = readNumeral(s, &k, language: language, grouping: false)
          speech = lexicon.join([speech, lexicon.range, last])
        }
        kind = .verse
      case .duration:
        if let third {
          speech = lexicon.join([
            lexicon.hours(SpeechBuilder.trimZeros(first), SpeechBuilder.trimZeros(first) == "1"),
            lexicon.minutes(SpeechBuilder.trimZeros(second), SpeechBuilder.trimZeros(second) == "1"),
            lexicon.lastPartJoiner,
            lexicon.seconds(SpeechBuilder.trimZeros(third), SpeechBuilder.trimZeros(third) == "1"),
          ])
        } else {
          speech = lexicon.join([
            lexicon.minutes(SpeechBuilder.trimZeros(first), SpeechBuilder.trimZeros(first) == "1"),
            lexicon.seconds(SpeechBuilder.trimZeros(second), SpeechBuilder.trimZeros(second) == "1"),
          ])
        }
        kind = .duration
      case .time:
        let hour = SpeechBuilder.trimZeros(first)
        let half = meridiem(s, k, lexicon: lexicon)
        if let third {
          // "14:10:30": a clock reading to the second is said in hours, minutes and seconds.
          let (h, m, sec) = (hour, SpeechBuilder.trimZeros(second), SpeechBuilder.trimZeros(third))
          if let clock = lexicon.clockWithSeconds {
            speech = clock(h, m, sec)
          } else if lexicon.omitsZeroTimeParts {
            speech = lexicon.join(
              [lexicon.hours(h, h == "1")] + (m == "0" ? [] : [lexicon.minutes(m, m == "1")])
                + (sec == "0" ? [] : [lexicon.seconds(sec, sec == "1")]))
          } else {
            speech = lexicon.join([
              lexicon.hours(h, h == "1"), lexicon.minutes(m, m == "1"), lexicon.lastPartJoiner,
              lexicon.seconds(sec, sec == "1"),
            ])
          }
        } else if second == "00" {
          speech = half == nil ? lexicon.oclock(hour) : hour
        } else {
          speech = lexicon.hourMinute(hour, second)
        }
        if let (suffix, next) = half {
          speech = lexicon.join([speech, suffix])
          k = next
        }
        if let (zone, next) = timeZone(s, k, lexicon: lexicon) {
          speech = lexicon.join([speech, zone])
          k = next
        }
        kind = .time
      }
      add(numerals(speech, language), source(s, i, k), kind: kind, language: language)
      if kind == .time, let next = rangeContinuation(s, k, lexicon: lexicon, language: language) { return next }
      return k
    }

    // An ISO date: 2026-11-22.
    if currency == nil, !negative, j + 5 < s.count, s[j].scalar == "-", s[j + 3].scalar == "-",
      first.count == 4, first.allSatisfy(\.isNumber), let (month, day, next) = isoMonthDay(s, j),
      let year = Int(first)
    {
      add(
        numerals(spokenDate(lexicon, year, month, day), language), source(s, i, next), kind: .date, language: language)
      return next
    }

    // A slash date: "2026/04/18" (year first), "05/14/2026" or "14/05/2026" (a value over 12 says
    // which is the day; otherwise the region does: month first in the United States and the
    // Philippines, day first elsewhere).
    if currency == nil, !negative,
      let (year, month, day, next) = slashDate(s, i, first: first, end: j, tag: languageTag(at: s[i].start))
    {
      add(
        numerals(spokenDate(lexicon, year, month, day), language), source(s, i, next), kind: .date, language: language)
      return next
    }

    // A fraction "3/4", "1/4th", "1795 / 1805", or a whole number and a fraction "2 1/2".
    if currency == nil, lexicon.fraction != nil, first.unicodeScalars.allSatisfy(\.isASCIIDigit) {
      var fractionStart: Int?
      if j < s.count, s[j].scalar == "/" || (s[j].scalar == " " && j + 1 < s.count && s[j + 1].scalar == "/") {
        fractionStart = i + (negative ? 1 : 0)
      }
      if let start = fractionStart, var (spoken, end) = fraction(s, start, lexicon: lexicon, language: language) {
        if let (unit, next) = unitAfter(s, skipSpaces(s, end), lexicon: lexicon), let word = lexicon.units[unit] {
          spoken = lexicon.join([spoken, lexicon.unitWord(word, false)])
          end = next
        }
        add(
          numerals(negative ? lexicon.join([lexicon.minus, spoken]) : spoken, language), source(s, i, end),
          kind: .number, language: language)
        return end
      }
      if j < s.count, s[j].scalar == " ", j + 1 < s.count, s[j + 1].scalar.isASCIIDigit,
        let (spoken, end) = fraction(s, j + 1, lexicon: lexicon, language: language)
      {
        let isHalf = string(s, j + 1, end).hasPrefix("1/2")
        let mixed = lexicon.mixedNumber(first, spoken, isHalf)
        add(
          numerals(negative ? lexicon.join([lexicon.minus, mixed]) : mixed, language), source(s, i, end),
          kind: .number, language: language)
        return end
      }
    }
    // A dotted sequence (a version "2.10.3", a date "22.11.2026"): a date when its parts are a day,
    // a month and a year; otherwise parts joined by "dot".
    if currency == nil, j + 1 < s.count, s[j].scalar == ".", s[j + 1].scalar.isASCIIDigit,
      first.contains(".") || first.contains(",")
    {
      var parts = first.split(whereSeparator: { $0 == "." || $0 == "," }).map(String.init)
      if parts.count == 2, let (year, yearEnd, _) = integer(s, j + 1, limit: 4), yearEnd == 4,
        let date = dayMonthYear(parts[0], parts[1], year, tag: languageTag(at: s[i].start)),
        isBoundary(s, j + 5)
      {
        add(
          numerals(spokenDate(lexicon, date.year, date.month, date.day), language), source(s, i, j + 5),
          kind: .date, language: language)
        return j + 5
      }
      while j + 1 < s.count, s[j].scalar == ".", s[j + 1].scalar.isASCIIDigit {
        var k = j + 1
        while k < s.count, s[k].scalar.isASCIIDigit { k += 1 }
        parts.append(string(s, j + 1, k))
        j = k
      }
      let dot = self.lexicon(language).dot
      add(
        numerals(lexicon.join(Array(parts.map { [$0] }.joined(separator: [dot]))), language), source(s, i, j),
        kind: .number, language: language)
      return j
    }

    var spoken = first
    var kind: SpeechSegmentKind = .number
    // "80's", "the 1990’s": the possessive or plural stays with the numeral.
    if currency == nil, !negative, kind == .number, j + 1 < s.count, s[j].scalar == "'" || s[j].scalar == "\u{2019}",
      s[j + 1].scalar == "s", isBoundary(s, j + 2), year(s, i, digits: first, end: j, lexicon: lexicon) == nil
    {
      add(numerals(first, language) + "'s", source(s, i, j + 2), kind: .number, language: language)
      return j + 2
    }
    // A year by its neighbours: "1980s", "in 1994".
    if currency == nil, !negative, let (year, next) = year(s, i, digits: first, end: j, lexicon: lexicon) {
      add(numerals(year, language), source(s, i, next), kind: .date, language: language)
      return next
    }
    // Arithmetic: "1-4=5", "1- 2 = 5" (a minus sign, not a range).
    if currency == nil, j < s.count, s[j].scalar == "-" {
      var k = skipSpaces(s, j + 1)
      if k < s.count, s[k].scalar.isASCIIDigit {
        let second = readNumeral(s, &k, language: language)
        let after = skipSpaces(s, k)
        if after < s.count, s[after].scalar == "=" {
          spoken = lexicon.join([negative ? lexicon.join([lexicon.minus, first]) : first, lexicon.minus, second])
          add(numerals(spoken, language), source(s, i, k), kind: .number, language: language)
          return k
        }
      }
    }
    // A range: "10–12", "2019-2020".
    if j + 1 < s.count, s[j].scalar == "–" || s[j].scalar == "-", s[j + 1].scalar.isASCIIDigit {
      var k = j + 1
      let second = readNumeral(s, &k, language: language)
      let yearRange =
        first.count == 4 && (second.count == 4 || second.count == 2) && lexicon.year(Int(first) ?? 0) != first
        && (1000...2999).contains(Int(first) ?? 0) && first.unicodeScalars.allSatisfy(\.isASCIIDigit)
        && second.unicodeScalars.allSatisfy(\.isASCIIDigit)
      let chained =
        (i > 0 && s[i - 1].scalar == "-") || (k + 1 < s.count && s[k].scalar == "-" && s[k + 1].scalar.isASCIIDigit)
      let hyphenOK =
        chained
        ? false
        : s[j].scalar == "–"
          || (!second.hasPrefix("0") && (second.count == first.count || (first.count <= 2 && second.count <= 3))
            && (Double(second.filter(\.isNumber)) ?? 0) > (Double(first.filter(\.isNumber)) ?? 0))
      if s[j].scalar == "-", !negative, !chained,
        hasCue(lexicon.scoreCues, language: language, after: peekWords(s, k), window: 6),
        first.count <= 2, second.count <= 2
      {
        // "the final ended 3-2": a score.
        spoken = lexicon.join([first, lexicon.score, second])
        kind = .score
        j = k
      } else if yearRange && !negative && isBoundary(s, k) {
        // "1980-1986", "1960-80": years.
        let end = second.count == 4 ? lexicon.year(Int(second)!) : second
        spoken = lexicon.join([lexicon.year(Int(first)!), lexicon.range, end])
        kind = .range
        j = k
      } else if hyphenOK && !negative {
        spoken = lexicon.join([first, lexicon.range, second])
        kind = .range
        j = k
      }
    }
    // A half of the day after an hour: "5pm", "1 a.m.", "4A.M.".
    if currency == nil, !negative, kind == .number, let hour = Int(first), (1...12).contains(hour),
      first.unicodeScalars.allSatisfy(\.isASCIIDigit), let (suffix, next) = meridiem(s, j, lexicon: lexicon)
    {
      var speech = lexicon.join([SpeechBuilder.trimZeros(first), suffix])
      var end = next
      if let (zone, after) = timeZone(s, end, lexicon: lexicon) {
        speech = lexicon.join([speech, zone])
        end = after
      }
      add(numerals(speech, language), source(s, i, end), kind: .time, language: language)
      return rangeContinuation(s, end, lexicon: lexicon, language: language) ?? end
    }
    let minus = negative

    // A decimal the language reads as a fraction (Arabic: "six and eighty-eight hundredths").
    if let reading = lexicon.decimalReading, kind == .number, spoken == first,
      let separator = first.firstIndex(where: { $0 == "." || $0 == "," })
    {
      spoken = reading(String(first[..<separator]), String(first[first.index(after: separator)...]))
    }
    if leadingPercent { spoken = lexicon.percent(spoken) }
    // What follows the number: percent, degrees, a unit or a currency.
    var k = j
    if k < s.count, s[k].scalar == " " || s[k].scalar == "\u{A0}" { k += 1 }
    // A scale word after an amount: "$45 billion", "¥30b" (said before the currency).
    var scaled = false
    if kind == .number, !lexicon.scaleWords.isEmpty {
      let (word, end) = letters(s, from: k)
      let attached = k == j
      if let scale = lexicon.scaleWords[word.lowercased()], isBoundary(s, end),
        word.count > 2 || (currency != nil && (attached || word.count == 1 || word.count == 2))
      {
        spoken = lexicon.join([spoken, scale])
        scaled = true
        j = end
        k = skipSpaces(s, end)
      }
    }
    if let currency {
      spoken =
        scaled
        ? currencyWords(currency, spoken, first: spoken, language: language)
        : currencyWords(currency, spoken, first: first, language: language)
      kind = .number
    } else if scaled, let (unit, next) = unitAfter(s, k, lexicon: lexicon) {
      if lexicon.currency[unit] != nil {
        spoken = currencyWords(unit, spoken, first: spoken, language: language)
      } else {
        spoken = lexicon.join([spoken, lexicon.unitWord(lexicon.units[unit]!, false)])
      }
      j = next
    } else if scaled {
      // The scale word alone: "100 million people".
    } else if k < s.count, s[k].scalar == "%" {
      spoken = lexicon.percent(spoken)
      j = k + 1
    } else if k < s.count, s[k].scalar == "°" {
      var scale: String?
      var next = k + 1
      if next < s.count, s[next].scalar == "C" || s[next].scalar == "F",
        next + 1 == s.count || !s[next + 1].scalar.isWordScalar
      {
        scale = String(s[next].scalar)
        next += 1
      }
      spoken = lexicon.degrees(spoken, scale)
      j = next
    } else if let (unit, next) = unitAfter(s, k, lexicon: lexicon) {
      if lexicon.currency[unit] != nil {
        spoken = currencyWords(unit, spoken, first: first, language: language)
      } else {
        let word = lexicon.unitWord(lexicon.units[unit]!, first == "1" && kind != .range)
        spoken = lexicon.join([spoken, word])
      }
      j = next
    }
    if minus { spoken = lexicon.join([lexicon.minus, spoken]) }
    let words = options.numbers == .words
    add(
      numerals(spoken, language), source(s, i, j), kind: kind == .number && spoken == first ? .number : kind,
      language: language, verbatim: !words && spoken == first && !zeroTrimmed)
    // "2%-10%", "$250-$300": the second half of a range whose first half carried a unit.
    if spoken != first, kind != .range, kind != .score,
      let next = rangeContinuation(s, j, lexicon: lexicon, language: language)
    {
      return next
    }
    return j
  }

  func currencyWords(_ symbol: String, _ amount: String, first: String, language: String) -> String {
    let lexicon = self.lexicon(language)
    if let minor = lexicon.minorCurrency[symbol], let major = lexicon.currency[symbol],
      let dot = first.firstIndex(of: "."), (2...3).contains(first.distance(from: dot, to: first.endIndex)),
      amount == first
    {
      // "$20.50" is 20 dollars 50 cents; "$20.5" too (one digit is tens of cents); "$0.02" is 2 cents.
      let whole = String(first[..<dot])
      var cents = String(first[first.index(after: dot)...])
      if cents.count == 1 { cents += "0" }
      let unit = major(whole)
      if cents == "00" { return unit }
      let small = lexicon.join([SpeechBuilder.trimZeros(cents), minor(isOne: cents == "01")])
      return SpeechBuilder.trimZeros(whole) == "0" ? small : lexicon.join([unit, small])
    }
    return lexicon.currency[symbol]?(amount) ?? lexicon.join([amount, symbol])
  }

  /// A unit or currency code right after a number ("5 km", "20kg", "3 km/h", "120 AED").
  func unitAfter(_ s: [SourcedScalar], _ k: Int, lexicon: SharedLexicon) -> (String, Int)? {
    var j = k
    var candidate = ""
    while j < s.count,
      s[j].scalar.isWordScalar || s[j].scalar == "/" || s[j].scalar == "₫" || s[j].scalar == "$"
        || s[j].scalar == "²" || s[j].scalar == "³" || (j > k && (s[j].scalar == "2" || s[j].scalar == "3")),
      candidate.unicodeScalars.count < 6
    {
      candidate.unicodeScalars.append(s[j].scalar)
      j += 1
    }
    // Longest match first ("km/h" before "km"). An ASCII candidate's Characters are its scalars
    // (it holds no CR LF), so where a prefix is followed by a word scalar, which no match allows,
    // it is passed over before a string is made of it: after most numbers comes a word ("415
    // people"), and making each of its prefixes was most of this function's cost (issue 15).
    let ascii = candidate.utf8.count == j - k
    var length = ascii ? j - k : candidate.count
    while length > 0 {
      if ascii, k + length < s.count, s[k + length].scalar.isWordScalar {
        length -= 1
        continue
      }
      let prefix = String(candidate.prefix(length))
      let end = k + prefix.unicodeScalars.count
      // A digit may follow a unit ("3p20s": 3 minutes 20 seconds); a letter may not.
      let boundary = end >= s.count || !s[end].scalar.isWordScalar
      if boundary,
        lexicon.units[prefix] != nil
          || (lexicon.currency[prefix] != nil && prefix.count > 0
            && (prefix != "$" || k == 0 || s[k - 1].scalar.isASCIIDigit))
      {
        return (prefix, end)
      }
      // "2gb", "2ghz": a unit written in another case, when only one unit matches.
      if boundary, prefix.count >= 2, let unit = caseFoldedUnits(lexicon)[prefix.lowercased()] {
        return (unit, end)
      }
      length -= 1
    }
    return nil
  }

  /// The lexicon's units by their lower-cased spelling, where only one unit has it ("gb" → "GB";
  /// "mb" is left out when both "mb" and "MB" exist). Built once per language and renderer.
  func caseFoldedUnits(_ lexicon: SharedLexicon) -> [String: String] {
    if let folded = foldedUnits[lexicon.language] { return folded }
    var folded: [String: String] = [:]
    var ambiguous: Set<String> = []
    for unit in lexicon.units.keys {
      let key = unit.lowercased()
      if folded[key] != nil { ambiguous.insert(key) } else { folded[key] = unit }
    }
    for key in ambiguous { folded[key] = nil }
    foldedUnits[lexicon.language] = folded
    return folded
  }

  func meridiem(_ s: [SourcedScalar], _ k: Int, lexicon: SharedLexicon) -> (String, Int)? {
    var j = k
    if j < s.count, s[j].scalar == " " { j += 1 }
    var letters = ""
    var end = j
    while end < s.count, letters.count < 4, s[end].scalar.isWordScalar || s[end].scalar == "." {
      letters.unicodeScalars.append(s[end].scalar)
      end += 1
    }
    let key = letters.lowercased()
    for (form, spoken) in lexicon.meridiems where key == form {
      if end >= s.count || !s[end].scalar.isWordScalar { return (spoken, end) }
    }
    return nil
  }

  /// Parts of a date written with slashes, starting at `i` where `first` (ending at `end`) was read.
  func slashDate(_ s: [SourcedScalar], _ i: Int, first: String, end: Int, tag: @autoclosure () -> String)
    -> (year: Int, month: Int, day: Int, next: Int)?
  {
    let separator = end < s.count ? s[end].scalar : " "
    // The separator first: most numbers have none, and walking `first` by Characters was most of
    // this check's cost (issue 15).
    guard end + 1 < s.count, separator == "/" || separator == "-", s[end + 1].scalar.isASCIIDigit,
      first.allSatisfy(\.isNumber)
    else {
      return nil
    }
    var k = end + 1
    var second = ""
    while k < s.count, s[k].scalar.isASCIIDigit, second.count < 3 { second.unicodeScalars.append(s[k].scalar); k += 1 }
    guard k + 1 < s.count, s[k].scalar == separator, s[k + 1].scalar.isASCIIDigit else { return nil }
    k += 1
    var third = ""
    while k < s.count, s[k].scalar.isASCIIDigit, third.count < 5 { third.unicodeScalars.append(s[k].scalar); k += 1 }
    if k < s.count, s[k].scalar == "/" || s[k].scalar.isASCIIDigit { return nil }
    guard let a = Int(first), let b = Int(second), let c = Int(third) else { return nil }
    if first.count == 4, (1...2).contains(second.count), (1...2).contains(third.count) {
      return (1...12).contains(b) && (1...31).contains(c) ? (a, b, c, k) : nil
    }
    guard third.count == 4, let date = dayMonthYear(first, second, c, tag: tag()) else { return nil }
    return (date.year, date.month, date.day, k)
  }

  /// A numeric date's day and month from two parts in the region's order (month first in the United
  /// States and the Philippines, day first elsewhere; a part over 12 is the day).
  func dayMonthYear(_ first: String, _ second: String, _ year: Int, tag: String) -> (year: Int, month: Int, day: Int)? {
    guard (1...2).contains(first.count), (1...2).contains(second.count), let a = Int(first), let b = Int(second),
      (1000...2999).contains(year)
    else { return nil }
    let region = LocaleInfo.likelyRegion(forLanguageTag: tag) ?? ""
    var monthFirst = region == "US" || region == "PH"
    if a > 12 { monthFirst = false } else if b > 12 { monthFirst = true }
    let (month, day) = monthFirst ? (a, b) : (b, a)
    guard (1...12).contains(month), (1...31).contains(day) else { return nil }
    return (year, month, day)
  }

  /// A numeric date as the lexicon says it, without its lead word when the text just said it
  /// ("ngày 15/01/2024" is "ngày 15 tháng 1 …", not "ngày ngày 15 …").
  func spokenDate(_ lexicon: SharedLexicon, _ year: Int, _ month: Int, _ day: Int) -> String {
    let date = lexicon.date(year, month, day)
    if let lead = lexicon.dateLead, recentWords.last == lead, date.hasPrefix(lead + " ") {
      return String(date.dropFirst(lead.count + 1))
    }
    return date
  }

  /// "-MM-DD" after a four-digit year, with a real month and day.
  func isoMonthDay(_ s: [SourcedScalar], _ j: Int) -> (Int, Int, Int)? {
    guard j + 5 < s.count,
      s[j + 1].scalar.isASCIIDigit, s[j + 2].scalar.isASCIIDigit, s[j + 4].scalar.isASCIIDigit,
      s[j + 5].scalar.isASCIIDigit
    else { return nil }
    if j + 6 < s.count, s[j + 6].scalar.isASCIIDigit { return nil }
    let month = Int(string(s, j + 1, j + 3))!
    let day = Int(string(s, j + 4, j + 6))!
    guard (1...12).contains(month), (1...31).contains(day) else { return nil }
    return (month, day, j + 6)
  }
}
