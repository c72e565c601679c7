internal import TextModel
internal import UnicodeSupport

/// Dates written with month names, years, ordinals, meridiems, time zones and initialisms: tokens
/// classified by their own shape and their nearest neighbours (the word right before, the word right
/// after), never by cue words elsewhere in the sentence. Every word said comes from the lexicon.
extension ScalarReading {
  /// The letters (ASCII or not) from `start`, and where they end.
  func letters(_ s: [SourcedScalar], from start: Int) -> (String, Int) {
    var end = start
    while end < s.count, s[end].scalar.isWordScalar { end += 1 }
    return (string(s, start, end), end)
  }

  /// Whether `index` is past a token: the end, or a scalar that is neither a letter nor a digit.
  /// Han and kana count as a boundary too: Chinese and Japanese words follow numbers without a space
  /// ("有1/3的人").
  func isBoundary(_ s: [SourcedScalar], _ index: Int) -> Bool {
    index >= s.count || !(s[index].scalar.isWordScalar || s[index].scalar.isASCIIDigit)
      || SpeechBuilder.isCJK(s[index].scalar)
  }

  /// Skips spaces (not line breaks) from `index`.
  func skipSpaces(_ s: [SourcedScalar], _ index: Int) -> Int {
    var j = index
    while j < s.count, s[j].scalar == " " || s[j].scalar == "\u{A0}" { j += 1 }
    return j
  }

  /// A month name or abbreviation at `i` ("July", "jul", "Sept."), its number and where it ends
  /// (after an abbreviation's dot).
  func monthName(_ s: [SourcedScalar], _ i: Int, lexicon: SharedLexicon) -> (month: Int, end: Int)? {
    guard !lexicon.monthNumbers.isEmpty else { return nil }
    let (word, end) = letters(s, from: i)
    guard let month = lexicon.monthNumbers[word.lowercased()], isBoundary(s, end) else { return nil }
    if end < s.count, s[end].scalar == ".", word.count <= 4 { return (month, end + 1) }
    return (month, end)
  }

  /// Digits at `index` (at most `limit`), their value, and where they end; nil unless a boundary follows.
  func integer(_ s: [SourcedScalar], _ index: Int, limit: Int) -> (value: Int, digits: Int, end: Int)? {
    var end = index
    while end < s.count, s[end].scalar.isASCIIDigit, end - index < limit + 1 { end += 1 }
    guard end > index, end - index <= limit, let value = Int(string(s, index, end)) else { return nil }
    return (value, end - index, end)
  }

  /// A lexicon ordinal suffix at `index` ("th" in "25th"), and where it ends.
  func ordinalSuffix(_ s: [SourcedScalar], _ index: Int, lexicon: SharedLexicon) -> Int? {
    guard !lexicon.ordinalSuffixes.isEmpty else { return nil }
    let (word, end) = letters(s, from: index)
    return lexicon.ordinalSuffixes.contains(word.lowercased()) && isBoundary(s, end) ? end : nil
  }

  /// A year after a date's day: `[,] YYYY` (1000–2999) followed by a boundary.
  func trailingYear(_ s: [SourcedScalar], _ index: Int) -> (year: Int, end: Int)? {
    var j = index
    if j < s.count, s[j].scalar == "," || s[j].scalar == "-" { j += 1 }
    let start = skipSpaces(s, j)
    guard start > index || (index < s.count && s[index].scalar == "-"),
      let (year, digits, end) = integer(s, start, limit: 4), digits == 4, (1000...2999).contains(year),
      isBoundary(s, end)
    else { return nil }
    return (year, end)
  }

  /// A date led by a month name: "July 25 2012", "jul 25th, 2012", "SEPT. 15", "Jan-15-2020", or
  /// a month and a year "July 1876". Returns the spoken date and where it ends.
  func monthFirstDate(_ s: [SourcedScalar], _ i: Int, lexicon: SharedLexicon) -> (String, Int)? {
    guard let format = lexicon.monthNameDate, let (month, afterMonth) = monthName(s, i, lexicon: lexicon) else {
      return nil
    }
    var j = afterMonth
    if j < s.count, s[j].scalar == "-" { j += 1 } else { j = skipSpaces(s, j) }
    guard j > afterMonth, let (value, digits, end) = integer(s, j, limit: 4) else { return nil }
    if digits == 4, (1000...2999).contains(value), isBoundary(s, end) {
      return (format(month, nil, value, false, false), end)
    }
    guard digits <= 2, (1...31).contains(value) else { return nil }
    var next = end
    if let suffixEnd = ordinalSuffix(s, end, lexicon: lexicon) { next = suffixEnd }
    guard isBoundary(s, next) else { return nil }
    let year = trailingYear(s, next)
    return (format(month, value, year?.year, false, false), year?.end ?? next)
  }

  /// A date led by its day: "25 july 2012", "22nd July", "15 January". `i` is at the day's digits.
  func dayFirstDate(
    _ s: [SourcedScalar], _ i: Int, lexicon: SharedLexicon, _ carried: inout TrackedCarriedState
  ) -> (String, Int)? {
    guard let format = lexicon.monthNameDate, let (day, digits, end) = integer(s, i, limit: 2), digits <= 2,
      (1...31).contains(day)
    else { return nil }
    var next = end
    if let suffixEnd = ordinalSuffix(s, end, lexicon: lexicon) { next = suffixEnd }
    let monthStart = skipSpaces(s, next)
    guard monthStart > next, let (month, afterMonth) = monthName(s, monthStart, lexicon: lexicon) else { return nil }
    let year = trailingYear(s, afterMonth)
    let afterThe = carried.recentWords.last == "the"
    return (format(month, day, year?.year, true, afterThe), year?.end ?? afterMonth)
  }

  /// A four-digit year by its neighbours: a decade ("1980s"), an era after it ("340 A.D"), or a
  /// year cue right before it ("in 1994"). Returns the spoken year and where it ends.
  func year(
    _ s: [SourcedScalar], _ i: Int, digits first: String, end j: Int, lexicon: SharedLexicon,
    _ carried: inout TrackedCarriedState
  ) -> (String, Int)? {
    guard first.count == 4, first.unicodeScalars.allSatisfy(\.isASCIIDigit), let value = Int(first),
      (1000...2999).contains(value)
    else { return nil }
    let spoken = lexicon.year(value)
    // A decade: "1980s", "1980's".
    if j < s.count, s[j].scalar == "s", isBoundary(s, j + 1), lexicon.numberWordPlural != nil {
      return (spoken + "s", j + 1)
    }
    if j + 1 < s.count, s[j].scalar == "'" || s[j].scalar == "\u{2019}", s[j + 1].scalar == "s", isBoundary(s, j + 2),
      lexicon.numberWordPlural != nil
    {
      return (spoken + "s", j + 2)
    }
    // ("in 1000 cases" is a count, not the year 1000.)
    if let last = carried.recentWords.last, lexicon.yearCues.contains(last), isBoundary(s, j), value != 1000 {
      return (spoken, j)
    }
    return nil
  }

  /// Time zone letters after a time ("EST", "e.s.t", "est"), spoken letter by letter, and where they end.
  func timeZone(_ s: [SourcedScalar], _ k: Int, lexicon: SharedLexicon) -> (String, Int)? {
    guard !lexicon.timeZones.isEmpty else { return nil }
    let start = skipSpaces(s, k)
    var end = start
    var letters = ""
    while end < s.count, s[end].scalar.isWordScalar || (s[end].scalar == "." && !letters.isEmpty), letters.count < 5 {
      if s[end].scalar != "." { letters.unicodeScalars.append(s[end].scalar) }
      end += 1
    }
    guard lexicon.timeZones.contains(letters.lowercased()), isBoundary(s, end) else { return nil }
    return (letters.uppercased().map(String.init).joined(separator: " "), end)
  }

  /// An initialism written with dots ("U.S.A.", "U.K"): capital letters read one by one.
  func initialism(_ s: [SourcedScalar], _ i: Int) -> (String, Int)? {
    var letters: [String] = []
    var j = i
    while j < s.count, s[j].scalar.isUppercaseLetter, j + 1 < s.count || !letters.isEmpty {
      guard isBoundary(s, j + 1) || s[j + 1].scalar == "." else { return nil }
      letters.append(String(s[j].scalar))
      j += 1
      guard j < s.count, s[j].scalar == "." else { break }
      j += 1
    }
    guard letters.count >= 2, isBoundary(s, j) else { return nil }
    return (letters.joined(separator: " "), j)
  }
}

extension SpeechBuilder {
  /// A range's second half right after a number with a unit, percent, currency or meridiem
  /// ("2%-10%", "$250-$300", "2pm-5pm"): when `k` is at a dash followed by another number, says the
  /// lexicon's range word and returns where that number starts.
  func rangeContinuation(_ s: [SourcedScalar], _ k: Int, lexicon: SharedLexicon, language: String) -> Int? {
    var j = skipSpaces(s, k)
    guard j < s.count, s[j].scalar == "-" || s[j].scalar == "–" else { return nil }
    let dash = j
    j = skipSpaces(s, j + 1)
    guard j < s.count,
      s[j].scalar.isASCIIDigit
        || (SpeechBuilder.currencySymbols.contains(s[j].scalar) && j + 1 < s.count && s[j + 1].scalar.isASCIIDigit)
    else { return nil }
    add(lexicon.range, source(s, dash, dash + 1), kind: .range, language: language)
    return j
  }

  /// A Roman numeral right after a lexicon cue word ("chapter IV", "thế kỷ XX", "phần ix"): all capitals
  /// or all small letters, in canonical form (IV, not IIII), 1 to 3999; its value and where it ends.
  func romanNumeral(_ s: [SourcedScalar], _ i: Int, lexicon: SharedLexicon) -> (Int, Int)? {
    // A word whose first scalar is ASCII is a numeral only if that letter is one of the seven (either
    // case: an ASCII letter's capital is ASCII), decided before the cue word's hash lookup, which every
    // word paid (2% of speaking a text). Any other first scalar takes the full path.
    // `RomanNumeralTests` compares this with the full path.
    if s[i].scalar.isASCII, !SpeechBuilder.isRomanLetter(s[i].scalar) { return nil }
    return romanNumeralAfterCue(s, i, lexicon: lexicon)
  }

  /// Whether `scalar` is I, V, X, L, C, D or M, in either case.
  static func isRomanLetter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "I", "V", "X", "L", "C", "D", "M", "i", "v", "x", "l", "c", "d", "m": true
    default: false
    }
  }

  /// ``romanNumeral(_:_:lexicon:)`` without the first-letter shortcut.
  func romanNumeralAfterCue(_ s: [SourcedScalar], _ i: Int, lexicon: SharedLexicon) -> (Int, Int)? {
    guard let cue = recentWords.last, lexicon.romanCues.contains(cue) else { return nil }
    let (word, end) = letters(s, from: i)
    guard !word.isEmpty, word.count <= 15, word == word.uppercased() || word == word.lowercased(),
      let value = SpeechBuilder.romanValue(word.uppercased())
    else { return nil }
    return (value, end)
  }

  /// The value of a canonical Roman numeral ("XCIX" → 99), or nil.
  static func romanValue(_ numeral: String) -> Int? {
    let values: [Character: Int] = ["I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000]
    var total = 0
    var previous = 0
    for character in numeral.reversed() {
      guard let value = values[character] else { return nil }
      total += value < previous ? -value : value
      previous = max(previous, value)
    }
    guard (1...3999).contains(total), romanNumeral(total) == numeral else { return nil }
    return total
  }

  /// The canonical Roman numeral of 1…3999.
  static func romanNumeral(_ number: Int) -> String {
    let table: [(Int, String)] = [
      (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"), (40, "XL"), (10, "X"),
      (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
    ]
    var rest = number
    var out = ""
    for (value, letters) in table {
      while rest >= value {
        out += letters
        rest -= value
      }
    }
    return out
  }

}

extension ScalarReading {
  /// A fraction at `i` ("3/4", "1/4th", "1795 / 1805") as the lexicon says it, and where it ends; nil
  /// when it is part of a date or a path ("1/2/2024", "1/2/x"); in the words of the region `tag`
  /// declares where the lexicon has some (``SpeechLexicon/regionalFraction``).
  func fraction(_ s: [SourcedScalar], _ i: Int, lexicon: SharedLexicon, language: String, tag: String) -> (
    String, Int
  )? {
    guard let say = lexicon.fraction, i == 0 || s[i - 1].scalar != "/",
      let (_, _, numeratorEnd) = integer(s, i, limit: 9)
    else { return nil }
    var j = numeratorEnd
    if j < s.count, s[j].scalar == " " { j += 1 }
    guard j < s.count, s[j].scalar == "/" else { return nil }
    j += 1
    if j < s.count, s[j].scalar == " " { j += 1 }
    guard let (denominatorValue, _, denominatorEnd) = integer(s, j, limit: 9), denominatorValue > 0 else { return nil }
    var end = denominatorEnd
    if let suffixEnd = ordinalSuffix(s, end, lexicon: lexicon) { end = suffixEnd }
    guard isBoundary(s, end) || unitAfter(s, end, lexicon: lexicon) != nil, !(end < s.count && s[end].scalar == "/")
    else { return nil }
    // Inside a code joined by hyphens ("MIG-25/235212-asdg", "1-3/4-x") it is a serial, not a fraction.
    func alphanumeric(_ k: Int) -> Bool {
      k >= 0 && k < s.count && (s[k].scalar.isWordScalar || s[k].scalar.isASCIIDigit)
    }
    guard !(i >= 2 && s[i - 1].scalar == "-" && alphanumeric(i - 2)),
      !(end + 1 < s.count && s[end].scalar == "-" && alphanumeric(end + 1))
    else { return nil }
    let numerator = SpeechBuilder.trimZeros(string(s, i, numeratorEnd))
    let denominator = SpeechBuilder.trimZeros(string(s, j, denominatorEnd))
    guard !lexicon.notFractions.contains("\(numerator)/\(denominator)") else { return nil }
    if let regional = lexicon.regionalFraction, let region = LocaleInfo.declaredRegion(forLanguageTag: tag),
      let spoken = regional(numerator, denominator, region)
    {
      return (spoken, end)
    }
    return (say(numerator, denominator, numbers.ordinal(denominator, language: language)), end)
  }
}
