internal import TextModel
internal import UnicodeSupport

extension NumberToken {
  /// A size "2x8", "1920×1080" (no spaces: "3 x 5" and "2x faster" stay as written): "2 by 8", for
  /// ``amount(_:ranged:)`` to go on with ("2x8 m2" is "2 by 8 square meters").
  func dimensions(_ numeral: Numeral) -> (spoken: String, kind: SpeechSegmentKind, end: Int)? {
    var (first, j) = (numeral.text, numeral.end)
    // "25 x 7 m": the sign between spaces, when a unit follows the last side.
    let spaced =
      j + 3 < s.count && s[j].scalar == " " && (s[j + 1].scalar == "x" || s[j + 1].scalar == "×")
      && s[j + 2].scalar == " " && s[j + 3].scalar.isASCIIDigit
    if spaced { j += 1 }
    guard unsigned, let by = lexicon.dimensionWord, j + 1 < s.count, s[j].scalar == "x" || s[j].scalar == "×",
      s[j + 1].scalar.isASCIIDigit || spaced, first != "0", first.unicodeScalars.allSatisfy(\.isASCIIDigit)
    else { return nil }
    var k = j + (spaced ? 2 : 1)
    let second = readNumeral(s, &k, language: language, lexicon: lexicon)
    // "2x8x4": every side; a letter right after ("0x1F", hexadecimal) is not a size.
    var sides = [first, second]
    while k + 1 < s.count, s[k].scalar == s[j].scalar, s[k + 1].scalar.isASCIIDigit {
      k += 1
      sides.append(readNumeral(s, &k, language: language, lexicon: lexicon))
    }
    guard k >= s.count || !s[k].scalar.isWordScalar || unitAfter(s, k, lexicon: lexicon) != nil,
      !spaced || unitAfter(s, skipSpaces(s, k), lexicon: lexicon) != nil
    else { return nil }
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
    guard unsigned, let clock = meridiemClock(numeral.text),
      let (suffix, next) = meridiem(s, numeral.end, lexicon: lexicon)
    else { return nil }
    var speech = lexicon.join([clock, suffix])
    var end = next
    if let (zone, after) = timeZone(s, end, lexicon: lexicon) {
      speech = lexicon.join([speech, zone])
      end = after
    }
    return NumberReading(text: said(speech), end: end, kind: .time, mayContinueRange: true)
  }

  /// An hour before a meridiem: "5" ("5pm"), or an hour and its minutes written with a dot
  /// ("1.59 p.m.", as British English writes times): the hour 1–12, exactly two minute digits.
  func meridiemClock(_ first: String) -> String? {
    // Without allocating: every number that is not a range asks (speaking is a hot path).
    guard first.utf8.count <= 5 else { return nil }
    if let hour = Int(first) {
      return (1...12).contains(hour) && Self.isDigits(first) ? SpeechBuilder.trimZeros(first) : nil
    }
    guard let dot = first.firstIndex(of: ".") else { return nil }
    let hourPart = String(first[..<dot])
    let minutes = String(first[first.index(after: dot)...])
    guard Self.isDigits(hourPart), let hour = Int(hourPart), (1...12).contains(hour), minutes.utf8.count == 2,
      Self.isDigits(minutes), let value = Int(minutes), value < 60
    else { return nil }
    let spokenHour = SpeechBuilder.trimZeros(hourPart)
    return value == 0 ? spokenHour : lexicon.hourMinute(spokenHour, minutes)
  }

  /// The number itself (or the range or score `ranged` read): a decimal the language reads as a
  /// fraction, a leading percent, then what follows it (``following(_:spoken:kind:end:)``), and the
  /// minus; with a currency sign it is a number whatever `ranged` says. Said as written when nothing changed it.
  func amount(_ numeral: Numeral, ranged: (spoken: String, kind: SpeechSegmentKind, end: Int)?) -> NumberReading {
    let first = numeral.text
    var spoken = ranged?.spoken ?? first
    var kind = ranged?.kind ?? .number
    // A decimal the language reads as a fraction (Arabic: "six and eighty-eight hundredths").
    // Not money with a minor unit: "$7.50" is dollars and cents.
    if let reading = lexicon.decimalReading, kind == .number, spoken == first,
      currency.map({ minorAmount($0, first, lexicon: lexicon) == nil }) ?? true,
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
    var money = currency != nil
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
        money = true
        spoken = currencyWords(unit, spoken, first: first, lexicon: lexicon)
      } else {
        let word = lexicon.unitWord(lexicon.units[unit]!, first == "1" && kind != .range)
        spoken = lexicon.join([spoken, word])
      }
      j = next
    }
    // "$20/mo", "12/kg": a rate, "per" and the unit or period ("20 dollars per month").
    if let per = lexicon.per, j + 1 < s.count, s[j].scalar == "/",
      s[j + 1].scalar.isASCII, s[j + 1].scalar.properties.isAlphabetic
    {
      let (word, end) = letters(s, from: j + 1)
      if isBoundary(s, end), let unit = lexicon.periods[word] ?? lexicon.units[word].map({ lexicon.unitWord($0, true) })
      {
        let price = money && lexicon.periods[word] == nil ? lexicon.perUnitPrice : nil
        spoken = lexicon.join([spoken, price ?? per, unit])
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
    // An idiom of the lexicon is neither a fraction nor a date ("since 9/11").
    guard !lexicon.notFractions.contains("\(a)/\(b)") else { return nil }
    let cued = isDateCue(carried.recentWords.last)
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
