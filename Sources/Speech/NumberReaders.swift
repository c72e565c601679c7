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
    let reading = token.read(&carry)
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
    Reader(name: "arithmetic", reads: "\"1-4=5\"", beforeNumeral: false) { token, numeral, _ in
      token.arithmetic(numeral!)
    },
    Reader(name: "digit code", reads: "\"call 911\", \"dial 112\"", beforeNumeral: false) { token, numeral, carried in
      token.digitCode(numeral!, &carried)
    },
    Reader(name: "decimal-comma price", reads: "\"€4,50\"", beforeNumeral: false) { token, numeral, _ in
      token.decimalCommaPrice(numeral!)
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
    return NumberReading(text: said(string(s, i, k)), end: k, kind: .number, verbatim: numberStyle == .numerals)
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

  // MARK: - Readers after the first numeral

  /// A year before the language's year marker, said as the language says years: "2015年".
  func yearBeforeMarker(_ numeral: Numeral) -> NumberReading? {
    let (first, j) = (numeral.text, numeral.end)
    guard unsigned, let marker = lexicon.yearMarker, (3...4).contains(first.count),
      first.unicodeScalars.allSatisfy(\.isASCIIDigit), let value = Int(first),
      string(s, j, min(s.count, j + marker.unicodeScalars.count)) == marker
    else { return nil }
    return NumberReading(text: lexicon.year(value), end: j, kind: .date)
  }

  /// A colon between numbers ("3:2", "10:30 pm EST", "1:30:05", "John 3:16-18", "won 2:1"): a
  /// ratio, a time, a duration, a verse or a score, as ``ScalarReading/classifyColon(_:_:_:lexicon:after:followedByMeridiem:_:)``
  /// decides.
  func colon(_ numeral: Numeral, _ carried: inout TrackedCarriedState) -> NumberReading? {
    let (first, j) = (numeral.text, numeral.end)
    guard unsigned, j + 1 < s.count, s[j].scalar == ":", s[j + 1].scalar.isASCIIDigit else { return nil }
    var k = j + 1
    let second = readNumeral(s, &k, language: language, lexicon: lexicon, grouping: false)
    var third: String?
    if k + 1 < s.count, s[k].scalar == ":", s[k + 1].scalar.isASCIIDigit {
      k += 1
      third = readNumeral(s, &k, language: language, lexicon: lexicon, grouping: false)
    }
    let after = peekWords(s, k)
    if third == nil, let reading = durationWithUnit(first, second, after: after, end: k) { return reading }
    let meaning = classifyColon(
      first, second, third, lexicon: lexicon, after: after,
      followedByMeridiem: meridiem(s, k, lexicon: lexicon) != nil, &carried)
    let speech: String
    let kind: SpeechSegmentKind
    switch meaning {
    case .ratio:
      speech = lexicon.join([first, lexicon.ratio, second] + (third.map { [lexicon.ratio, $0] } ?? []))
      kind = .ratio
    case .score:
      speech = lexicon.join([first, lexicon.score, second])
      kind = .score
    case .verse:
      var verse = lexicon.chapterVerse(first, second)
      if k + 1 < s.count, s[k].scalar == "-" || s[k].scalar == "–", s[k + 1].scalar.isASCIIDigit {
        k += 1
        let last = readNumeral(s, &k, language: language, lexicon: lexicon, grouping: false)
        verse = lexicon.join([verse, lexicon.range, last])
      }
      speech = verse
      kind = .verse
    case .duration:
      speech = duration(first, second, third)
      kind = .duration
    case .time:
      // A clock reading to the second after a date or a weekday ("Date: Fri, 16 Oct 2026 09:12:44")
      // is a time of day, not a duration.
      let ofDay = third != nil && carried.recentWords.suffix(4).contains(where: lexicon.dateCues.contains)
      var clock: String
      (clock, k) = time(first, second, third, end: k, ofDay: ofDay)
      // The lead word the text just said is not said again ("الساعة 14:30" is not الساعة الساعة).
      if let last = carried.recentWords.last, clock.hasPrefix(last + " ") {
        clock = String(clock.dropFirst(last.count + 1))
      }
      speech = clock
      kind = .time
    }
    return NumberReading(text: said(speech), end: k, kind: kind, mayContinueRange: kind == .time)
  }

  /// "10:00 minutes", "1:30 hours": a colon number followed by the unit of its first part is a
  /// duration in that unit and the next ("10 minutes", "1 hour 30 minutes"), the unit word read with it.
  func durationWithUnit(_ first: String, _ second: String, after: [String], end: Int) -> NumberReading? {
    guard let word = after.first, let hoursFirst = lexicon.durationUnits[word], second.utf8.count == 2,
      Self.isDigits(first), Self.isDigits(second), (Int(second) ?? 60) < 60
    else { return nil }
    let (a, b) = (SpeechBuilder.trimZeros(first), SpeechBuilder.trimZeros(second))
    var parts = [hoursFirst ? lexicon.hours(a, a == "1") : lexicon.minutes(a, a == "1")]
    if b != "0" { parts.append(hoursFirst ? lexicon.minutes(b, b == "1") : lexicon.seconds(b, b == "1")) }
    var e = end
    while e < s.count, s[e].scalar.isSpeechWhitespace, s[e].scalar != "\n" { e += 1 }
    while e < s.count, s[e].scalar.isWordScalar { e += 1 }
    return NumberReading(text: said(lexicon.join(parts)), end: e, kind: .duration)
  }

  /// A colon duration's speech: minutes and seconds ("3:05"), or hours, minutes and seconds.
  func duration(_ first: String, _ second: String, _ third: String?) -> String {
    if let third {
      return lexicon.join([
        lexicon.hours(SpeechBuilder.trimZeros(first), SpeechBuilder.trimZeros(first) == "1"),
        lexicon.minutes(SpeechBuilder.trimZeros(second), SpeechBuilder.trimZeros(second) == "1"),
        lexicon.lastPartJoiner,
        lexicon.seconds(SpeechBuilder.trimZeros(third), SpeechBuilder.trimZeros(third) == "1"),
      ])
    }
    return lexicon.join([
      lexicon.minutes(SpeechBuilder.trimZeros(first), SpeechBuilder.trimZeros(first) == "1"),
      lexicon.seconds(SpeechBuilder.trimZeros(second), SpeechBuilder.trimZeros(second) == "1"),
    ])
  }

  /// A clock reading's speech ("10:30", "5:00 pm", "14:10:30 EST") with its half of the day and
  /// time zone when they follow `end`, and where it then ends.
  func time(_ first: String, _ second: String, _ third: String?, end: Int, ofDay: Bool = false) -> (String, Int) {
    var k = end
    var speech: String
    let hour = SpeechBuilder.trimZeros(first)
    let half = meridiem(s, k, lexicon: lexicon)
    if let third, ofDay, lexicon.clockWithSeconds == nil, !lexicon.omitsZeroTimeParts {
      // A time of day to the second: the clock reading, then its seconds ("9 12 and 44 seconds").
      let sec = SpeechBuilder.trimZeros(third)
      speech = lexicon.join([
        second == "00" ? lexicon.oclock(hour) : lexicon.hourMinute(hour, second), lexicon.lastPartJoiner,
        lexicon.seconds(sec, sec == "1"),
      ])
    } else if let third {
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
    return (speech, k)
  }

  /// An ISO date: "2026-11-22".
  func isoDate(_ numeral: Numeral, _ carried: inout TrackedCarriedState) -> NumberReading? {
    let (first, j) = (numeral.text, numeral.end)
    guard unsigned, j + 5 < s.count, s[j].scalar == "-", s[j + 3].scalar == "-",
      first.count == 4, first.allSatisfy(\.isNumber), let (month, day, next) = isoMonthDay(s, j),
      let year = Int(first)
    else { return nil }
    return NumberReading(text: said(spokenDate(lexicon, year, month, day, &carried)), end: next, kind: .date)
  }

  /// A slash date: "2026/04/18" (year first), "05/14/2026" or "14/05/2026" (a value over 12 says
  /// which is the day; otherwise the region does: month first in the United States and the
  /// Philippines, day first elsewhere).
  func slashDate(_ numeral: Numeral, _ carried: inout TrackedCarriedState) -> NumberReading? {
    guard unsigned, let (year, month, day, next) = slashDate(s, start, first: numeral.text, end: numeral.end, tag: tag)
    else { return nil }
    return NumberReading(text: said(spokenDate(lexicon, year, month, day, &carried)), end: next, kind: .date)
  }

  /// A fraction "3/4", "1/4th", "1795 / 1805" (with a unit after it: "3/4 cup"), or a whole number
  /// and a fraction "2 1/2", where the lexicon says fractions.
  func fraction(_ numeral: Numeral) -> NumberReading? {
    let (first, j) = (numeral.text, numeral.end)
    guard currency == nil, lexicon.fraction != nil, first.unicodeScalars.allSatisfy(\.isASCIIDigit) else {
      return nil
    }
    var fractionStart: Int?
    if j < s.count, s[j].scalar == "/" || (s[j].scalar == " " && j + 1 < s.count && s[j + 1].scalar == "/") {
      fractionStart = start + (negative ? 1 : 0)
    }
    if let from = fractionStart, var (spoken, end) = fraction(s, from, lexicon: lexicon, language: language, tag: tag) {
      if let (unit, next) = unitAfter(s, skipSpaces(s, end), lexicon: lexicon), let word = lexicon.units[unit] {
        spoken = lexicon.join([spoken, lexicon.unitWord(word, false)])
        end = next
      }
      return NumberReading(
        text: said(negative ? lexicon.join([lexicon.minus, spoken]) : spoken), end: end, kind: .number)
    }
    if j < s.count, s[j].scalar == " ", j + 1 < s.count, s[j + 1].scalar.isASCIIDigit,
      let (spoken, end) = fraction(s, j + 1, lexicon: lexicon, language: language, tag: tag)
    {
      let isHalf = string(s, j + 1, end).hasPrefix("1/2")
      let mixed = lexicon.mixedNumber(first, spoken, isHalf)
      return NumberReading(
        text: said(negative ? lexicon.join([lexicon.minus, mixed]) : mixed), end: end, kind: .number)
    }
    return nil
  }

  /// A dotted sequence (a version "2.10.3", a date "22.11.2026"): a date when its parts are a day,
  /// a month and a year; otherwise parts joined by "dot".
  func dottedSequence(_ numeral: Numeral, _ carried: inout TrackedCarriedState) -> NumberReading? {
    let first = numeral.text
    var j = numeral.end
    guard currency == nil, j + 1 < s.count, s[j].scalar == ".", s[j + 1].scalar.isASCIIDigit,
      first.contains(".") || first.contains(",")
    else { return nil }
    var parts = first.split(whereSeparator: { $0 == "." || $0 == "," }).map(String.init)
    if parts.count == 2, let (year, yearEnd, _) = integer(s, j + 1, limit: 4), yearEnd == 4,
      let date = dayMonthYear(parts[0], parts[1], year, tag: tag),
      isBoundary(s, j + 5)
    {
      return NumberReading(
        text: said(spokenDate(lexicon, date.year, date.month, date.day, &carried)), end: j + 5, kind: .date)
    }
    while j + 1 < s.count, s[j].scalar == ".", s[j + 1].scalar.isASCIIDigit {
      var k = j + 1
      while k < s.count, s[k].scalar.isASCIIDigit { k += 1 }
      parts.append(string(s, j + 1, k))
      j = k
    }
    // An IPv4 address ("123.123.0.40"): each part digit by digit, as addresses are read out.
    if parts.count == 4, parts.allSatisfy({ (1...3).contains($0.utf8.count) && Self.isDigits($0) }),
      parts.contains(where: { $0.utf8.count == 3 })
    {
      parts = parts.map { lexicon.join($0.map { String($0) }) }
    }
    let dot = lexicon.dot
    return NumberReading(
      text: said(lexicon.join(Array(parts.map { [$0] }.joined(separator: [dot])))), end: j, kind: .number)
  }

  /// "80's", "the 1990’s": the possessive or plural stays with the numeral (a year's is
  /// ``yearByNeighbours(_:_:)``'s).
  func possessive(_ numeral: Numeral, _ carried: inout TrackedCarriedState) -> NumberReading? {
    let (first, j) = (numeral.text, numeral.end)
    guard unsigned, j + 1 < s.count, s[j].scalar == "'" || s[j].scalar == "\u{2019}",
      s[j + 1].scalar == "s", isBoundary(s, j + 2),
      year(s, start, digits: first, end: j, lexicon: lexicon, &carried) == nil
    else { return nil }
    return NumberReading(text: said(first) + "'s", end: j + 2, kind: .number)
  }

  /// A year by its neighbours: "1980s", "in 1994" (``ScalarReading/year(_:_:digits:end:lexicon:_:)``).
  func yearByNeighbours(_ numeral: Numeral, _ carried: inout TrackedCarriedState) -> NumberReading? {
    guard unsigned,
      let (year, next) = year(s, start, digits: numeral.text, end: numeral.end, lexicon: lexicon, &carried)
    else { return nil }
    if s[next - 1].scalar == "s", let (decade, end) = decadeAfterDash(next) {
      // "1960s-80s", "1960s–1980s": a range of decades.
      return NumberReading(text: said(lexicon.join([year, lexicon.range, decade])), end: end, kind: .range)
    }
    return NumberReading(text: said(year), end: next, kind: .date)
  }

  /// The second decade of a range ("-80s", "–1980s") at `k`: its speech and where it ends, or nil.
  private func decadeAfterDash(_ k: Int) -> (String, Int)? {
    guard k < s.count, s[k].scalar == "-" || s[k].scalar == "–" else { return nil }
    var j = k + 1
    var digits = ""
    while j < s.count, s[j].scalar.isASCIIDigit {
      digits.unicodeScalars.append(s[j].scalar)
      j += 1
    }
    guard digits.count == 2 || digits.count == 4, digits.hasSuffix("0"), j < s.count, s[j].scalar == "s",
      isBoundary(s, j + 1)
    else { return nil }
    if digits.count == 2 { return (digits + "s", j + 1) }
    guard let value = Int(digits), (1000...2999).contains(value) else { return nil }
    return (lexicon.year(value) + "s", j + 1)
  }

  /// Arithmetic: "1-4=5", "1- 2 = 5" (a minus sign, not a range).
  func arithmetic(_ numeral: Numeral) -> NumberReading? {
    let (first, j) = (numeral.text, numeral.end)
    guard currency == nil, j < s.count, s[j].scalar == "-" else { return nil }
    var k = skipSpaces(s, j + 1)
    guard k < s.count, s[k].scalar.isASCIIDigit else { return nil }
    let second = readNumeral(s, &k, language: language, lexicon: lexicon)
    let after = skipSpaces(s, k)
    guard after < s.count, s[after].scalar == "=" else { return nil }
    let spoken = lexicon.join([negative ? lexicon.join([lexicon.minus, first]) : first, lexicon.minus, second])
    return NumberReading(text: said(spoken), end: k, kind: .number)
  }

  /// A size "2x8", "1920×1080" (no spaces: "3 x 5" and "2x faster" stay as written): "2 by 8", for
  /// ``amount(_:ranged:)`` to go on with ("2x8 m2" is "2 by 8 square meters").
  func dimensions(_ numeral: Numeral) -> (spoken: String, kind: SpeechSegmentKind, end: Int)? {
    let (first, j) = (numeral.text, numeral.end)
    guard unsigned, let by = lexicon.dimensionWord, j + 1 < s.count, s[j].scalar == "x" || s[j].scalar == "×",
      s[j + 1].scalar.isASCIIDigit, first != "0", first.unicodeScalars.allSatisfy(\.isASCIIDigit)
    else { return nil }
    var k = j + 1
    let second = readNumeral(s, &k, language: language, lexicon: lexicon)
    // "2x8x4": every side; a letter right after ("0x1F", hexadecimal) is not a size.
    var sides = [first, second]
    while k + 1 < s.count, s[k].scalar == s[j].scalar, s[k + 1].scalar.isASCIIDigit {
      k += 1
      sides.append(readNumeral(s, &k, language: language, lexicon: lexicon))
    }
    guard k >= s.count || !s[k].scalar.isWordScalar || unitAfter(s, k, lexicon: lexicon) != nil else { return nil }
    return (lexicon.join(Array(sides.map { [$0] }.joined(separator: [by]))), .number, k)
  }

  /// A range "10–12", "2019-2020", "1960-80" (years), or a score after a score cue ("the final
  /// ended 3-2"): its speech so far, its kind and where it ends, for ``amount(_:ranged:)`` to go on
  /// with ("10–12 km").
  func rangeOrScore(_ numeral: Numeral, _ carried: inout TrackedCarriedState) -> (
    spoken: String, kind: SpeechSegmentKind, end: Int
  )? {
    let (first, j) = (numeral.text, numeral.end)
    guard j + 1 < s.count, s[j].scalar == "–" || s[j].scalar == "-", s[j + 1].scalar.isASCIIDigit else { return nil }
    var k = j + 1
    let second = readNumeral(s, &k, language: language, lexicon: lexicon)
    let yearRange =
      first.count == 4 && (second.count == 4 || second.count == 2) && lexicon.year(Int(first) ?? 0) != first
      && (1000...2999).contains(Int(first) ?? 0) && first.unicodeScalars.allSatisfy(\.isASCIIDigit)
      && second.unicodeScalars.allSatisfy(\.isASCIIDigit)
    let chained =
      (start > 0 && s[start - 1].scalar == "-")
      || (k + 1 < s.count && s[k].scalar == "-" && s[k + 1].scalar.isASCIIDigit)
    // A unit after the second number makes the pair an amount's range ("1234-123kg", "1980-1970 kg").
    let unitFollows = unitAfter(s, skipSpaces(s, k), lexicon: lexicon) != nil
    let hyphenOK =
      chained
      ? false
      : s[j].scalar == "–"
        || (!second.hasPrefix("0") && unitFollows)
        || (!second.hasPrefix("0") && (second.count == first.count || (first.count <= 2 && second.count <= 3))
          && (Double(second.filter(\.isNumber)) ?? 0) > (Double(first.filter(\.isNumber)) ?? 0))
    if s[j].scalar == "-", !negative, !chained,
      hasCue(lexicon.scoreCues, lexicon: lexicon, after: peekWords(s, k), window: 6, &carried),
      first.count <= 2, second.count <= 2
    {
      return (lexicon.join([first, lexicon.score, second]), .score, k)
    } else if yearRange && !negative && isBoundary(s, k) && !unitFollows {
      // Years, unless a unit follows: "1980-1970 kg" is an amount.
      let end = second.count == 4 ? lexicon.year(Int(second)!) : second
      return (lexicon.join([lexicon.year(Int(first)!), lexicon.range, end]), .range, k)
    } else if hyphenOK && !negative {
      return (lexicon.join([first, lexicon.range, second]), .range, k)
    }
    return nil
  }

  /// A half of the day after an hour: "5pm", "1 a.m.", "4A.M.", with a time zone after it.
  func meridiem(_ numeral: Numeral) -> NumberReading? {
    let first = numeral.text
    guard unsigned, let hour = Int(first), (1...12).contains(hour),
      first.unicodeScalars.allSatisfy(\.isASCIIDigit), let (suffix, next) = meridiem(s, numeral.end, lexicon: lexicon)
    else { return nil }
    var speech = lexicon.join([SpeechBuilder.trimZeros(first), suffix])
    var end = next
    if let (zone, after) = timeZone(s, end, lexicon: lexicon) {
      speech = lexicon.join([speech, zone])
      end = after
    }
    return NumberReading(text: said(speech), end: end, kind: .time, mayContinueRange: true)
  }

  /// The number itself (or the range or score `ranged` read): a decimal the language reads as a
  /// fraction, a leading percent, then what follows it (``following(_:spoken:kind:end:)``), and the
  /// minus; with a currency sign it is a number whatever `ranged` says. Said as written when nothing changed it.
  func amount(_ numeral: Numeral, ranged: (spoken: String, kind: SpeechSegmentKind, end: Int)?) -> NumberReading {
    let first = numeral.text
    var spoken = ranged?.spoken ?? first
    var kind = ranged?.kind ?? .number
    // A decimal the language reads as a fraction (Arabic: "six and eighty-eight hundredths").
    if let reading = lexicon.decimalReading, kind == .number, spoken == first,
      let separator = first.firstIndex(where: { $0 == "." || $0 == "," })
    {
      spoken = reading(String(first[..<separator]), String(first[first.index(after: separator)...]))
    }
    if leadingPercent { spoken = lexicon.percent(spoken) }
    var j: Int
    (spoken, j) = following(numeral, spoken: spoken, kind: kind, end: ranged?.end ?? numeral.end)
    // An amount of money is a number, even across a range ("$10-20").
    if currency != nil { kind = .number }
    if negative { spoken = lexicon.join([lexicon.minus, spoken]) }
    let words = numberStyle == .words
    return NumberReading(
      text: said(spoken), end: j, kind: kind, verbatim: !words && spoken == first && !numeral.zeroTrimmed,
      // "2%-10%", "$250-$300": the second half of a range whose first half carried a unit.
      mayContinueRange: spoken != first && kind != .range && kind != .score)
  }

  /// What follows an amount: a scale word ("$45 billion", "¥30b", said before the currency), the
  /// currency sign before it, percent, degrees ("20°C"), a unit or a currency code ("5 km", "120
  /// AED"). Returns the speech and where the amount ends.
  func following(_ numeral: Numeral, spoken amount: String, kind: SpeechSegmentKind, end: Int) -> (String, Int) {
    let first = numeral.text
    var spoken = amount
    var j = end
    var k = j
    if k < s.count, s[k].scalar == " " || s[k].scalar == "\u{A0}" { k += 1 }
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
        ? currencyWords(currency, spoken, first: spoken, lexicon: lexicon)
        : currencyWords(currency, spoken, first: first, lexicon: lexicon)
    } else if scaled, let (unit, next) = unitAfter(s, k, lexicon: lexicon) {
      if lexicon.currency[unit] != nil {
        spoken = currencyWords(unit, spoken, first: spoken, lexicon: lexicon)
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
        spoken = currencyWords(unit, spoken, first: first, lexicon: lexicon)
      } else {
        let word = lexicon.unitWord(lexicon.units[unit]!, first == "1" && kind != .range)
        spoken = lexicon.join([spoken, word])
      }
      j = next
    }
    // "$20/mo", "12/kg": a rate, "per" and the unit or period ("20 dollars per month").
    if spoken != first || currency != nil, let per = lexicon.per, j + 1 < s.count, s[j].scalar == "/",
      s[j + 1].scalar.isASCII, s[j + 1].scalar.properties.isAlphabetic
    {
      let (word, end) = letters(s, from: j + 1)
      if isBoundary(s, end), let unit = lexicon.periods[word] ?? lexicon.units[word].map({ lexicon.unitWord($0, true) })
      {
        spoken = lexicon.join([spoken, per, unit])
        j = end
      }
    }
    return (spoken, j)
  }
}

// MARK: - Readers that ask the locale (issue 44)

extension NumberToken {
  /// Whether `text` is ASCII digits only.
  @inline(__always) static func isDigits(_ text: String) -> Bool {
    !text.isEmpty && text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
  }

  /// A day and a month written with a slash and no year ("Thursday 16/10", en-GB "deadline 31/12",
  /// "05/06"), in the locale's order (CLDR's month-and-day pattern, ``LocaleInfo/monthPrecedesDay(forLanguageTag:)``):
  /// a date after a weekday or a date word (``SpeechLexicon/dateCues``), when a part is written with a
  /// leading zero (no fraction is: "05/06" is a date in any order), or, where the day comes first, when
  /// the first part can only be a day (13–31 over 1–12, an improper fraction otherwise).
  func dayMonth(_ numeral: Numeral, _ carried: inout TrackedCarriedState) -> NumberReading? {
    let (first, j) = (numeral.text, numeral.end)
    guard unsigned, j + 1 < s.count, s[j].scalar == "/", let format = lexicon.monthNameDate,
      (1...2).contains(first.utf8.count), Self.isDigits(first), let a = Int(first),
      let (b, digits, end) = integer(s, j + 1, limit: 2), digits <= 2, isBoundary(s, end),
      !(end < s.count
        && (s[end].scalar == "/" || s[end].scalar == "-"
          || s[end].scalar == "."
            && end + 1 < s.count && s[end + 1].scalar.isASCIIDigit))
    else { return nil }
    let monthFirst = LocaleInfo.monthPrecedesDay(forLanguageTag: tag)
    let (month, day) = monthFirst ? (a, b) : (b, a)
    guard (1...12).contains(month), (1...31).contains(day) else { return nil }
    let cued = carried.recentWords.last.map { lexicon.dateCues.contains($0) } ?? false
    let leadingZero = first.utf8.first == 0x30 || (digits == 2 && s[j + 1].scalar == "0")
    guard cued || leadingZero || (!monthFirst && a > 12) else { return nil }
    return NumberReading(text: said(format(month, day, nil, !monthFirst, false)), end: end, kind: .date)
  }

  /// A vanity phone number ("1-800-FLOWERS", "1-800-GO-2-HAUL"): its digit groups and capital-letter
  /// words joined by hyphens, said as a phone number in its groups (a toll-free "800" as the number
  /// it is advertised as, other groups digit by digit, the words as written).
  func vanityNumber(_ numeral: Numeral) -> NumberReading? {
    let first = numeral.text
    guard unsigned, first.utf8.count <= 3, Self.isDigits(first), numeral.end + 1 < s.count,
      s[numeral.end].scalar == "-"
    else { return nil }
    var groups: [(text: String, letters: Bool)] = [(first, false)]
    var k = numeral.end
    var letterCount = 0
    var digitCount = first.utf8.count
    while k + 1 < s.count, s[k].scalar == "-" {
      var e = k + 1
      let letters = !s[e].scalar.isASCIIDigit
      while e < s.count,
        letters
          ? (s[e].scalar.isASCII && s[e].scalar.properties.isUppercase) : s[e].scalar.isASCIIDigit
      {
        e += 1
      }
      guard e > k + 1, isBoundary(s, e) || s[e].scalar == "-" else { break }
      groups.append((string(s, k + 1, e), letters))
      if letters { letterCount += e - k - 1 } else { digitCount += e - k - 1 }
      k = e
    }
    guard letterCount >= 3, isBoundary(s, k), groups.count >= 3 || (groups.count == 2 && first.utf8.count == 3),
      (7...15).contains(letterCount + digitCount), groups.contains(where: { !$0.letters && $0.text.utf8.count == 3 })
    else { return nil }
    var spoken = ""
    for (index, group) in groups.enumerated() {
      if index > 0 { spoken += group.letters && groups[index - 1].letters ? " " : ", " }
      if group.letters || index == (first.utf8.count == 3 ? 0 : 1) {
        spoken += group.text
      } else {
        spoken += lexicon.join(group.text.map { String($0) })
      }
    }
    return NumberReading(text: said(spoken), end: k, kind: .phone)
  }

  /// Digits in a phone number's groups that no detector took (not a number valid in a region):
  /// "123-123-5678", "(123) 123-5678", "555.555.5555", "111-11-1111", "123-123-5678-1": each group
  /// said digit by digit, the groups joined by a pause.
  func digitGroups(_ numeral: Numeral) -> NumberReading? {
    // The digits alone (the numeral may have read "555.555" as a decimal).
    var k = body
    while k < s.count, s[k].scalar.isASCIIDigit, k - body < 5 { k += 1 }
    guard unsigned, (1...4).contains(k - body), k < s.count, "-.)".unicodeScalars.contains(s[k].scalar),
      // Not the middle of a longer chain ("88213-5521-7734").
      !(start > 1 && (s[start - 1].scalar == "-" || s[start - 1].scalar == ".") && s[start - 2].scalar.isASCIIDigit)
    else { return nil }
    // Before anything is allocated: a second separator of the same kind after the next group
    // ("123-123-…", "555.555.…"); most numbers ("10-12", "11.7") stop here.
    if s[k].scalar != ")" {
      var probe = k + 1
      while probe < s.count, s[probe].scalar.isASCIIDigit, probe - k <= 5 { probe += 1 }
      guard probe < s.count, s[probe].scalar == s[k].scalar, probe - k >= 2 else { return nil }
    }
    let first = string(s, body, k)
    var groups = [first]
    let parenthesized =
      start > 0 && s[start - 1].scalar == "(" && first.utf8.count == 3 && k < s.count
      && s[k].scalar == ")"
    var separator: Unicode.Scalar?
    if parenthesized {
      k += 1
      if k < s.count, s[k].scalar == " " || s[k].scalar == "-" { k += 1 }
      guard k < s.count, s[k].scalar.isASCIIDigit else { return nil }
    }
    while k < s.count {
      var at = k
      if !(parenthesized && groups.count == 1) {
        let scalar = s[k].scalar
        guard scalar == "-" || scalar == ".", separator == nil || separator == scalar, k + 1 < s.count,
          s[k + 1].scalar.isASCIIDigit
        else { break }
        separator = scalar
        at = k + 1
      }
      var e = at
      while e < s.count, s[e].scalar.isASCIIDigit, e - at < 5 { e += 1 }
      guard e - at <= 4 else { return nil }
      groups.append(string(s, at, e))
      k = e
    }
    let digits = groups.reduce(0) { $0 + $1.utf8.count }
    guard isBoundary(s, k),
      !(k < s.count && (s[k].scalar == "-" || s[k].scalar == ".") && k + 1 < s.count
        && s[k + 1].scalar.isASCIIDigit),
      // Nothing joined on after ("0-7900-0187-X" is an ISBN).
      !(k + 1 < s.count && (s[k].scalar == "-" || s[k].scalar == ".") && s[k + 1].scalar.isWordScalar),
      (9...15).contains(digits), (3...4).contains(groups.count), groups.contains(where: { $0.utf8.count == 4 }),
      // A one-digit group only as a country code or an extension ("978-0-8058-5997-3" is an ISBN).
      groups.dropFirst().dropLast().allSatisfy({ $0.utf8.count >= 2 })
    else { return nil }
    // Dots: only the North American 3.3.4 shape ("555.555.5555"); other dotted digits are versions or addresses.
    if separator == ".", !(groups.count == 3 && groups.map(\.utf8.count) == [3, 3, 4]) { return nil }
    let spoken = groups.map { lexicon.join($0.map { String($0) }) }.joined(separator: ", ")
    return NumberReading(
      text: said(spoken), end: parenthesized && k < s.count && s[k].scalar == ")" ? k + 1 : k, kind: .phone)
  }

  /// An ordinal written with its suffix ("2nd", "21st", "3RD"): one piece, so the words mode says
  /// the ordinal ("second") and a synthesizer gets it whole.
  func ordinalSuffix(_ numeral: Numeral) -> NumberReading? {
    let (first, j) = (numeral.text, numeral.end)
    guard unsigned, !lexicon.ordinalSuffixes.isEmpty, Self.isDigits(first), j < s.count, s[j].scalar.isASCII,
      s[j].scalar.properties.isAlphabetic
    else { return nil }
    let (word, end) = letters(s, from: j)
    let suffix = word.lowercased()
    // Only the number's own suffix: "21st" is an ordinal, "21th" or "2th" is not (said as before).
    guard lexicon.ordinalSuffixes.contains(suffix), isBoundary(s, end),
      lexicon.ordinalSuffixFor.map({ $0(Int(first.suffix(2)) ?? 0) == suffix }) ?? true
    else { return nil }
    let text = first + word
    return NumberReading(text: said(text), end: end, kind: .number, verbatim: numberStyle == .numerals)
  }

  /// Digits said one by one: an emergency or short service code ("911", "112"), or a short number
  /// right after a dialling word ("call 311", "text 55555").
  func digitCode(_ numeral: Numeral, _ carried: inout TrackedCarriedState) -> NumberReading? {
    let (first, j) = (numeral.text, numeral.end)
    guard unsigned, !leadingPercent, (3...6).contains(first.utf8.count), Self.isDigits(first), isBoundary(s, j),
      !(j < s.count && "-–%°/".unicodeScalars.contains(s[j].scalar))
    else { return nil }
    let cued = carried.recentWords.last.map { lexicon.dialCues.contains($0) } ?? false
    guard cued || lexicon.digitCodes.contains(first), unitAfter(s, skipSpaces(s, j), lexicon: lexicon) == nil
    else { return nil }
    return NumberReading(text: said(lexicon.join(first.map { String($0) })), end: j, kind: .number)
  }

  /// A price written with a decimal comma where the language writes a decimal point ("€4,50" in
  /// English): the whole currency and then the cents, "4 euros 50", not "4 euros, 50".
  func decimalCommaPrice(_ numeral: Numeral) -> NumberReading? {
    let (first, j) = (numeral.text, numeral.end)
    guard let currency, Self.isDigits(first), j + 2 < s.count, s[j].scalar == ",", s[j + 1].scalar.isASCIIDigit,
      s[j + 2].scalar.isASCIIDigit, j + 3 >= s.count || !s[j + 3].scalar.isASCIIDigit
    else { return nil }
    var spoken = currencyWords(currency, first, first: first, lexicon: lexicon)
    let cents = string(s, j + 1, j + 3)
    if cents != "00" { spoken = lexicon.join([spoken, SpeechBuilder.trimZeros(cents)]) }
    if negative { spoken = lexicon.join([lexicon.minus, spoken]) }
    return NumberReading(text: said(spoken), end: j + 3, kind: .number)
  }
}
