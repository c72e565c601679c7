@_spi(Plumbing) internal import TextModel
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
    let s = context.normalizer.normalize(context.document[range], base: range.start)
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
      if !literal, i + 1 < s.count, s[i + 1].start == s[i].start,
        s[i + 1].scalar == "\u{FE0F}" || s[i + 1].scalar == "\u{20E3}"
      {
        // A keycap ("1️⃣", "#️⃣"): one symbol with CLDR's name ("keycap: 1"), not a number.
        i = symbol(s, i, tag: tag, language: language, literal: literal)
        lastTokenWasWord = false
      } else if !literal, startsNumber(s, i) {
        let next = number(s, i, language: language, tag: tag)
        // Every token reader must move on; a number that reads nothing leaves its first scalar to
        // the symbol reader rather than loop.
        i = next > i ? next : symbol(s, i, tag: tag, language: language, literal: literal)
        lastTokenWasWord = false
      } else if scalar.isWordScalar {
        // Literal text (code) is said word by word: its pieces become code, each a segment.
        if context.renderer.tuning.wordRuns, !literal,
          let next = plainWords(s, i, language: language, tag: tag, languageEnd: tagEnd)
        {
          i = next
        } else {
          i = word(s, i, language: language)
        }
      } else if literal, scalar.isASCIIDigit {
        var j = i
        while j < s.count, s[j].scalar.isASCIIDigit { j += 1 }
        add(
          numerals(string(s, i, j), language), source(s, i, j), kind: .number, language: language,
          verbatim: context.options.numbers == .numerals)
        i = j
      } else {
        i = symbol(s, i, tag: tag, language: language, literal: literal)
        lastTokenWasWord = false
      }
    }
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
    if Self.mayOpenInitialism(s, i), let (spelled, next) = initialism(s, i) {
      add(spelled, source(s, i, next), kind: .text, language: language)
      noteWord(spelled, lowercased: spelled.lowercased())
      return next
    }
    if i + 2 < s.count, s[i + 1].scalar == ".", let (era, next) = japaneseEraYear(s, i, language: language) {
      add(numerals(era, language), source(s, i, next), kind: .date, language: language)
      lastTokenWasWord = false
      return next
    }
    if i + 1 < s.count, s[i + 1].scalar == ".", !lexicon.dottedAbbreviations.isEmpty,
      let (spoken, next) = dottedAbbreviation(s, i, lexicon: lexicon)
    {
      add(spoken, source(s, i, next), kind: .text, language: language)
      noteWord(spoken, lowercased: spoken)
      return next
    }
    if i + 2 < s.count, s[i + 2].scalar == ".", let (spoken, next) = positionalAbbreviation(s, i, language: language) {
      add(spoken, source(s, i, next), kind: .text, language: language)
      noteWord(spoken, lowercased: spoken.lowercased())
      return next
    }
    var j = i
    while j < s.count {
      let scalar = s[j].scalar
      if scalar.isWordScalar { j += 1; continue }
      // An apostrophe inside a word ("don't", "l’eau") belongs to it.
      if j > i, Self.continuesWord(s, at: j) { j += 1; continue }
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

  /// A dotted abbreviation of the lexicon at `i` ("د.إ."), the longest written form first, ending at
  /// a boundary: its word and where it ends.
  func dottedAbbreviation(_ s: [SourcedScalar], _ i: Int, lexicon: SharedLexicon) -> (String, Int)? {
    var best: (String, Int)?
    for (written, spoken) in lexicon.dottedAbbreviations {
      let count = written.unicodeScalars.count
      guard i + count <= s.count, count > (best.map { $0.1 - i } ?? 0) else { continue }
      var k = 0
      for scalar in written.unicodeScalars {
        guard s[i + k].scalar == scalar else { break }
        k += 1
      }
      guard k == count, i + count == s.count || !s[i + count].scalar.isWordScalar else { continue }
      best = (spoken, i + count)
    }
    return best
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
    guard Self.asciiLetter(s, i) != nil else { return nil }
    let lexicon = self.lexicon(language)
    guard let run = wordRun(s, i, lexicon: lexicon, language: language, tag: tag, languageEnd: languageEnd) else {
      return nil
    }
    add(wordRunText(s, i, run.end), source(s, i, run.end), kind: .text, language: language, verbatim: true)
    noteWords(of: run, from: i, in: s)
    return run.end
  }

  /// A run of plain words (``plainWords(_:_:language:tag:languageEnd:)``): its last word, where it
  /// ends (after any mark of its own), and the words since its start or its last sentence mark (the
  /// ones noted).
  struct WordRun {
    var last: Range<Int>
    var end: Int
    var wordCount: Int
  }

  /// The run of plain words at `i` (nil when the first word is not plain), clearing the recent
  /// words at each sentence mark the run takes in, as ``symbol(_:_:tag:language:literal:)`` does.
  private func wordRun(
    _ s: [SourcedScalar], _ i: Int, lexicon: SharedLexicon, language: String, tag: String, languageEnd: Int
  ) -> WordRun? {
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
      while end < s.count, Self.asciiLetter(s, end) != nil { end += 1 }
      guard isPlainWord(s, start..<end, after: previous, lexicon: lexicon) else { break }
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
      guard after > spaces, after < s.count, Self.asciiLetter(s, after) != nil, s[after].start < languageEnd else {
        break
      }
      start = after
    }
    guard let last else { return nil }
    return WordRun(last: last, end: runEnd, wordCount: wordCount)
  }

  /// Whether the ASCII letters `word` are a plain word: ``word(_:_:language:)`` would say them as
  /// written, reading nothing but the word before (`previous` in the run, else the last recent
  /// word): no more letters after them (``continuesWord(_:at:)``), no initialism
  /// (``mayOpenInitialism(_:_:)``), no Roman numeral after a cue word, no month name.
  private func isPlainWord(
    _ s: [SourcedScalar], _ word: Range<Int>, after previous: Range<Int>?, lexicon: SharedLexicon
  ) -> Bool {
    let (start, end) = (word.lowerBound, word.upperBound)
    if end < s.count {
      let next = s[end].scalar
      if next.value >= 0x80 && next.isWordScalar { return false }
      if Self.continuesWord(s, at: end) { return false }
      if end - start == 1, Self.mayOpenInitialism(s, start) { return false }
      // "Dr.", "St.": said by where they stand (``positionalAbbreviation(_:_:language:)``).
      if end - start == 2, next == ".", s[start].scalar.properties.isUppercase,
        StreetWords.forLanguage(lexicon.language)?.isPositional(string(s, start, end)) == true
      {
        return false
      }
    }
    if SpeechBuilder.isRomanLetter(s[start].scalar) {
      if let previous {
        if lexicon.romanCueOpenings.mayHold(opening: Self.letterOpening(s, previous)),
          lexicon.romanCues.contains(Self.asciiLowercased(s, previous))
        {
          return false
        }
      } else if let cue = recentWords.last, lexicon.romanCues.contains(cue) {
        return false
      }
    }
    if lexicon.monthOpenings.mayHold(opening: Self.letterOpening(s, word)),
      lexicon.monthNumbers[Self.asciiLowercased(s, word)] != nil
    {
      return false
    }
    return true
  }

  /// The text of a word run `s[i..<end]`: its words and marks, one space between them, from the
  /// source's bytes when the run's scalars are its bytes one for one (``collapsedASCII(_:from:to:)``),
  /// else from the scalars.
  private func wordRunText(_ s: [SourcedScalar], _ i: Int, _ runEnd: Int) -> String {
    let sourceStart = s[i].start
    let sourceEnd = s[runEnd - 1].end
    let fromSource =
      sourceEnd - sourceStart == runEnd - i
      ? Self.collapsedASCII(context.document.text, from: sourceStart, to: sourceEnd) : nil
    return fromSource
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
  }

  /// Notes a word run's words as ``noteWord(_:lowercased:)`` notes each: its last six since a
  /// sentence mark, in order (earlier ones would leave the list of recent words), in place (no
  /// array of ranges or of strings per run: they were a fifth of ``plainWords(_:_:language:tag:languageEnd:)``);
  /// the last also as written (the same string as its lower case when it has no capital and was
  /// just noted). After a mark, as after ``symbol(_:_:tag:language:literal:)``, the last token was
  /// no word.
  private func noteWords(of run: WordRun, from i: Int, in s: [SourcedScalar]) {
    let last = run.last
    let keep = min(run.wordCount, 6)
    if keep > 0 {
      var first = last.lowerBound
      for _ in 1..<keep {
        while Self.asciiLetter(s, first - 1) == nil { first -= 1 }
        while first > i, Self.asciiLetter(s, first - 1) != nil { first -= 1 }
      }
      Self.note(
        keep, wordsFrom: first, to: last.upperBound, in: s, lowercased: { Self.asciiLowercased(s, $0) },
        into: &recentWords)
    }
    lastWord =
      last.contains { s[$0].scalar.isUppercaseLetter }
      ? string(s, last.lowerBound, last.upperBound) : keep > 0 ? recentWords.last : Self.asciiLowercased(s, last)
    lastTokenWasWord = run.end == last.upperBound
  }

  /// The ASCII letter `s[k]`, or nil.
  @inline(__always) static func asciiLetter(_ s: [SourcedScalar], _ k: Int) -> UInt8? {
    let value = s[k].scalar.value
    return value < 0x80 && LetterOpeningFilter.isLetter(UInt8(truncatingIfNeeded: value))
      ? UInt8(truncatingIfNeeded: value) : nil
  }

  /// The lower case of the ASCII letters `s[word]`.
  @inline(__always) static func asciiLowercased(_ s: [SourcedScalar], _ word: Range<Int>) -> String {
    String(unsafeUninitializedCapacity: word.count) { buffer in
      for k in word { buffer[k - word.lowerBound] = UInt8(truncatingIfNeeded: s[k].scalar.value) | 0x20 }
      return word.count
    }
  }

  /// The ``LetterOpeningFilter`` opening of the ASCII letters `s[word]`.
  @inline(__always) static func letterOpening(_ s: [SourcedScalar], _ word: Range<Int>) -> Int {
    LetterOpeningFilter.opening(of: word.count) { UInt8(truncatingIfNeeded: s[word.lowerBound + $0].scalar.value) }
  }

  /// Whether `s[j]`, after a word's letters, continues the word: an apostrophe followed by a word
  /// scalar ("don't", "l’eau"). ``word(_:_:language:)`` takes it in; a plain word run stops before
  /// such a word.
  @inline(__always) static func continuesWord(_ s: [SourcedScalar], at j: Int) -> Bool {
    let scalar = s[j].scalar
    return (scalar == "'" || scalar == "\u{2019}") && j + 1 < s.count && s[j + 1].scalar.isWordScalar
  }

  /// Whether an initialism may open at `i` (a capital letter, then a full stop: "U.S."): only there
  /// does ``initialism(_:_:)`` read one, and a plain word run stops before it.
  @inline(__always) static func mayOpenInitialism(_ s: [SourcedScalar], _ i: Int) -> Bool {
    i + 1 < s.count && s[i + 1].scalar == "." && s[i].scalar.isUppercaseLetter
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
    if let marks = state.memo.proseMarksByTag[tag] { return marks }
    let table = self.table(language, tag: tag)
    let level = context.options.punctuation
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
    state.memo.proseMarksByTag[tag] = marks
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

}
