internal import TextModel

extension NumberToken {
  /// A month written as a number after the language's word for month, with a year after it:
  /// Vietnamese "tháng 1 2024", "tháng 04/1969" ("tháng một năm 2024"), or alone ("tháng 4" is
  /// "tháng tư"); the word itself was said by the text.
  func monthAfterWord(_ carried: inout TrackedCarriedState) -> NumberReading? {
    guard let word = lexicon.monthWord, unsigned, carried.recentWords.last == word,
      let format = lexicon.monthNameDate, let (month, digits, end) = integer(s, body, limit: 2), digits <= 2,
      (1...12).contains(month)
    else { return nil }
    var year: Int?
    var next = end
    if end + 1 < s.count, s[end].scalar == " " || s[end].scalar == "/",
      let (value, yearDigits, yearEnd) = integer(s, end + 1, limit: 4), yearDigits == 4, (1000...2999).contains(value),
      isBoundary(s, yearEnd)
    {
      year = value
      next = yearEnd
    } else if !isBoundary(s, end) || (end < s.count && (s[end].scalar == "/" || s[end].scalar == "-")) {
      return nil
    }
    var spoken = format(month, nil, year, false, false)
    if spoken.hasPrefix(word + " ") { spoken = String(spoken.dropFirst(word.count + 1)) }
    return NumberReading(text: said(spoken), end: next, kind: .date)
  }
}
