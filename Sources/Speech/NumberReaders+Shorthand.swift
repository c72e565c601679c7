internal import TextModel

/// Readers for numbers written with a letter inside them, where a lexicon has such forms
/// (Vietnamese "1tr2", "10k", "14h30"; ``SpeechLexicon/attachedScales``, ``SpeechLexicon/clockLetters``).
extension NumberToken {
  /// The ASCII letters from `index`, lower-cased, and where they end.
  private func asciiLetters(_ index: Int) -> (String, Int) {
    var end = index
    var word = ""
    while end < s.count, s[end].scalar.isASCII, s[end].scalar.properties.isAlphabetic {
      word.unicodeScalars.append(s[end].scalar)
      end += 1
    }
    return (word.lowercased(), end)
  }

  /// The ASCII digits from `index`, up to `limit` of them and no more, and where they end.
  private func asciiDigits(_ index: Int, limit: Int) -> (String, Int)? {
    var end = index
    while end < s.count, s[end].scalar.isASCIIDigit { end += 1 }
    guard end - index <= limit else { return nil }
    return (string(s, index, end), end)
  }

  /// A scale written as letters right after the number, and the digits of the next smaller group
  /// after it: "10k" (10 nghìn), "1tr2" (1 triệu 200 nghìn), "2t3" (2 tỷ 300 triệu), then what
  /// follows an amount ("10k VND", "1tr5 vnd": a currency).
  func attachedScale(_ numeral: Numeral) -> NumberReading? {
    guard !lexicon.attachedScales.isEmpty, Self.isDigits(numeral.text), numeral.end < s.count,
      s[numeral.end].scalar.isASCII, s[numeral.end].scalar.properties.isAlphabetic
    else { return nil }
    let (letters, afterLetters) = asciiLetters(numeral.end)
    guard let scale = lexicon.attachedScales[letters],
      let (rest, end) = asciiDigits(afterLetters, limit: 3), isBoundary(s, end)
    else { return nil }
    var spoken = lexicon.join([numeral.text, scale.word])
    if !rest.isEmpty {
      // "1tr2" is 1.2 triệu: the digits after the letters lead the next group ("2" is 200 nghìn).
      let group = rest + String(repeating: "0", count: 3 - rest.count)
      spoken = lexicon.join([spoken, SpeechBuilder.trimZeros(group), scale.below])
    }
    var j: Int
    (spoken, j) = following(numeral, spoken: spoken, kind: .number, end: end)
    if negative { spoken = lexicon.join([lexicon.minus, spoken]) }
    return NumberReading(text: said(spoken), end: j, kind: .number, mayContinueRange: true)
  }

  /// A clock time written with a letter between hours and minutes ("14h30", "09g05"), or minutes
  /// and seconds with their letters ("12p03s"): the hours or minutes said without a leading zero.
  func letterClock(_ numeral: Numeral) -> NumberReading? {
    guard !lexicon.clockLetters.isEmpty, unsigned, Self.isDigits(numeral.text), numeral.text.count <= 2,
      numeral.end < s.count, s[numeral.end].scalar.isASCII
    else { return nil }
    let (letters, afterLetters) = asciiLetters(numeral.end)
    guard afterLetters < s.count, let (minutes, end) = asciiDigits(afterLetters, limit: 2), minutes.count == 2
    else { return nil }
    let first = SpeechBuilder.trimZeros(numeral.text)
    let second = SpeechBuilder.trimZeros(minutes)
    if lexicon.clockLetters.contains(letters), isBoundary(s, end), let hour = Int(first), hour < 25,
      let minute = Int(minutes), minute < 60
    {
      return NumberReading(text: said(lexicon.hourMinute(first, minutes)), end: end, kind: .time)
    }
    // "12p03s": minutes and seconds, each with its unit's letter.
    guard let minuteWord = lexicon.units[letters], minuteWord == lexicon.units["min"], end < s.count,
      let (unit, after) = unitAfter(s, end, lexicon: lexicon), let secondWord = lexicon.units[unit],
      secondWord == lexicon.units["s"]
    else { return nil }
    let spoken = lexicon.join([lexicon.minutes(first, first == "1"), lexicon.seconds(second, second == "1")])
    return NumberReading(text: said(spoken), end: after, kind: .time)
  }
}
