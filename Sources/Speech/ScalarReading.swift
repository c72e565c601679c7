internal import TextModel
internal import UnicodeSupport

/// The scanners the token readers share over normalized scalars (`[SourcedScalar]`): numerals,
/// units, meridiems, dates written with digits, colon meanings. Each reads its arguments, the
/// number style and the number words (a memo of ICU's spellers), and nothing a builder keeps; the
/// few that read the carried state (cue words, the last word) take it `inout`
/// (``TrackedCarriedState``). ``SpeechBuilder`` and ``NumberToken`` both read through them.
protocol ScalarReading {
  /// How numbers are said (numerals or words).
  var numberStyle: NumberStyle { get }
  /// Number words: ICU's spellers, made once per language (a memo: the same answer to the same
  /// question).
  var numbers: NumberWords { get }
}

extension SpeechBuilder: ScalarReading {
  var numberStyle: NumberStyle { context.options.numbers }

  /// `digits` without leading zeros ("08" → "8"; "00" → "0").
  static func trimZeros(_ digits: String) -> String {
    let trimmed = digits.drop { $0 == "0" }
    return trimmed.isEmpty ? "0" : String(trimmed)
  }
}

extension ScalarReading {
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

  /// Numbers as the number style wants them: numerals stay, or every numeral in `text` becomes
  /// words (`lexicon` is `language`'s).
  func numerals(_ text: String, _ language: String, lexicon: SharedLexicon) -> String {
    numberStyle == .words ? numbers.spellNumerals(in: text, language: language, lexicon: lexicon) : text
  }

  /// Reads a numeral with the language's separators ("1,234.5"; vi "1.234,5"); returns it as written.
  func readNumeral(
    _ s: [SourcedScalar], _ j: inout Int, language: String, lexicon: SharedLexicon, grouping: Bool = true
  ) -> String {
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
      if scalar == "." || scalar == ",", j + 1 < s.count, s[j + 1].scalar.isASCIIDigit, !out.isEmpty,
        s[j].end - s[j].start == 2
      {
        // Arabic's own separators (two UTF-8 bytes: ٬ U+066C, ٫ U+066B, folded to "," and "."):
        // ٬ groups thousands and ٫ is the decimal point, whatever the language does with ASCII marks
        // ("٨٬٥٠٠" is 8500, "١٬٢٥٠٫٧٥" 1250.75). The group is dropped and the decimal is a point (what
        // espeak-ng's Arabic voice reads as فاصل), so the number's other readers read it right.
        if scalar == ",", !sawDecimal, SpeechBuilder.groupFollows(s, j + 1) {
          j += 1
          continue
        }
        if scalar == ".", !sawDecimal {
          sawDecimal = true
          out.unicodeScalars.append(".")
          j += 1
          continue
        }
        break
      }
      if scalar == "." || scalar == ",", j + 1 < s.count, s[j + 1].scalar.isASCIIDigit, !out.isEmpty {
        let group =
          grouping && !sawDecimal && !lexicon.asciiCommaIsDecimal
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

  func hasCue(
    _ cues: CueWords, lexicon: SharedLexicon, after: [String], window: Int = 4, _ carried: inout TrackedCarriedState
  ) -> Bool {
    let spaced = lexicon.spaced
    let beforeWords = carried.recentWords.suffix(window)
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
    _ a: String, _ b: String, _ c: String?, lexicon: SharedLexicon, after: [String], followedByMeridiem: Bool = false,
    _ carried: inout TrackedCarriedState
  ) -> ColonMeaning {
    if carried.lastTokenWasWord, let lastWord = carried.lastWord, !a.contains("."), !a.contains(","), !b.contains("."),
      c == nil
    {
      if lexicon.spaced ? lexicon.books.contains(lastWord) : lexicon.books.contains(where: { lastWord.hasSuffix($0) }) {
        return .verse
      }
    }
    // The nearest context first: a time preposition right before ("until 10:30", "at 20:00") or a
    // half of the day right after ("10:30 pm") makes a clock reading a time, whatever cue words
    // ("mix", "score") came earlier in the sentence.
    let afterTimeWord = carried.recentWords.last.map { lexicon.timePrepositions.contains($0) } ?? false
    let clock = isClockReading(a, b, c)
    if clock, afterTimeWord || followedByMeridiem { return .time }
    if hasCue(lexicon.durationCues, lexicon: lexicon, after: after, &carried), b.count == 2 { return .duration }
    if !afterTimeWord, hasCue(lexicon.scoreCues, lexicon: lexicon, after: after, &carried), c == nil { return .score }
    if hasCue(lexicon.ratioCues, lexicon: lexicon, after: after, &carried) { return .ratio }
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

  /// The whole and the two-digit minor part of an amount of a currency with a minor unit ("$20.50" →
  /// 20 and 50; "$20.5" 20 and 50, one digit is tens of cents; "$20.500" too, a third decimal that is
  /// zero does not change the amount), nil for any other amount. The decimal mark is ".", or "," where
  /// the language writes decimals with a comma ("5,99$" in Vietnamese; Arabic text writes either).
  func minorAmount(_ symbol: String, _ first: String, lexicon: SharedLexicon) -> (whole: String, cents: String)? {
    guard lexicon.minorCurrency[symbol] != nil else { return nil }
    let comma = numbers.usesDecimalComma(lexicon.language) && !lexicon.asciiCommaIsDecimal
    // With a decimal comma, a dot before one or two digits is a decimal mark too ("$4.01"); before
    // three it groups thousands ("20.500$").
    guard let dot = comma ? first.lastIndex(of: ",") ?? first.lastIndex(of: ".") : first.firstIndex(of: ".")
    else { return nil }
    let digits = first.distance(from: dot, to: first.endIndex) - 1
    guard (1...2).contains(digits) || (digits == 3 && first.last == "0" && first[dot] == (comma ? "," : "."))
    else { return nil }
    var cents = String(first[first.index(after: dot)...].prefix(2))
    if cents.count == 1 { cents += "0" }
    return (String(first[..<dot]), cents)
  }

  func currencyWords(_ symbol: String, _ amount: String, first: String, lexicon: SharedLexicon) -> String {
    if amount == first, let minor = lexicon.minorCurrency[symbol], let major = lexicon.currency[symbol],
      let (whole, cents) = minorAmount(symbol, first, lexicon: lexicon)
    {
      // "$20.50" is 20 dollars 50 cents; "$0.02" is 2 cents.
      let unit = major(whole)
      if cents == "00" { return unit }
      let noWhole = SpeechBuilder.trimZeros(whole) == "0"
      if let say = lexicon.moneyWithMinor { return say(noWhole ? nil : unit, SpeechBuilder.trimZeros(cents), minor) }
      let small = lexicon.join([SpeechBuilder.trimZeros(cents), minor(isOne: cents == "01")])
      return noWhole ? small : lexicon.join([unit, small])
    }
    return lexicon.currency[symbol]?(amount) ?? lexicon.join([amount, symbol])
  }

  /// A unit or currency code right after a number ("5 km", "20kg", "3 km/h", "120 AED").
  func unitAfter(_ s: [SourcedScalar], _ k: Int, lexicon: SharedLexicon) -> (String, Int)? {
    var j = k
    var candidate = ""
    while j < s.count,
      s[j].scalar.isWordScalar || s[j].scalar == "/" || SpeechBuilder.currencySymbols.contains(s[j].scalar)
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
      if boundary, prefix.count >= 2, let unit = lexicon.foldedUnits[prefix.lowercased()] {
        return (unit, end)
      }
      length -= 1
    }
    return nil
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

  /// A numeric date's day and month from two parts in the locale's order (CLDR's month-and-day
  /// pattern: month first in en-US, day first in en-GB; a part over 12 is the day).
  func dayMonthYear(_ first: String, _ second: String, _ year: Int, tag: String) -> (year: Int, month: Int, day: Int)? {
    guard (1...2).contains(first.count), (1...2).contains(second.count), let a = Int(first), let b = Int(second),
      (1000...2999).contains(year)
    else { return nil }
    var monthFirst = LocaleInfo.monthPrecedesDay(forLanguageTag: tag)
    if a > 12 { monthFirst = false } else if b > 12 { monthFirst = true }
    let (month, day) = monthFirst ? (a, b) : (b, a)
    guard (1...12).contains(month), (1...31).contains(day) else { return nil }
    return (year, month, day)
  }

  /// A numeric date as the lexicon says it, without its lead word when the text just said it
  /// ("ngày 15/01/2024" is "ngày 15 tháng 1 …", not "ngày ngày 15 …").
  func spokenDate(
    _ lexicon: SharedLexicon, _ year: Int, _ month: Int, _ day: Int, _ carried: inout TrackedCarriedState
  ) -> String {
    let date = lexicon.date(year, month, day)
    if let lead = lexicon.dateLead, carried.recentWords.last == lead, date.hasPrefix(lead + " ") {
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
