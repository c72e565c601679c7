internal import TextModel
internal import UnicodeSupport

/// What a number reader read: one piece's speech (numerals already as the number style wants them),
/// where the number ends (a scalar index; the piece's source runs from the number's start to it),
/// its kind, and whether a range's second half may follow it ("2pm-5pm", "$250-$300").
struct NumberReading {
  var text: String
  var end: Int
  var kind: SpeechSegmentKind
  /// Said as written (numerals the synthesizer reads itself).
  var verbatim = false
  /// Whether the builder looks for a range's second half after it (``SpeechBuilder/rangeContinuation(_:_:lexicon:language:)``).
  var mayContinueRange = false
}

/// A number's first numeral as written ("1,234.5"; vi "1.234,5"), where it ends, and whether its
/// leading zero was dropped before a counter or a unit ("08月", "01h").
struct Numeral {
  let text: String
  let end: Int
  let zeroTrimmed: Bool
}

extension SpeechBuilder {
  /// Reads the number at `i` (``startsNumber(_:_:)`` said one starts there; `tag` is the language
  /// tag there, `language` its key) with the number readers (``NumberToken/read(_:)``), adds its
  /// piece, and returns where it ends (`i` when nothing was read).
  func number(_ s: [SourcedScalar], _ i: Int, language: String, tag: String) -> Int {
    let token = NumberToken(s, i, language: language, tag: tag, lexicon: lexicon(language), builder: self)
    let reading = token.read(&state.carry)
    add(reading.text, source(s, i, reading.end), kind: reading.kind, language: language, verbatim: reading.verbatim)
    if reading.mayContinueRange,
      let next = rangeContinuation(s, reading.end, lexicon: token.lexicon, language: language)
    {
      return next
    }
    return reading.end
  }
}

/// A number as the number readers see it: the scalars, where the number starts, its lead (a
/// percent sign written before it where the language does, a minus, a currency sign), the language
/// and its lexicon. Immutable: the readers are its methods, and the only state they may change is
/// the carried state they are handed `inout`.
///
/// ``read(_:)`` tries the readers in a declared order; the first that reads the number says it.
struct NumberToken: ScalarReading {
  let s: [SourcedScalar]
  /// Where the number starts (its lead included).
  let start: Int
  /// The language key and the tag it came from.
  let language: String
  let tag: String
  let lexicon: SharedLexicon
  let numberStyle: NumberStyle
  let numbers: NumberWords
  /// A currency sign before the digits ("$5", "-$5").
  let currency: String?
  /// A minus before the digits or before the currency sign ("-5", "-$380.00").
  let negative: Bool
  /// A percent sign before the digits ("%7"), where the language writes it so.
  let leadingPercent: Bool
  /// Where the digits start, after the lead.
  let body: Int

  init(_ s: [SourcedScalar], _ i: Int, language: String, tag: String, lexicon: SharedLexicon, builder: SpeechBuilder) {
    self.s = s
    start = i
    self.language = language
    self.tag = tag
    self.lexicon = lexicon
    numberStyle = builder.numberStyle
    numbers = builder.numbers
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
    self.currency = currency
    self.negative = negative
    self.leadingPercent = leadingPercent
    body = j
  }

  /// One number reader: its name, what it reads (docs/SPEECH.md's list is made from these), and the
  /// reader. ``readers`` is the order ``read(_:)`` tries them in.
  struct Reader: Sendable {
    let name: String
    let reads: String
    /// Whether it reads the number before its first numeral is read (``firstNumeral()``).
    let beforeNumeral: Bool
    let read: @Sendable (NumberToken, Numeral?, inout TrackedCarriedState) -> NumberReading?
  }

  /// The readers, in order: the first that reads the number says it. After them, a range's or a
  /// score's speech (``rangeOrScore(_:_:)``, ``dimensions(_:)``), else a time of day
  /// (``meridiem(_:)``), else ``amount(_:ranged:)``: the number itself with a scale word, percent,
  /// degrees, a unit or a currency.
  static let readers: [Reader] = [
    Reader(name: "bare decimal", reads: "\".1665\", \"$.01\"", beforeNumeral: true) { token, _, _ in token.bareDecimal()
    },
    Reader(name: "month after its word", reads: "vi \"tháng 1 2024\", \"tháng 04/1969\"", beforeNumeral: true) {
      token, _, carried in token.monthAfterWord(&carried)
    },
    Reader(
      name: "word after a cue", reads: "\"thứ 4\" (a number with its own word after a particular word)",
      beforeNumeral: true
    ) {
      token, _, carried in token.wordAfterCue(&carried)
    },
    Reader(name: "day first", reads: "\"25 July 2012\", \"the 22nd of July\"", beforeNumeral: true) {
      token, _, carried in token.dayFirst(&carried)
    },
    Reader(name: "identifier digits", reads: "\"b3_c\", \"gma4i\"", beforeNumeral: true) { token, _, _ in
      token.identifierDigits()
    },
    Reader(
      name: "Chinese date or count", reads: "\"05年\", \"8月8号\", \"1823年3月bc\", \"2934ad\", \"2个\" (Chinese only)",
      beforeNumeral: false
    ) { token, numeral, _ in token.chineseCalendar(numeral!) ?? token.chineseTwoBeforeMeasureWord(numeral!) },
    Reader(name: "digits in a code", reads: "\"MIG-25/235212-asdg\"", beforeNumeral: false) { token, numeral, _ in
      token.digitsInACode(numeral!)
    },
    Reader(name: "year before a marker", reads: "\"2015年\"", beforeNumeral: false) { token, numeral, _ in
      token.yearBeforeMarker(numeral!)
    },
    Reader(
      name: "colon", reads: "ratio, time, duration, verse or score (\"3:2\", \"10:30 pm\", \"John 3:16\")",
      beforeNumeral: false
    ) {
      token, numeral, carried in token.colon(numeral!, &carried)
    },
    Reader(name: "ISO date", reads: "\"2026-11-22\"", beforeNumeral: false) { token, numeral, carried in
      token.isoDate(numeral!, &carried)
    },
    Reader(name: "slash date", reads: "\"2026/04/18\", \"05/14/2026\"", beforeNumeral: false) {
      token, numeral, carried in
      token.slashDate(numeral!, &carried)
    },
    Reader(name: "short-year date", reads: "\"11/17/05\", en-GB \"17/11/05\"", beforeNumeral: false) {
      token, numeral, carried in token.shortYearDate(numeral!, &carried)
    },
    Reader(name: "year before an era", reads: "\"340 A.D\", \"44 BC\"", beforeNumeral: false) {
      token, numeral, _ in token.yearBeforeEra(numeral!)
    },
    Reader(name: "quarter of a year", reads: "\"2Q22\"", beforeNumeral: false) { token, numeral, _ in
      token.quarterOfYear(numeral!)
    },
    Reader(name: "day and month", reads: "\"Thursday 16/10\", en-GB \"31/12\"", beforeNumeral: false) {
      token, numeral, carried in token.dayMonth(numeral!, &carried)
    },
    Reader(name: "vanity number", reads: "\"1-800-FLOWERS\"", beforeNumeral: false) { token, numeral, _ in
      token.vanityNumber(numeral!)
    },
    Reader(name: "digit groups", reads: "\"123-123-5678\", \"(123) 123-5678\", \"555.555.5555\"", beforeNumeral: false)
    {
      token, numeral, _ in token.digitGroups(numeral!)
    },
    Reader(name: "house number", reads: "\"1428 Elm St.\", \"1211 E Arques Ave\"", beforeNumeral: false) {
      token, numeral, _ in token.streetAddress(numeral!)
    },
    Reader(name: "fraction", reads: "\"3/4\", \"1/4th\", \"2 1/2\"", beforeNumeral: false) { token, numeral, _ in
      token.fraction(numeral!)
    },
    Reader(name: "ordinal suffix", reads: "\"2nd\", \"21st\"", beforeNumeral: false) { token, numeral, _ in
      token.ordinalSuffix(numeral!)
    },
    Reader(name: "dotted sequence", reads: "\"2.10.3\", \"22.11.2026\", \"123.123.0.40\"", beforeNumeral: false) {
      token, numeral, carried in token.dottedSequence(numeral!, &carried)
    },
    Reader(name: "possessive", reads: "\"80's\"", beforeNumeral: false) { token, numeral, carried in
      token.possessive(numeral!, &carried)
    },
    Reader(name: "year by its neighbours", reads: "\"1980s\", \"in 1994\"", beforeNumeral: false) {
      token, numeral, carried in token.yearByNeighbours(numeral!, &carried)
    },
    Reader(name: "bare year", reads: "\"1994\" alone on its line, \"(1876)\"", beforeNumeral: false) {
      token, numeral, _ in token.bareYear(numeral!)
    },
    Reader(name: "arithmetic", reads: "\"1-4=5\"", beforeNumeral: false) { token, numeral, _ in
      token.arithmetic(numeral!)
    },
    Reader(name: "digit code", reads: "\"call 911\", \"dial 112\"", beforeNumeral: false) { token, numeral, carried in
      token.digitCode(numeral!, &carried)
    },
    Reader(name: "decimal-comma price", reads: "\"€4,50\"", beforeNumeral: false) { token, numeral, _ in
      token.decimalCommaPrice(numeral!)
    },
    Reader(name: "attached scale", reads: "vi \"10k\", \"1tr2\"", beforeNumeral: false) { token, numeral, _ in
      token.attachedScale(numeral!)
    },
    Reader(name: "letter clock", reads: "vi \"14h30\", \"09g05\", \"12p03s\"", beforeNumeral: false) {
      token, numeral, _ in token.letterClock(numeral!)
    },
  ]

  /// Says the number: the first of ``readers`` that reads it, else a range, score, time of day or
  /// amount (``readers`` says how).
  func read(_ carried: inout TrackedCarriedState) -> NumberReading {
    var numeral: Numeral?
    for reader in Self.readers {
      if !reader.beforeNumeral && numeral == nil { numeral = firstNumeral() }
      if let reading = reader.read(self, numeral, &carried) { return reading }
    }
    let first = numeral ?? firstNumeral()
    let ranged = dimensions(first) ?? rangeOrScore(first, &carried)
    if ranged == nil, let reading = meridiem(first) { return reading }
    return amount(first, ranged: ranged)
  }

  /// The list in docs/SPEECH.md, "Numbers": the readers in order, then what follows them.
  static var markdownList: String {
    var lines = Self.readers.enumerated().map { index, reader in "\(index + 1). \(reader.name): \(reader.reads)" }
    lines.append(
      "\(lines.count + 1). otherwise a size, range or score (\"2x8 m2\", \"10–12 km\", \"3-2\"), else a time of day (\"5pm\", \"1 a.m. EST\"), else the amount: the number with a scale word, percent, degrees, a unit or a currency (\"$45 billion\", \"20%\", \"3 km/h\", \"4,50 €\")"
    )
    return lines.joined(separator: "\n") + "\n"
  }

  /// `text` as the number style wants it (``ScalarReading/numerals(_:_:lexicon:)``).
  func said(_ text: String) -> String { numerals(text, language, lexicon: lexicon) }

  /// Whether neither a currency sign nor a minus leads the number.
  var unsigned: Bool { currency == nil && !negative }

  // MARK: - Readers before the first numeral

  /// A decimal written without its zero: ".1665", "$.01" (cents when the currency has them), "-.5".
  func bareDecimal() -> NumberReading? {
    let j = body
    guard j + 1 < s.count, s[j].scalar == "." || s[j].scalar == ",", s[j + 1].scalar.isASCIIDigit else { return nil }
    var k = j + 1
    while k < s.count, s[k].scalar.isASCIIDigit { k += 1 }
    let digits = string(s, j + 1, k)
    var spoken: String
    if let currency, let minor = lexicon.minorCurrency[currency], digits.count == 2 {
      let cents = SpeechBuilder.trimZeros(digits)
      spoken = lexicon.join([cents, minor(isOne: cents == "1")])
    } else {
      spoken = lexicon.join([lexicon.decimalWord] + digits.map { String($0) })
      if let currency { spoken = currencyWords(currency, spoken, first: spoken, lexicon: lexicon) }
    }
    if negative { spoken = lexicon.join([lexicon.minus, spoken]) }
    return NumberReading(text: said(spoken), end: k, kind: .number)
  }

  /// A number with its own word after a particular word: "thứ 4" is "thứ tư" (the lexicon's
  /// `numberWordsAfter`, up to three digits).
  func wordAfterCue(_ carried: inout TrackedCarriedState) -> NumberReading? {
    guard unsigned, let last = carried.recentWords.last, let words = lexicon.numberWordsAfter[last],
      let (value, _, end) = integer(s, body, limit: 3), let word = words[value], isBoundary(s, end)
    else { return nil }
    return NumberReading(text: word, end: end, kind: .number)
  }

  /// A date led by its day: "25 July 2012", "the 22nd of July".
  func dayFirst(_ carried: inout TrackedCarriedState) -> NumberReading? {
    guard unsigned, let (date, next) = dayFirstDate(s, start, lexicon: lexicon, &carried) else { return nil }
    return NumberReading(text: said(date), end: next, kind: .date)
  }

  /// Digits inside a Latin identifier ("AH0 L", "b3_c", "gma4i"): they belong to it, and no unit,
  /// date or range is read into them (not after a number's unit: "3p20s" is 3 minutes 20 seconds;
  /// a version "v2.10.3" is left to ``dottedSequence(_:_:)``).
  func identifierDigits() -> NumberReading? {
    let i = start
    var letterRun = i
    while letterRun > 0, s[letterRun - 1].scalar.isASCII, s[letterRun - 1].scalar.isWordScalar { letterRun -= 1 }
    guard s[i].scalar.isASCIIDigit, letterRun < i, letterRun == 0 || !s[letterRun - 1].scalar.isASCIIDigit,
      currency == nil,
      !negative
    else { return nil }
    var k = i
    while k < s.count, s[k].scalar.isASCIIDigit { k += 1 }
    guard !(k + 1 < s.count && s[k].scalar == "." && s[k + 1].scalar.isASCIIDigit) else { return nil }
    let digits = string(s, i, k)
    if let spelled = Self.codeDigits(digits) { return NumberReading(text: said(spelled), end: k, kind: .number) }
    return NumberReading(text: said(digits), end: k, kind: .number, verbatim: numberStyle == .numerals)
  }

  /// The first numeral, with the language's separators. A two-digit numeral's leading zero before a
  /// counter or a unit is not said ("08月", "01h"; a code such as "007" standing alone still is,
  /// digit by digit).
  func firstNumeral() -> Numeral {
    var j = body
    var first = readNumeral(s, &j, language: language, lexicon: lexicon)
    var zeroTrimmed = false
    if first.count == 2, first.hasPrefix("0"), j < s.count, s[j].scalar.isWordScalar,
      start == 0 || !(s[start - 1].scalar.isASCII && s[start - 1].scalar.isWordScalar)
    {
      first = SpeechBuilder.trimZeros(first)
      zeroTrimmed = true
    }
    return Numeral(text: first, end: j, zeroTrimmed: zeroTrimmed)
  }

}
