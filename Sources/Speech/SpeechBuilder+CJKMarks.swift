@_spi(Plumbing) internal import TextModel

/// Marks that Chinese and Japanese read with the numbers around them: a minus before a percent
/// written before its number (Chinese "-百分之1"), a wave dash after a weekday mark ("(金)〜11月9日"),
/// a square root before a number or a fraction's numerator (Japanese "√1/3" is 三分のルート一).
extension SpeechBuilder {
  /// Says the mark at `i` when it is one of these and returns where it ends, or nil.
  func cjkMark(
    _ s: [SourcedScalar], _ i: Int, end: Int, _ character: Character, previous: Unicode.Scalar?,
    lexicon: SharedLexicon, language: String
  ) -> Int? {
    switch character {
    case "-", "－": minusBeforePercentWord(s, i, end: end, lexicon: lexicon, language: language)
    case "〜", "～", "~": waveDashAfterMarks(s, i, end: end, previous: previous, lexicon: lexicon, language: language)
    case "√": root(s, i, end: end, lexicon: lexicon, language: language)
    default: nil
    }
  }

  /// "-百分之1": a minus right before a percent word the language writes before its number (Chinese
  /// 百分之) and a digit is the number's sign (负百分之一).
  private func minusBeforePercentWord(
    _ s: [SourcedScalar], _ i: Int, end: Int, lexicon: SharedLexicon, language: String
  ) -> Int? {
    let marked = lexicon.percent("#")
    guard marked.hasSuffix("#"), marked.count > 1 else { return nil }
    let word = Array(marked.dropLast().unicodeScalars)
    guard end + word.count < s.count, s[end + word.count].scalar.isASCIIDigit else { return nil }
    for (k, scalar) in word.enumerated() where s[end + k].scalar != scalar { return nil }
    add(lexicon.minus, source(s, i, end), kind: .number, language: language)
    return end
  }

  /// "10月27日(金)〜11月9日(木)": a wave dash after a closing parenthesis that closes Chinese or
  /// Japanese text, before a number or such text, is a range where the lexicon reads one.
  private func waveDashAfterMarks(
    _ s: [SourcedScalar], _ i: Int, end: Int, previous: Unicode.Scalar?, lexicon: SharedLexicon, language: String
  ) -> Int? {
    guard lexicon.tildeIsRange, previous == ")" || previous == "）", i >= 2, SpeechBuilder.isCJK(s[i - 2].scalar)
    else { return nil }
    let after = skipSpaces(s, end)
    guard after < s.count, s[after].scalar.isASCIIDigit || SpeechBuilder.isCJK(s[after].scalar) else { return nil }
    add(lexicon.range, source(s, i, end), kind: .range, language: language)
    return end
  }

  /// "√2" where the language says the root with a word of its own (Japanese ルート2); "√1/3", the
  /// root of a fraction's numerator, is said as that fraction with the root on its numerator
  /// (三分のルート一, as NeMo's ja grammar and Japanese math say it).
  private func root(_ s: [SourcedScalar], _ i: Int, end: Int, lexicon: SharedLexicon, language: String) -> Int? {
    guard let word = lexicon.lexicon.rootWord, end < s.count, s[end].scalar.isASCIIDigit else { return nil }
    if let fraction = lexicon.fraction, let (_, _, numeratorEnd) = integer(s, end, limit: 9),
      numeratorEnd + 1 < s.count, s[numeratorEnd].scalar == "/",
      let (denominator, _, denominatorEnd) = integer(s, numeratorEnd + 1, limit: 9), denominator > 0,
      isBoundary(s, denominatorEnd), !(denominatorEnd < s.count && s[denominatorEnd].scalar == "/")
    {
      let spoken = fraction(word + string(s, end, numeratorEnd), string(s, numeratorEnd + 1, denominatorEnd), nil)
      add(numerals(spoken, language), source(s, i, denominatorEnd), kind: .number, language: language)
      return denominatorEnd
    }
    add(word, source(s, i, end), kind: .text, language: language)
    return end
  }
}
