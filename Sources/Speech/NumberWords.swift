internal import UnicodeSupport

/// Number words for speech: ICU's rule-based spell-out for the integer part, corrected where it is
/// wrong for speech, and fraction digits read one by one with the language's decimal word (so
/// trailing zeros survive: "1.50" → "one point five zero").
///
/// Every word that differs by language (the decimal word, digit words, fixes to ICU's spell-out such
/// as Chinese 两百) comes from the language's ``SpeechLexicon``.
final class NumberWords {
  private var spellers: [String: NumberSpeller] = [:]
  private var ordinalSpellers: [String: NumberSpeller?] = [:]
  private var symbols: [String: Bool] = [:]

  /// Whether the language writes "11,7" for eleven point seven (decimal comma), from ICU's symbols.
  func usesDecimalComma(_ language: String) -> Bool {
    if let known = symbols[language] { return known }
    if SpeechLexicon.forLanguage(language).asciiCommaIsDecimal {
      symbols[language] = true
      return true
    }
    let comma = (try? NumberSymbols(locale: LocaleInfo.icuLocale(forLanguageTag: language)))?.decimalSeparator == ","
    symbols[language] = comma
    return comma
  }

  private func speller(_ language: String) -> NumberSpeller? {
    if let speller = spellers[language] { return speller }
    let speller = try? NumberSpeller(
      locale: LocaleInfo.icuLocale(forLanguageTag: language),
      ruleSet: SpeechLexicon.forLanguage(language).verboseSpellOut ? "%spellout-numbering-verbose" : nil)
    spellers[language] = speller
    return speller
  }

  /// Ordinal words for an integer ("twenty-fifth") from ICU's `%spellout-ordinal` rule set, or nil
  /// when the language has none.
  func ordinal(_ digits: String, language: String) -> String? {
    guard let value = Int64(digits) else { return nil }
    if ordinalSpellers[language] == nil {
      ordinalSpellers[language] = try? NumberSpeller(
        locale: LocaleInfo.icuLocale(forLanguageTag: language), ruleSet: "%spellout-ordinal")
    }
    return (try? ordinalSpellers[language]??.spell(value)).map(SpeechLexicon.forLanguage(language).spellOutFix)
  }

  /// Words for a numeral written with `language`'s separators ("1,234.5" in en, "1.234,5" in vi).
  func spell(_ numeral: String, language: String, lexicon: SharedLexicon) -> String {
    let comma = usesDecimalComma(language)
    var integer = ""
    var fraction: String?
    var negative = false
    let scalars = Array(numeral.unicodeScalars)
    for (index, scalar) in scalars.enumerated() {
      if scalar == "-" && integer.isEmpty { negative = true; continue }
      if scalar == "." || scalar == "," {
        let group = fraction == nil && !lexicon.asciiCommaIsDecimal && NumberWords.groupFollows(scalars, index + 1)
        let isDecimal = (scalar == ",") == comma || (comma && scalar == "." && !group)
        if isDecimal && fraction == nil && !(group && !comma && scalar == ",") { fraction = "" }
        continue
      }
      guard scalar.isASCIIDigit else { continue }
      if fraction != nil { fraction!.unicodeScalars.append(scalar) } else { integer.unicodeScalars.append(scalar) }
    }
    var parts: [String] = []
    if negative { parts.append(lexicon.minus) }
    parts.append(integerWords(integer.isEmpty ? "0" : integer, language: language, lexicon: lexicon))
    if let fraction, !fraction.isEmpty {
      parts.append(lexicon.decimalWord)
      parts.append(lexicon.join(fraction.map { digitWord($0, language: language) }))
    }
    return lexicon.join(parts)
  }

  func integerWords(_ digits: String, language: String, lexicon: SharedLexicon) -> String {
    if let cardinal = lexicon.cardinal, !(digits.count > 1 && digits.hasPrefix("0")), let words = cardinal(digits) {
      return words
    }
    guard digits.count <= 15, let value = Int64(digits) else {
      return lexicon.join(digits.map { digitWord($0, language: language) })
    }
    if digits.count > 1, digits.hasPrefix("0") {  // "007", a code: digit by digit
      return lexicon.join(digits.map { digitWord($0, language: language) })
    }
    guard let words = try? speller(language)?.spell(value) else { return digits }
    return lexicon.spellOutFix(words)
  }

  private var digitCache: [String: String] = [:]

  func digitWord(_ digit: Character, language: String, phone: Bool = false) -> String {
    let key = (phone ? "phone:" : "") + language + String(digit)
    if let cached = digitCache[key] { return cached }
    let lexicon = SpeechLexicon.forLanguage(language)
    let word =
      (phone ? lexicon.phoneDigits[digit] : nil) ?? lexicon.digitWords[digit]
      ?? lexicon.spellOutFix((try? speller(language)?.spell(Int64(String(digit)) ?? 0)) ?? String(digit))
    digitCache[key] = word
    return word
  }

  /// Replaces every numeral in `text` (digits with the language's separators inside) by words. An
  /// ordinal suffix the lexicon knows makes ordinal words ("25th" → "twenty-fifth"), a plural "s"
  /// the lexicon's plural of the last word ("80s" → "eighties"), and words never glue to letters
  /// ("a1b2" → "a one b two").
  func spellNumerals(in text: String, language: String, lexicon: SharedLexicon) -> String {
    let comma = usesDecimalComma(language)
    var out = ""
    var numeral = ""
    let scalars = Array(text.unicodeScalars)
    var i = 0
    /// The letters from `start` up to the next non-letter, lower-cased.
    func letters(from start: Int) -> (String, Int) {
      var end = start
      var word = ""
      while end < scalars.count, scalars[end].properties.isAlphabetic {
        word.unicodeScalars.append(scalars[end])
        end += 1
      }
      return (word.lowercased(), end)
    }
    func append(_ words: String) {
      // Only after Latin letters: Arabic's و ("and") is written joined to the number word it precedes.
      if lexicon.spaced, let last = out.unicodeScalars.last, last.isASCII, last.properties.isAlphabetic { out += " " }
      out += words
    }
    func flush() {
      guard !numeral.isEmpty else { return }
      defer { numeral = "" }
      let (suffix, end) = letters(from: i)
      if numeral.unicodeScalars.allSatisfy(\.isASCIIDigit), lexicon.ordinalSuffixes.contains(suffix),
        let words = ordinal(numeral, language: language)
      {
        append(words)
        i = end
        return
      }
      let words = spell(numeral, language: language, lexicon: lexicon)
      if suffix == "s", let plural = lexicon.numberWordPlural {
        append(plural(words))
        i = end
        return
      }
      append(words)
      if lexicon.spaced, i < scalars.count, scalars[i].isASCII, scalars[i].properties.isAlphabetic { out += " " }
    }
    while i < scalars.count {
      let s = scalars[i]
      if s.isASCIIDigit {
        numeral.unicodeScalars.append(s)
      } else if !numeral.isEmpty, s == "." || s == ",", i + 1 < scalars.count, scalars[i + 1].isASCIIDigit {
        let isDecimal = (s == ",") == comma || (comma && s == ".")
        if isDecimal || NumberWords.groupFollows(scalars, i + 1) {
          numeral.unicodeScalars.append(s)
        } else {
          flush(); out.unicodeScalars.append(s)
        }
      } else {
        let before = i
        flush()
        if i == before {
          out.unicodeScalars.append(s)
          i += 1
        }
        continue
      }
      i += 1
    }
    flush()
    return out
  }

  /// Whether exactly three digits start at `index` (a thousands group).
  static func groupFollows(_ scalars: [Unicode.Scalar], _ index: Int) -> Bool {
    groupFollows(count: scalars.count, at: index) { scalars[$0].isASCIIDigit }
  }

  /// Whether exactly three digits start at `index` of a sequence of `count` items (a thousands group).
  @inline(__always)
  static func groupFollows(count: Int, at index: Int, isDigit: (Int) -> Bool) -> Bool {
    guard index + 3 <= count else { return false }
    for k in index..<(index + 3) where !isDigit(k) { return false }
    return index + 3 == count || !isDigit(index + 3)
  }
}

extension String {
  func replacingAll(_ target: String, with replacement: String) -> String {
    guard !target.isEmpty, contains(target) else { return self }
    var out = ""
    var rest = self[...]
    while let found = rest.firstRange(of: target) {
      out += rest[..<found.lowerBound]
      out += replacement
      rest = rest[found.upperBound...]
    }
    out += rest
    return out
  }
}
