/// Chinese dates as Mainland usage and NeMo's zh date grammar say them: a year digit by digit before
/// 年 (二零一五年, 零五年), the day said 日 whether written 日 or 号 (八月八日), and an era written after
/// the year (ad, a.d., ce, bc, b.c., bce) said before it (公元前一八二三年).
extension SpeechLexicon {
  /// The era words for the era abbreviations written after a year, as NeMo's zh `date/suffixes.tsv`
  /// lists them (each in lower or upper case).
  static let chineseEras: [String: String] = [
    "ad": "公元", "a.d.": "公元", "ce": "公元", "c.e.": "公元",
    "bc": "公元前", "b.c.": "公元前", "bce": "公元前", "b.c.e.": "公元前",
  ]

  /// A Chinese year as written ("2015", "05"), digit by digit in Han numerals ("二零一五", "零五"),
  /// leading zeros kept: years are said digit by digit.
  static func chineseYear(digits: String) -> String {
    let words: [Character] = ["零", "一", "二", "三", "四", "五", "六", "七", "八", "九"]
    return String(digits.compactMap { $0.wholeNumberValue.map { words[$0] } })
  }

  /// A Chinese date from its parts (any of them may be missing): the era word, the year digit by
  /// digit with 年, the month with 月 and the day with 日; month and day stay numerals for the number
  /// style ("公元前一八二三年3月", "二零一二年2月2日").
  static func chineseDate(year: String?, month: Int?, day: Int?, era: String? = nil) -> String {
    var out = era ?? ""
    if let year { out += chineseYear(digits: year) + "年" }
    if let month { out += "\(month)月" }
    if let day { out += "\(day)日" }
    return out
  }
}

extension NumberToken {
  /// A Chinese date at the number (only in Chinese): a year of two to four digits before 年, with
  /// its month, its day and an era after it ("2015年08月08号", "1823年3月bc"); a year with an era after
  /// it ("2934ad"); a day written with 号 ("8月8号", "30号"). Nil otherwise.
  func chineseCalendar(_ numeral: Numeral) -> NumberReading? {
    guard language == "zh", unsigned else { return nil }
    var j = body
    while j < s.count, s[j].scalar.isASCIIDigit, j - body <= 4 { j += 1 }
    let count = j - body
    guard (1...4).contains(count), numeral.end == j else { return nil }
    let written = string(s, body, j)
    let next = j < s.count ? s[j].scalar : " "
    if next == "年", count >= 2 {
      var k = j + 1
      var month: Int?
      var day: (value: Int, end: Int, hao: Bool)?
      if let (m, afterMonth) = chineseMonth(k) {
        month = m
        k = afterMonth
        day = chineseDay(k)
        k = day?.end ?? k
      }
      let era = chineseEra(k)
      // Without an era after the date, the month and day are left to the readers after the year.
      guard let era else {
        return NumberReading(text: SpeechLexicon.chineseYear(digits: written), end: j, kind: .date)
      }
      let date = SpeechLexicon.chineseDate(year: written, month: month, day: day?.value, era: era.word)
      return NumberReading(text: said(date), end: era.end, kind: .date)
    }
    if let era = chineseEra(j) {
      let date = SpeechLexicon.chineseDate(year: written, month: nil, day: nil, era: era.word)
      return NumberReading(text: said(date), end: era.end, kind: .date)
    }
    if next == "月", count <= 2, let month = Int(written), (1...12).contains(month), let day = chineseDay(j + 1),
      day.hao
    {
      return NumberReading(text: said("\(month)月\(day.value)日"), end: day.end, kind: .date)
    }
    // "30号" alone: a day of the month where no word continues the 号 ("3号线" is line 3), and no 第
    // comes before ("第3号" is number 3).
    if let day = chineseDay(body), day.hao, start == 0 || s[start - 1].scalar != "第",
      day.end >= s.count || !SpeechBuilder.isCJK(s[day.end].scalar)
        || "的前后至到起".unicodeScalars.contains(s[day.end].scalar)
    {
      return NumberReading(text: said("\(day.value)日"), end: day.end, kind: .date)
    }
    return nil
  }

  /// A month at `k`: one or two digits (1–12) and 月; its number and where it ends.
  private func chineseMonth(_ k: Int) -> (Int, Int)? {
    guard let (value, digits, end) = integer(s, k, limit: 2), digits <= 2, (1...12).contains(value), end < s.count,
      s[end].scalar == "月"
    else { return nil }
    return (value, end + 1)
  }

  /// A day at `k`: one or two digits (1–31) and 日, 号 or 號; its number, where it ends and whether
  /// it was written with 号.
  private func chineseDay(_ k: Int) -> (value: Int, end: Int, hao: Bool)? {
    guard let (value, digits, end) = integer(s, k, limit: 2), digits <= 2, (1...31).contains(value), end < s.count
    else { return nil }
    switch s[end].scalar {
    case "日": return (value, end + 1, false)
    case "号", "號": return (value, end + 1, true)
    default: return nil
    }
  }

  /// An era abbreviation at `k` (after at most one space), all small or all capital letters, followed
  /// by no letter or digit: its word and where it ends.
  private func chineseEra(_ k: Int) -> (word: String, end: Int)? {
    var start = k
    if start < s.count, s[start].scalar == " " { start += 1 }
    var end = start
    while end < s.count, end - start < 6, s[end].scalar.isASCII, s[end].scalar.isWordScalar || s[end].scalar == "." {
      end += 1
    }
    guard end > start, end >= s.count || !(s[end].scalar.isASCIIDigit || s[end].scalar.isWordScalar) else {
      return nil
    }
    let written = string(s, start, end)
    guard written == written.lowercased() || written == written.uppercased() else { return nil }
    let key = written.lowercased()
    if let word = SpeechLexicon.chineseEras[key] { return (word, end) }
    // "a.d" without its last dot.
    if let word = SpeechLexicon.chineseEras[key + "."], key.contains(".") { return (word, end) }
    return nil
  }
}
