internal import TextModel
internal import UnicodeSupport

/// The number readers after the first numeral that read a form: a year before its marker, colons,
/// ISO and slash dates, fractions, dotted sequences, possessives, decades and years, arithmetic.
extension NumberToken {
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
      // or right after a time preposition ("leaves at 09:12:44") is a time of day, not a duration.
      let ofDay =
        third != nil
        && (carried.recentWords.last.map(lexicon.timePrepositions.contains) == true
          || carried.recentWords.suffix(4).contains(where: lexicon.dateCues.contains))
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
      // A zero second part is left out ("17:30:00" is 17 30).
      let sec = SpeechBuilder.trimZeros(third)
      let clock = second == "00" ? lexicon.oclock(hour) : lexicon.hourMinute(hour, second)
      speech = sec == "0" ? clock : lexicon.join([clock, lexicon.lastPartJoiner, lexicon.seconds(sec, sec == "1")])
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
    let dayFirst = numeral.text.utf8.count <= 2 && Int(numeral.text) == day
    return NumberReading(
      text: said(numericDateSpeech(year: year, month: month, day: day, writtenDayFirst: dayFirst, &carried)),
      end: next, kind: .date)
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
      let dayFirst = Int(parts[0]) == date.day
      return NumberReading(
        text: said(
          numericDateSpeech(
            year: date.year, month: date.month, day: date.day, writtenDayFirst: dayFirst, &carried)),
        end: j + 5, kind: .date)
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
}
