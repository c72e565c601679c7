internal import TextModel
internal import UnicodeSupport

/// Numeric dates in the locale's order (issue 58): the order of a date's fields comes from CLDR
/// (``LocaleInfo/dateFieldOrder(forLanguageTag:)``), for every language; a date written day first
/// is said day first where the lexicon has that form ("the 15th of January"), and a four-digit year
/// standing alone is a year.
extension NumberToken {
  /// A slash date with a two-digit year: "11/17/05" and "01/07/98" (en-US month first), "17/11/05"
  /// (day first, en-GB and most locales), "26/04/18" (ja, zh: year first), in the order CLDR gives
  /// the locale; a part over 12 is the day whatever the order says. Where the lexicon says
  /// dates with month names (English).
  func shortYearDate(_ numeral: Numeral, _ carried: inout TrackedCarriedState) -> NumberReading? {
    let first = numeral.text
    // The separator first: most numbers have none (speaking is a hot path).
    guard numeral.end + 1 < s.count, s[numeral.end].scalar == "/", unsigned, (1...2).contains(first.utf8.count),
      Self.isDigits(first), lexicon.monthNameDate != nil, let shortYear = lexicon.shortYear,
      let (b, secondDigits, secondEnd) = integer(s, numeral.end + 1, limit: 2), secondDigits >= 1,
      secondEnd + 1 < s.count, s[secondEnd].scalar == "/",
      let (c, thirdDigits, end) = integer(s, secondEnd + 1, limit: 2), thirdDigits == 2, isBoundary(s, end),
      !(end + 1 < s.count && (s[end].scalar == "/" || s[end].scalar == "." || s[end].scalar == "-")
        && s[end + 1].scalar.isASCIIDigit),
      let a = Int(first)
    else { return nil }
    let order = LocaleInfo.dateFieldOrder(forLanguageTag: tag)
    var year: String
    var month: Int
    var day: Int
    var dayFirst: Bool
    if order == .yearMonthDay, first.utf8.count == 2 {
      (year, month, day, dayFirst) = (first, b, c, false)
    } else {
      year = string(s, secondEnd + 1, end)
      dayFirst = order != .monthDayYear
      if a > 12 { dayFirst = true } else if b > 12 { dayFirst = false }
      (month, day) = dayFirst ? (b, a) : (a, b)
    }
    guard (1...12).contains(month), (1...31).contains(day) else { return nil }
    let date = monthNameDateSpeech(month: month, day: day, year: nil, dayFirst: dayFirst, &carried)
    return NumberReading(text: said(lexicon.join([date + ",", shortYear(year)])), end: end, kind: .date)
  }

  /// A date with its month as a name: said day first ("the 15th of January, 2020") when it was
  /// written day first and the lexicon has that form, else the lexicon's usual date.
  func numericDateSpeech(
    year: Int, month: Int, day: Int, writtenDayFirst: Bool, _ carried: inout TrackedCarriedState
  ) -> String {
    // Only a lexicon with a day-first form of its own says it (English: "the 15th of January" beside
    // "January 15th"); one whose dates are said one way (Vietnamese, day first) keeps its usual date.
    guard writtenDayFirst, month != day, let format = lexicon.monthNameDate,
      format(month, day, year, true, false) != format(month, day, year, false, false)
    else {
      return spokenDate(lexicon, year, month, day, &carried)
    }
    return monthNameDateSpeech(month: month, day: day, year: year, dayFirst: true, &carried)
  }

  /// ``SpeechLexicon/monthNameDate``'s date, "the" left out right after "the".
  private func monthNameDateSpeech(
    month: Int, day: Int, year: Int?, dayFirst: Bool, _ carried: inout TrackedCarriedState
  ) -> String {
    guard let format = lexicon.monthNameDate else { return "" }
    return format(month, day, year, dayFirst, carried.recentWords.last == "the")
  }

  /// Whether the word before a day and month without a year makes it a date: a weekday or date
  /// word (``SpeechLexicon/dateCues``) or a preposition of a point in time
  /// (``SpeechLexicon/datePrepositions``: "on 5/6", "until 05/06", "since 16/10").
  func isDateCue(_ word: String?) -> Bool {
    guard let word else { return false }
    return lexicon.dateCues.contains(word)
      || (SpeechLexicon.datePrepositions[lexicon.language]?.contains(word) ?? false)
  }

  /// A four-digit year standing alone: the whole line or sentence ("1994", "“2012.”"), or all that
  /// is inside parentheses ("(1876)"). 1100–2099, with no grouping mark: said as the lexicon says
  /// years ("19 94"). A number with words around it is left to the other readers ("in 1994" is
  /// ``yearByNeighbours(_:_:)``'s; "1500 people" a count).
  func bareYear(_ numeral: Numeral) -> NumberReading? {
    let first = numeral.text
    guard first.utf8.count == 4, unsigned, Self.isDigits(first), let value = Int(first), (1100...2099).contains(value),
      lexicon.numberWordPlural != nil
    else { return nil }
    // Back to the line's start (or an opening parenthesis) over spaces and opening quotes.
    var k = start - 1
    while k >= 0, " \t\"'“‘[".unicodeScalars.contains(s[k].scalar) { k -= 1 }
    let inParentheses = k >= 0 && s[k].scalar == "("
    guard k < 0 || s[k].scalar == "\n" || inParentheses else { return nil }
    // On to the line's end (or the closing parenthesis) over spaces, closing quotes and marks.
    var e = numeral.end
    if inParentheses {
      while e < s.count, s[e].scalar == " " { e += 1 }
      guard e < s.count, s[e].scalar == ")" else { return nil }
    } else {
      while e < s.count, " \t\"'”’].,;!?)".unicodeScalars.contains(s[e].scalar) { e += 1 }
      guard e == s.count || s[e].scalar == "\n" else { return nil }
    }
    return NumberReading(text: said(lexicon.year(value)), end: numeral.end, kind: .date)
  }
}

extension NumberToken {
  /// A year before an era: "340 A.D", "44 BC", "1066 AD", "500 BCE": the year as the lexicon says
  /// years (three digits in pairs, "3 40"), the era as its dotted letters ("A.D"), which synthesizers
  /// say letter by letter where "AD" may be the word. A dot after the era is left to the text.
  func yearBeforeEra(_ numeral: Numeral) -> NumberReading? {
    let first = numeral.text
    // An ASCII capital after the number first: most numbers have none (speaking is a hot path).
    let eraStart = skipSpaces(s, numeral.end)
    guard eraStart < s.count, s[eraStart].scalar.value >= 0x41, s[eraStart].scalar.value <= 0x5A, unsigned,
      (1...4).contains(first.utf8.count), Self.isDigits(first), let value = Int(first), value > 0,
      let eras = SpeechLexicon.eras[lexicon.language]
    else { return nil }
    var letters = ""
    var end = eraStart
    var lastLetterEnd = eraStart
    while end < s.count, letters.utf8.count < 4,
      s[end].scalar.isASCII && (s[end].scalar.properties.isUppercase || (s[end].scalar == "." && !letters.isEmpty))
    {
      if s[end].scalar != "." {
        letters.unicodeScalars.append(s[end].scalar)
        lastLetterEnd = end + 1
      } else if end + 1 < s.count, s[end + 1].scalar.properties.isUppercase {
        lastLetterEnd = end + 1
      }
      end += 1
    }
    guard let era = eras[letters], isBoundary(s, lastLetterEnd) || s[lastLetterEnd].scalar == "." else { return nil }
    let year = first.utf8.count == 4 ? lexicon.year(value) : SpeechLexicon.inPairs(first)
    return NumberReading(text: said(lexicon.join([year, era])), end: lastLetterEnd, kind: .date)
  }

  /// A quarter of a year written "2Q22", "4Q2021": "the 2nd quarter of 22".
  func quarterOfYear(_ numeral: Numeral) -> NumberReading? {
    guard numeral.end + 2 < s.count, s[numeral.end].scalar == "Q", unsigned, numeral.text.utf8.count == 1,
      let quarter = Int(numeral.text), (1...4).contains(quarter),
      let say = SpeechLexicon.quarterOfYear[lexicon.language],
      let (value, digits, end) = integer(s, numeral.end + 1, limit: 4),
      digits == 2 || digits == 4, isBoundary(s, end)
    else { return nil }
    let year = digits == 4 ? lexicon.year(value) : string(s, numeral.end + 1, end)
    return NumberReading(text: said(say(quarter, year)), end: end, kind: .date)
  }
}

extension SpeechLexicon {
  /// Eras after a year, by their capital letters, and how they are written for speech.
  static let eras: [String: [String: String]] = [
    "en": ["AD": "A.D", "BC": "B.C", "BCE": "B.C.E", "CE": "C.E"]
  ]

  /// "the 2nd quarter of 22", by language.
  static let quarterOfYear: [String: @Sendable (Int, String) -> String] = [
    "en": { quarter, year in "the \(englishOrdinal(quarter)) quarter of \(year)" }
  ]

  /// A number of three or four digits in pairs, as English says house numbers and early years:
  /// "340" → "3 40", "708" → "7 oh 8", "1200" → "12 hundred"; others unchanged.
  static func inPairs(_ digits: String) -> String {
    guard (3...4).contains(digits.utf8.count) else { return SpeechBuilder.trimZeros(digits) }
    let head = SpeechBuilder.trimZeros(String(digits.dropLast(2)))
    let tail = String(digits.suffix(2))
    if tail == "00" { return "\(head) hundred" }
    if tail.hasPrefix("0") { return "\(head) oh \(tail.dropFirst())" }
    return "\(head) \(tail)"
  }

  /// Prepositions of a point in time: a day and a month written with a slash right after one is a
  /// date ("on 5/6", "until 05/06"). "by", "from", "to", "before" and "after" are left out: they take
  /// amounts as often ("reduced by 1/3", "from 1/2 to 3/4 cup").
  static let datePrepositions: [String: Set<String>] = [
    "en": ["on", "until", "till", "since"]
  ]

  /// A two-digit year as the language says it after a date ("05" → "oh 5", "98" → "98").
  var shortYear: (@Sendable (String) -> String)? {
    switch language {
    case "en":
      return { year in
        guard year.utf8.count == 2, year.hasPrefix("0") else { return year }
        return "oh " + String(year.dropFirst())
      }
    default: return nil
    }
  }
}
