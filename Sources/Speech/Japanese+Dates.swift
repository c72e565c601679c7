/// Japanese era years written with the era's initial ("R.4", "H.30.2.3"), said with the era's name
/// (令和四年, 平成三十年二月三日), as NeMo's ja `date/era_abbrev.tsv` and Japanese usage read them.
extension SpeechLexicon {
  /// The eras by the capital that abbreviates them.
  static let japaneseEras: [Unicode.Scalar: String] = ["M": "明治", "T": "大正", "S": "昭和", "H": "平成", "R": "令和"]
}

extension SpeechBuilder {
  /// An era year at `i` in Japanese: an era's capital, a dot, the year (1–99), and optionally ".M"
  /// and ".D" (a real month and day), then no letter or digit. Its speech (numerals for the number
  /// style) and where it ends.
  func japaneseEraYear(_ s: [SourcedScalar], _ i: Int, language: String) -> (String, Int)? {
    guard language == "ja", let era = SpeechLexicon.japaneseEras[s[i].scalar],
      i == 0 || !(s[i - 1].scalar.isWordScalar || s[i - 1].scalar.isASCIIDigit) || SpeechBuilder.isCJK(s[i - 1].scalar),
      let (year, _, yearEnd) = integer(s, i + 2, limit: 2), (1...99).contains(year)
    else { return nil }
    var spoken = "\(era)\(year)年"
    var end = yearEnd
    if end < s.count, s[end].scalar == "年" { return (spoken, end + 1) }  // "H.30年"
    if end + 1 < s.count, s[end].scalar == ".", let (month, _, monthEnd) = integer(s, end + 1, limit: 2),
      (1...12).contains(month)
    {
      spoken += "\(month)月"
      end = monthEnd
      if end + 1 < s.count, s[end].scalar == ".", let (day, _, dayEnd) = integer(s, end + 1, limit: 2),
        (1...31).contains(day)
      {
        spoken += "\(day)日"
        end = dayEnd
      }
    }
    guard isBoundary(s, end) else { return nil }
    return (spoken, end)
  }
}
