/// The words speech rendering needs in one language: connectors, units, currency, the parts of
/// addresses, and the cue words that decide what a colon means.
///
/// Choices that are not obvious are documented in docs/SPEECH.md ("Connector words"). Languages
/// without a lexicon of their own fall back to English words (with their own CLDR symbol names).
public struct SpeechLexicon: Sendable {
  /// The language key ("en", "zh", "ja", "vi", "ar").
  public internal(set) var language: String
  /// Whether words are separated by spaces (false for Chinese and Japanese).
  public let spaced: Bool
  /// "11.7:1" → "11.7 to 1".
  public let ratio: String
  /// "3:1" as a score → "3 to 1" (Arabic and Vietnamese use their sports forms).
  public let score: String
  /// "10–12" → "10 to 12".
  public let range: String
  let plus: String, minus: String, extensionWord: String
  let at: String, dot: String, slash: String, colon: String, dash: String, underscore: String
  let question: String, equals: String, and: String, hash: String
  let chapterVerse: @Sendable (String, String) -> String
  let hourMinute: @Sendable (String, String) -> String
  let oclock: @Sendable (String) -> String
  let hours: @Sendable (String, Bool) -> String, minutes: @Sendable (String, Bool) -> String,
    seconds: @Sendable (String, Bool) -> String
  var percent: @Sendable (String) -> String
  var degrees: @Sendable (String, String?) -> String  // number, scale "C"/"F"/nil
  var currency: [String: @Sendable (String) -> String]
  var units: [String: String]
  /// Words that, just before "A:B", make it a ratio ("contrast 4.5:1", "dilute 1:10").
  let ratioCues: CueWords
  /// Words that make "A:B" a score.
  let scoreCues: CueWords
  /// Words that make "m:ss" a duration.
  let durationCues: CueWords
  /// Book names that make "3:16" a chapter and verse.
  let books: [String]
  /// Month names for ISO dates, January first.
  let date: @Sendable (Int, Int, Int) -> String
  /// Words just before "A:B" that make it a time ("at 10:30", "lúc 10:30"), winning over a score cue.
  var timePrepositions: Set<String> = []
  /// Words right after a time that name the half of the day, and how they are spoken ("p.m." → "p m").
  var meridiems: [(written: String, spoken: String)] = []
  /// A unit's word for a count, from its word in ``units`` and whether the count is exactly one
  /// (English "1 kilometer", "2 kilometers"; languages without plural forms keep the word).
  var unitWord: @Sendable (_ word: String, _ isOne: Bool) -> String = { word, _ in word }
  /// Minor currency units read after the major one, by currency symbol ("$4.01" → "4 dollars and 1 cent").
  var minorCurrency: [String: CountedWord] = [:]
  /// The word between the integer and the fraction digits of a decimal number.
  var decimalWord = "point"
  /// Digit words that replace ICU's spell-out of a single digit (Japanese ゼロ rather than 零).
  var digitWords: [Character: String] = [:]
  /// Digits read differently inside phone numbers (Chinese 幺 for 1, Japanese ゼロ for 0).
  var phoneDigits: [Character: String] = [:]
  /// Fixes to ICU's spell-out where it reads wrong aloud (Chinese 零 for the written 〇, 两百 for 二百).
  var spellOutFix: @Sendable (String) -> String = { $0 }

  /// Suffixes that make a numeral an ordinal ("25th"), lower-cased; empty where there are none.
  var ordinalSuffixes: Set<String> = []
  /// The suffix an ordinal takes by its last two digits ("st" for 21, "th" for 11), where the
  /// language has one suffix per number.
  var ordinalSuffixFor: (@Sendable (Int) -> String)?
  /// The plural of a number's last word ("eighty" → "eighties"), for decades ("the 1980s"); nil
  /// where numbers have no plural.
  var numberWordPlural: (@Sendable (String) -> String)?
  /// Month names and abbreviations, lower-cased, to their number (January is 1).
  var monthNumbers: [String: Int] = [:]
  /// A year as it is said, written with numerals a synthesizer reads right ("1994" → "19 94",
  /// "1506" → "15 oh 6"); years the language reads as ordinary numbers stay as they are.
  var year: @Sendable (Int) -> String = { String($0) }
  /// A date written with a month name: month first ("July 25 2012") or day first ("25 July 2012",
  /// `afterThe` when "the" already precedes the day); the day or the year may be missing ("July 1876").
  var monthNameDate:
    (@Sendable (_ month: Int, _ day: Int?, _ year: Int?, _ dayFirst: Bool, _ afterThe: Bool) -> String)?
  /// Words right before a four-digit number that make it a year ("in 1994", "since 2010").
  var yearCues: Set<String> = []
  /// Scale words after an amount, with abbreviations, to the word said ("bn" → "billion").
  var scaleWords: [String: String] = [:]
  /// Time zone abbreviations read letter by letter after a time ("EST"), lower-cased.
  var timeZones: Set<String> = []
  /// Connects the hours, minutes and seconds of a clock duration ("1 hour 1 minute and 1 second").
  var lastPartJoiner = ""

  /// Words right before a Roman numeral that make it a number ("chapter IV", "thế kỷ XX"), lower-cased.
  var romanCues: Set<String> = []
  /// Numbers said with their own word after a particular word (Vietnamese "thứ 4" is "thứ tư",
  /// "thứ 1" is "thứ nhất"): the word, lower-cased, to the numbers it changes.
  var numberWordsAfter: [String: [Int: String]] = [:]
  /// Whether a wave dash or tilde between numbers or dates is a range ("1月〜12月" → "1月から12月").
  var tildeIsRange = false
  /// Weekday abbreviations written in parentheses after a date ("(月)") to the weekday's name, and
  /// other day marks ("祝" → "祝日").
  var dayMarks: [Character: String] = [:]
  /// The word that starts the lexicon's numeric dates ("ngày" in Vietnamese), left out when the text
  /// already says it right before the date.
  var dateLead: String?

  /// How a decimal number is said, from its integer and fraction digits, when the language does not
  /// say "point" and the digits (Arabic reads 6.88 as "six and eighty-eight hundredths"); the result
  /// holds numerals for the synthesizer or the words mode to read.
  var decimalReading: (@Sendable (_ whole: String, _ fraction: String) -> String)?
  /// Whether a comma between digits is always the decimal separator (Arabic text writes 7,99), even
  /// where ICU's locale data gives another separator.
  var asciiCommaIsDecimal = false
  /// Whether a percent sign may stand before its number ("%7" in Arabic text).
  var percentMayLead = false

  /// A fraction "a/b" as it is said, from its numerator and denominator (numerals) and the ordinal
  /// words of the denominator where the language builds fractions from ordinals (English "thirds");
  /// nil where the lexicon reads no fractions.
  var fraction: (@Sendable (_ numerator: String, _ denominator: String, _ ordinal: String?) -> String)?
  /// A fraction as a region says it where that differs from ``fraction`` (the numerator, the
  /// denominator and the region the language tag declares): American English says "3 fourths"
  /// where British English, and this lexicon, say "3 quarters". Nil (or a nil answer): ``fraction``.
  var regionalFraction: (@Sendable (_ numerator: String, _ denominator: String, _ region: String) -> String?)?
  /// Numbers written with a slash that are names, not fractions ("24/7", "9/11", "50/50").
  var notFractions: Set<String> = []
  /// A whole number and a fraction ("2 1/2"): the whole, the fraction as said, and whether the
  /// fraction is one half.
  var mixedNumber: @Sendable (_ whole: String, _ fraction: String, _ isHalf: Bool) -> String = { whole, fraction, _ in
    "\(whole) \(fraction)"
  }

  /// The word after a number that makes it a year ("2015年"), where the language reads such years
  /// with ``year``.
  var yearMarker: String?
  /// A clock reading to the second where the language says it as a time of day, not as hours,
  /// minutes and seconds (Chinese 3点4分5秒).
  var clockWithSeconds: (@Sendable (_ hours: String, _ minutes: String, _ seconds: String) -> String)?
  /// Whether a clock reading leaves out its zero parts ("8:00:00" is "8 giờ" in Vietnamese).
  var omitsZeroTimeParts = false

  /// Words right before a day and month written "16/10" that make it a date, not a fraction:
  /// weekday names and their abbreviations, "deadline", "due", lower-cased.
  var dateCues: Set<String> = []
  /// Words right before a number that make it a code said digit by digit ("call 911", "dial 112").
  var dialCues: Set<String> = []
  /// Numbers said digit by digit wherever they stand: emergency and short service codes ("911" is
  /// "nine one one", never "nine hundred eleven").
  var digitCodes: Set<String> = []
  /// Unit words after "m:ss" or "h:mm" that make it a duration ("10:00 minutes"), lower-cased, to
  /// whether the first part counts hours (true) or minutes (false).
  var durationUnits: [String: Bool] = [:]
  /// Abbreviations written with full stops that are one word aloud ("د.إ." is the dirham), as written
  /// (with and without the last full stop) to the word said.
  var dottedAbbreviations: [String: String] = [:]
  /// The word of a rate after an amount and a slash ("$20/mo" is 20 dollars per month), nil where
  /// the lexicon reads none.
  var per: String?
  /// Periods written after "/" in a rate, to their word for one ("mo" → "month").
  var periods: [String: String] = [:]
  /// Whether cardinal numbers are spelled with ICU's `%spellout-numbering-verbose`, which says "and"
  /// before the last group ("one hundred and twenty-three", "eighteen thousand and fifty-two"):
  /// English as it is spoken, in Britain and commonly in America, and as NeMo's English normalizer
  /// and espeak-ng's default English voice say amounts. Ordinals (and so fraction denominators:
  /// "twelve thousand six hundred fortieths") keep ICU's plain rule set, as NeMo says them.
  var verboseSpellOut = false
  /// The word between the sides of a size written "2x8" or "1920×1080" ("2 by 8"); nil where the
  /// lexicon reads no sizes.
  var dimensionWord: String?

  /// A word with its form for a count of one and for other counts.
  struct CountedWord: Sendable {
    let one: String, other: String
    func callAsFunction(isOne: Bool) -> String { isOne ? one : other }
  }

  /// The lexicon for a BCP 47 tag; unknown languages get English words.
  public static func forLanguage(_ tag: String?) -> SpeechLexicon {
    switch SpeechLexicon.key(tag) {
    case "zh": .chinese
    case "ja": .japanese
    case "vi": .vietnamese
    case "ar": .arabic
    case "en": .english
    default: .neutral(SpeechLexicon.key(tag))
    }
  }

  /// For languages without a lexicon: English connectors (documented), but units, currency,
  /// percent and degree signs stay as written for the synthesizer to read in its own language
  /// ("9h", "4,50 €", "45 %"), rather than English words in a French sentence.
  static func neutral(_ language: String) -> SpeechLexicon {
    var lexicon = english
    lexicon.language = language
    lexicon.units = [:]
    lexicon.currency = [:]
    lexicon.percent = { "\($0) %" }
    lexicon.degrees = { n, scale in "\(n) °\(scale ?? "")" }
    lexicon.minorCurrency = [:]
    lexicon.decimalWord = neutralDecimalWords[language] ?? lexicon.decimalWord
    // English's "and" in numbers and "by" in sizes: ICU's own words for the language, and sizes as written.
    lexicon.verboseSpellOut = false
    lexicon.dimensionWord = nil
    return lexicon
  }

  /// The primary language subtag, lower-cased ("zh-Hant-TW" → "zh").
  /// ``spaced`` of the lexicon for `tag`, without making the lexicon (a struct of tables: copying
  /// one per piece of speech was a tenth of speech rendering).
  static func isSpaced(_ tag: String?) -> Bool {
    switch key(tag) {
    case "zh", "ja": false
    default: true
    }
  }

  static func key(_ tag: String?) -> String {
    guard let tag, !tag.isEmpty else { return "en" }
    // On bytes: asked for every piece of speech. A tag that is already a lowercase ASCII primary
    // subtag ("en", "zh-Hant" → "zh") needs no lowercasing pass.
    let utf8 = tag.utf8
    let end = utf8.firstIndex { $0 == 0x2D || $0 == 0x5F } ?? utf8.endIndex
    let primary = Substring(utf8[..<end])
    if primary.utf8.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) { return String(primary) }
    return primary.lowercased()
  }

  func join(_ parts: [String]) -> String {
    parts.filter { !$0.isEmpty }.joined(separator: spaced ? " " : "")
  }

  static let english = SpeechLexicon(
    language: "en", spaced: true, ratio: "to", score: "to", range: "to",
    plus: "plus", minus: "minus", extensionWord: "extension",
    at: "at", dot: "dot", slash: "slash", colon: "colon", dash: "dash", underscore: "underscore",
    question: "question mark", equals: "equals", and: "and", hash: "hash",
    chapterVerse: { "chapter \($0) verse \($1)" },
    hourMinute: { h, m in m.hasPrefix("0") ? "\(h) oh \(m.dropFirst())" : "\(h) \(m)" },
    oclock: { "\($0) o'clock" },
    hours: { "\($0) \($1 ? "hour" : "hours")" }, minutes: { "\($0) \($1 ? "minute" : "minutes")" },
    seconds: { "\($0) \($1 ? "second" : "seconds")" },
    percent: { "\($0) percent" },
    degrees: { n, scale in
      let unit = n == "1" ? "degree" : "degrees"
      switch scale {
      case "C": return "\(n) \(unit) Celsius"
      case "F": return "\(n) \(unit) Fahrenheit"
      default: return "\(n) \(unit)"
      }
    },
    currency: [
      "$": { "\($0) \($0 == "1" ? "dollar" : "dollars")" }, "US$": { "\($0) US dollars" },
      "€": { "\($0) \($0 == "1" ? "euro" : "euros")" }, "£": { "\($0) \($0 == "1" ? "pound" : "pounds")" },
      "¥": { "\($0) yen" }, "₫": { "\($0) dong" }, "AED": { "\($0) dirhams" }, "₹": { "\($0) rupees" },
      "₩": { "\($0) won" },
    ],
    units: [
      "km": "kilometers", "m": "meters", "cm": "centimeters", "mm": "millimeters", "kg": "kilograms",
      "g": "grams", "mg": "milligrams", "l": "liters", "L": "liters", "ml": "milliliters", "mL": "milliliters",
      "km/h": "kilometers per hour", "mph": "miles per hour", "mi": "miles", "ft": "feet", "kWh": "kilowatt hours",
      "GB": "gigabytes", "MB": "megabytes", "KB": "kilobytes", "kB": "kilobytes", "TB": "terabytes",
      "Hz": "hertz", "kHz": "kilohertz", "MHz": "megahertz", "GHz": "gigahertz", "px": "pixels", "pt": "points",
      "ms": "milliseconds", "min": "minutes", "h": "hours", "lb": "pounds", "lbs": "pounds", "oz": "ounces",
      "KG": "kilograms", "Kg": "kilograms", "m2": "square meters", "m3": "cubic meters", "mbps": "megabits per second",
      "Mbps": "megabits per second",
      "kbps": "kilobits per second", "Gbps": "gigabits per second", "km²": "square kilometers", "m²": "square meters",
      "m³": "cubic meters", "km³": "cubic kilometers", "cm²": "square centimeters", "cm³": "cubic centimeters",
      "mi²": "square miles", "ft²": "square feet",
    ],
    ratioCues: [
      "ratio", "ratios", "contrast", "mix", "mixed", "mixing", "dilute", "diluted", "dilution", "aspect",
      "odds", "scale", "proportion", "concentration", "solution", "strength", "gradient", "slope", "grade",
    ],
    scoreCues: [
      "score", "scored", "won", "win", "wins", "lost", "lose", "loses", "beat", "beats", "defeated", "final",
      "drew", "draw", "tied", "victory", "halftime", "half-time", "match", "game", "soccer", "football", "hockey",
      "rugby", "tennis",
    ],
    durationCues: [
      "duration", "lasts", "last", "runtime", "running", "length", "took", "takes", "timer", "elapsed",
      "lap", "track", "clip", "video", "run",
    ],
    books: englishBooks,
    date: { y, m, d in "\(englishMonths[m - 1]) \(englishOrdinal(d)), \(englishYear(y))" },
    timePrepositions: ["at", "from", "until", "till", "by", "before", "after", "around", "to"],
    meridiems: [("a.m.", "a m"), ("p.m.", "p m"), ("a.m", "a m"), ("p.m", "p m"), ("am", "a m"), ("pm", "p m")],
    unitWord: { word, isOne in isOne ? englishSingular(word) : word },
    minorCurrency: [
      "$": CountedWord(one: "cent", other: "cents"), "US$": CountedWord(one: "cent", other: "cents"),
      "€": CountedWord(one: "cent", other: "cents"), "£": CountedWord(one: "penny", other: "pence"),
    ],
    ordinalSuffixes: ["st", "nd", "rd", "th"],
    ordinalSuffixFor: { lastTwo in
      if (11...13).contains(lastTwo) { return "th" }
      switch lastTwo % 10 {
      case 1: return "st"
      case 2: return "nd"
      case 3: return "rd"
      default: return "th"
      }
    },
    numberWordPlural: { words in
      // "eighty" → "eighties", "ten" → "tens", "nineteen hundred" → "nineteen hundreds"
      words.hasSuffix("y") ? String(words.dropLast()) + "ies" : words + "s"
    },
    monthNumbers: englishMonthNumbers,
    year: englishYear,
    monthNameDate: { month, day, year, dayFirst, afterThe in
      let name = englishMonths[month - 1]
      guard let day else { return year.map { "\(name) \(englishYear($0))" } ?? name }
      let date =
        dayFirst ? "\(afterThe ? "" : "the ")\(englishOrdinal(day)) of \(name)" : "\(name) \(englishOrdinal(day))"
      return year.map { "\(date), \(englishYear($0))" } ?? date
    },
    yearCues: ["in", "since", "until", "till", "by", "from", "of", "circa", "year", "during", "before", "after", "to"],
    scaleWords: [
      "thousand": "thousand", "million": "million", "billion": "billion", "trillion": "trillion", "k": "thousand",
      "m": "million", "mn": "million", "b": "billion", "bn": "billion", "t": "trillion",
    ],
    timeZones: ["est", "edt", "cst", "cdt", "mst", "mdt", "pst", "pdt", "gmt", "utc", "bst", "cet", "cest"],
    lastPartJoiner: "and",
    romanCues: [
      "chapter", "part", "section", "volume", "vol", "book", "act", "scene", "war", "phase", "stage", "appendix",
      "article", "level", "grade", "class", "type", "page",
    ],
    fraction: { numerator, denominator, ordinal in
      // "1/2" one half, "3/4" three quarters, "31/32" thirty-one thirty-seconds.
      let one = numerator == "1"
      switch denominator {
      case "2": return "\(numerator) \(one ? "half" : "halves")"
      case "4": return "\(numerator) \(one ? "quarter" : "quarters")"
      default:
        guard let ordinal, denominator != "1" else { return "\(numerator) over \(denominator)" }
        return "\(numerator) \(one ? ordinal : ordinal + "s")"
      }
    },
    regionalFraction: { numerator, denominator, region in
      // en-US (and the Philippines, which follows it): "3 fourths", as MathCAT's ClearSpeak says.
      guard denominator == "4", region == "US" || region == "PH" else { return nil }
      return "\(numerator) \(numerator == "1" ? "fourth" : "fourths")"
    },
    notFractions: ["24/7", "9/11", "50/50", "20/20", "4/20", "7/11"],
    mixedNumber: { whole, fraction, isHalf in isHalf ? "\(whole) and a half" : "\(whole) and \(fraction)" },
    dateCues: [
      "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "mon", "tue", "tues", "wed",
      "thu", "thur", "thurs", "fri", "sat", "sun", "deadline", "due", "dated", "date",
    ],
    dialCues: ["call", "dial", "dialling", "dialing", "ring", "text", "phone"],
    digitCodes: ["911", "999", "112", "988", "211", "311", "411", "511", "611", "711", "811"],
    durationUnits: [
      "hours": true, "hour": true, "hrs": true, "hr": true, "h": true, "minutes": false, "minute": false,
      "mins": false, "min": false,
    ],
    per: "per",
    periods: [
      "mo": "month", "month": "month", "yr": "year", "year": "year", "wk": "week", "week": "week", "d": "day",
      "day": "day", "hr": "hour", "h": "hour", "hour": "hour", "min": "minute", "s": "second", "sec": "second",
    ], verboseSpellOut: true, dimensionWord: "by")

  /// Fixes to ICU's Chinese spell-out: 零 for the written 〇; 两 where 二 is said before 百, 千, 万 and
  /// 亿 at the start; and 零 after 亿 or 万 when the next four-digit group has no thousands (一亿零一百万),
  /// which ICU leaves out.
  static func chineseSpellOutFix(_ words: String) -> String {
    var spoken = words.replacingAll("〇", with: "零")
    if spoken.hasPrefix("二"), spoken.count > 1, let next = spoken.dropFirst().first, "百千万亿萬億".contains(next) {
      spoken = "两" + spoken.dropFirst()
    }
    var out = ""
    let characters = Array(spoken)
    for (index, character) in characters.enumerated() {
      out.append(character)
      guard "亿万億萬".contains(character), index + 1 < characters.count, characters[index + 1] != "零" else { continue }
      var group = ""
      for next in characters[(index + 1)...] {
        if "亿万億萬".contains(next) { break }
        group.append(next)
      }
      if !group.isEmpty, !group.contains("千") { out.append("零") }
    }
    return out
  }

  /// Japanese says 一千 when a thousand multiplies 万, 億 or 兆 (一千万, 一千九億); ICU writes 千万.
  static func japaneseSpellOutFix(_ words: String) -> String {
    var out = ""
    var group = ""
    for character in words {
      group.append(character)
      if "万億兆".contains(character) {
        if group.hasPrefix("千") { group = "一" + group }
        out += group
        group = ""
      }
    }
    return out + group
  }

  /// A Chinese year, digit by digit in Han numerals ("2015" → "二零一五"), as years are said.
  static func chineseYear(_ year: Int) -> String {
    let digits: [Character] = ["零", "一", "二", "三", "四", "五", "六", "七", "八", "九"]
    return String(String(year).compactMap { $0.wholeNumberValue.map { digits[$0] } })
  }

  /// A Vietnamese year: after 2010 without "không trăm" ("2024" is "hai nghìn hai mươi tư").
  static func vietnameseYear(_ year: Int) -> String {
    (2010...2099).contains(year) ? "2 nghìn \(year % 1000)" : String(year)
  }

  /// "1" → "1st", "22" → "22nd", "13" → "13th": the numeral a synthesizer reads as an ordinal.
  static func englishOrdinal(_ n: Int) -> String {
    let suffix =
      (11...13).contains(n % 100) ? "th" : n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th"
    return "\(n)\(suffix)"
  }

  /// An English year, in numerals a synthesizer reads as a year: "1994" → "19 94", "1506" →
  /// "15 oh 6", "1900" → "19 hundred", "2012" → "20 12"; 2000–2009 and years outside 1000–2099 stay
  /// as they are ("2006" is "two thousand six").
  static func englishYear(_ year: Int) -> String {
    guard (1000...2099).contains(year), !(2000...2009).contains(year) else { return String(year) }
    let (high, low) = (year / 100, year % 100)
    if low == 0 { return "\(high) hundred" }
    if low < 10 { return "\(high) oh \(low)" }
    return "\(high) \(low)"
  }

  static let englishMonthNumbers: [String: Int] = {
    var numbers: [String: Int] = [:]
    for (index, name) in englishMonths.enumerated() {
      numbers[name.lowercased()] = index + 1
      numbers[String(name.lowercased().prefix(3))] = index + 1
    }
    numbers["sept"] = 9
    return numbers
  }()

  /// The singular of an English unit word: "kilometers" → "kilometer", "feet" → "foot",
  /// "kilometers per hour" → "kilometer per hour"; "hertz" stays.
  static func englishSingular(_ word: String) -> String {
    switch word {
    case "feet": return "foot"
    case "hertz", "kilohertz", "megahertz", "gigahertz": return word
    default:
      if word.hasSuffix("s") { return String(word.dropLast()) }
      if let space = word.firstIndex(of: " "), word[..<space].hasSuffix("s") {
        return String(word[..<word.index(before: space)]) + word[space...]
      }
      return word
    }
  }

  static let chinese = SpeechLexicon(
    language: "zh", spaced: false, ratio: "比", score: "比", range: "至",
    plus: "加", minus: "负", extensionWord: "分机",
    at: "at", dot: "点", slash: "斜杠", colon: "冒号", dash: "横杠", underscore: "下划线",
    question: "问号", equals: "等于", and: "和", hash: "井号",
    chapterVerse: { "\($0)章\($1)节" },
    hourMinute: { h, m in m == "00" ? "\(h)点" : "\(h)点\(m.hasPrefix("0") ? "零" + m.dropFirst() : Substring(m))分" },
    oclock: { "\($0)点" },
    hours: { n, _ in "\(n)小时" }, minutes: { n, _ in "\(n)分钟" }, seconds: { n, _ in "\(n)秒" },
    percent: { "百分之\($0)" },
    degrees: { n, scale in
      switch scale {
      case "C": return "\(n)摄氏度"
      case "F": return "\(n)华氏度"
      default: return "\(n)度"
      }
    },
    currency: [
      "$": { "\($0)美元" }, "US$": { "\($0)美元" }, "€": { "\($0)欧元" }, "£": { "\($0)英镑" },
      "¥": { "\($0)元" }, "￥": { "\($0)元" }, "₫": { "\($0)越南盾" }, "AED": { "\($0)迪拉姆" },
      "₩": { "\($0)韩元" },
    ],
    units: [
      "km": "公里", "m": "米", "cm": "厘米", "mm": "毫米", "kg": "公斤", "g": "克", "mg": "毫克", "l": "升",
      "L": "升", "ml": "毫升", "mL": "毫升", "km/h": "公里每小时", "GB": "GB", "MB": "MB", "min": "分钟", "h": "小时",
      "ms": "毫秒", "s": "秒", "m²": "平方米", "km²": "平方公里", "cm²": "平方厘米", "m³": "立方米", "cm³": "立方厘米", "km³": "立方公里",
    ],
    ratioCues: ["比例", "对比度", "對比度", "对比", "比率", "稀释", "稀釋", "混合", "配比", "坡度"],
    scoreCues: ["比分", "比赛", "比賽", "战胜", "擊敗", "击败", "获胜", "赢", "输"],
    durationCues: ["时长", "時長", "持续", "用时", "耗时"],
    books: ["约翰福音", "約翰福音", "创世记", "創世記", "马太福音", "馬太福音", "诗篇", "詩篇", "罗马书", "羅馬書", "路加福音", "马可福音", "箴言"],
    date: { y, m, d in "\(chineseYear(y))年\(m)月\(d)日" },
    decimalWord: "点", phoneDigits: ["1": "幺"],
    spellOutFix: chineseSpellOutFix, year: chineseYear, scaleWords: ["万": "万", "亿": "亿", "萬": "萬", "億": "億"],
    tildeIsRange: true,
    fraction: { numerator, denominator, _ in "\(denominator)分之\(numerator)" },
    mixedNumber: { whole, fraction, _ in "\(whole)又\(fraction)" }, yearMarker: "年",
    clockWithSeconds: { h, m, s in "\(h)点\(m)分\(s)秒" }, dimensionWord: "乘")

  static let japanese = SpeechLexicon(
    language: "ja", spaced: false, ratio: "対", score: "対", range: "から",
    plus: "プラス", minus: "マイナス", extensionWord: "内線",
    at: "アット", dot: "ドット", slash: "スラッシュ", colon: "コロン", dash: "ハイフン", underscore: "アンダースコア",
    question: "クエスチョン", equals: "イコール", and: "アンド", hash: "シャープ",
    chapterVerse: { "\($0)章\($1)節" },
    hourMinute: { h, m in m == "00" ? "\(h)時" : "\(h)時\(m.hasPrefix("0") ? Substring(m.dropFirst()) : Substring(m))分" },
    oclock: { "\($0)時" },
    hours: { n, _ in "\(n)時間" }, minutes: { n, _ in "\(n)分" }, seconds: { n, _ in "\(n)秒" },
    percent: { "\($0)パーセント" },
    degrees: { n, scale in
      switch scale {
      case "C": return "摂氏\(n)度"
      case "F": return "華氏\(n)度"
      default: return "\(n)度"
      }
    },
    currency: [
      "$": { "\($0)ドル" }, "US$": { "\($0)米ドル" }, "€": { "\($0)ユーロ" }, "£": { "\($0)ポンド" },
      "¥": { "\($0)円" }, "￥": { "\($0)円" }, "₫": { "\($0)ドン" }, "AED": { "\($0)ディルハム" },
    ],
    units: [
      "km": "キロメートル", "m": "メートル", "cm": "センチメートル", "mm": "ミリメートル", "kg": "キログラム",
      "g": "グラム", "mg": "ミリグラム", "l": "リットル", "L": "リットル", "ml": "ミリリットル", "mL": "ミリリットル",
      "km/h": "キロメートル毎時", "min": "分", "h": "時間",
      "m²": "平方メートル", "km²": "平方キロメートル", "cm²": "平方センチメートル", "m³": "立方メートル",
      "cm³": "立方センチメートル",
    ],
    ratioCues: ["比", "比率", "コントラスト比", "コントラスト", "希釈", "混合", "割合", "勾配"],
    scoreCues: ["スコア", "得点", "勝利", "勝ち", "負け", "破り", "試合"],
    durationCues: ["再生時間", "所要時間", "時間", "長さ"],
    books: ["ヨハネによる福音書", "ヨハネ福音書", "ヨハネ", "創世記", "マタイによる福音書", "詩編", "詩篇", "ローマ人への手紙"],
    date: { y, m, d in "\(y)年\(m)月\(d)日" },
    decimalWord: "点", digitWords: ["0": "ゼロ"], phoneDigits: ["0": "ゼロ"],
    spellOutFix: japaneseSpellOutFix, tildeIsRange: true,
    dayMarks: [
      "月": "月曜日", "火": "火曜日", "水": "水曜日", "木": "木曜日", "金": "金曜日", "土": "土曜日", "日": "日曜日", "祝": "祝日",
      "休": "休日",
    ],
    fraction: { numerator, denominator, _ in "\(denominator)分の\(numerator)" },
    mixedNumber: { whole, fraction, _ in "\(whole)と\(fraction)" }, dimensionWord: "かける")

  /// Vietnamese: a ratio is read "trên" ("11,7 trên 1", as ratios and fractions are read aloud);
  /// a sports score "3-1" is read with "–" as a pause, so we say "3 1" joined by "đối" ("3 đối 1").
  static let vietnamese = SpeechLexicon(
    language: "vi", spaced: true, ratio: "trên", score: "đối", range: "đến",
    plus: "cộng", minus: "âm", extensionWord: "máy lẻ",
    at: "a còng", dot: "chấm", slash: "gạch chéo", colon: "hai chấm", dash: "gạch ngang", underscore: "gạch dưới",
    question: "dấu hỏi", equals: "bằng", and: "và", hash: "thăng",
    chapterVerse: { "chương \($0) câu \($1)" },
    hourMinute: { h, m in
      m == "00" ? "\(h) giờ" : "\(h) giờ \(m.hasPrefix("0") ? Substring(m.dropFirst()) : Substring(m)) phút"
    },
    oclock: { "\($0) giờ" },
    hours: { n, _ in "\(n) giờ" }, minutes: { n, _ in "\(n) phút" }, seconds: { n, _ in "\(n) giây" },
    percent: { "\($0) phần trăm" },
    degrees: { n, scale in
      switch scale {
      case "C": return "\(n) độ C"
      case "F": return "\(n) độ F"
      default: return "\(n) độ"
      }
    },
    currency: [
      "$": { "\($0) đô la" }, "US$": { "\($0) đô la Mỹ" }, "€": { "\($0) euro" }, "£": { "\($0) bảng Anh" },
      "¥": { "\($0) yên" }, "₫": { "\($0) đồng" }, "đ": { "\($0) đồng" }, "AED": { "\($0) dirham" },
    ],
    units: [
      "km": "ki lô mét", "m": "mét", "cm": "xăng ti mét", "mm": "mi li mét", "kg": "ki lô gam", "g": "gam",
      "mg": "mi li gam", "l": "lít", "L": "lít", "ml": "mi li lít", "mL": "mi li lít", "km/h": "ki lô mét trên giờ",
      "min": "phút", "h": "giờ", "p": "phút", "s": "giây", "m2": "mét vuông", "m3": "mét khối", "GB": "gi ga bai",
      "MB": "mê ga bai", "KB": "ki lô bai", "kB": "ki lô bai", "TB": "tê ra bai", "GHz": "gi ga hẹc",
      "MHz": "mê ga hẹc",
      "mV": "mi li vôn", "V": "vôn", "W": "oát", "kW": "ki lô oát", "hp": "mã lực", "m/min": "mét trên phút",
      "m/s": "mét trên giây", "m²": "mét vuông", "km²": "ki lô mét vuông", "cm²": "xăng ti mét vuông",
      "m³": "mét khối", "cm³": "xăng ti mét khối",
    ],
    ratioCues: ["tỷ lệ", "tỉ lệ", "tương phản", "độ tương phản", "pha", "trộn", "pha loãng", "độ dốc", "dốc"],
    scoreCues: ["tỷ số", "tỉ số", "thắng", "thua", "hòa", "chung cuộc"],
    durationCues: ["thời lượng", "kéo dài", "thời gian"],
    books: ["Giăng", "Sáng Thế Ký", "Ma-thi-ơ", "Thi Thiên", "Rô-ma", "Lu-ca"],
    date: { y, m, d in "ngày \(d) tháng \(m) năm \(vietnameseYear(y))" },
    timePrepositions: ["lúc", "từ", "đến"],
    decimalWord: "phẩy",
    // "linh" for a zero tens digit (101 "một trăm linh một"), the standard form espeak-ng also says;
    // ICU writes the southern "lẻ".
    spellOutFix: { $0.replacingAll(" lẻ ", with: " linh ").replacingAll(" lẻ", with: " linh") },
    // Years after 2010 are said without "không trăm": 2024 is "hai nghìn hai mươi tư".
    year: vietnameseYear,
    yearCues: ["năm"],
    romanCues: ["kỷ", "kỉ", "thứ", "chương", "phần", "mục", "đoạn", "năm", "quyển", "tập", "khóa", "bài", "điều"],
    numberWordsAfter: ["thứ": [1: "nhất", 4: "tư"]],
    dateLead: "ngày",
    fraction: { numerator, denominator, _ in "\(numerator) phần \(denominator == "4" ? "tư" : denominator)" },
    mixedNumber: { whole, fraction, _ in "\(whole) và \(fraction)" }, omitsZeroTimeParts: true, dimensionWord: "nhân")

  /// Arabic: a ratio is "إلى" ("to", as in نسبة 3 إلى 1); a score is "مقابل" ("against", as in 3 مقابل 1).
  static let arabic = SpeechLexicon(
    language: "ar", spaced: true, ratio: "إلى", score: "مقابل", range: "إلى",
    plus: "زائد", minus: "سالب", extensionWord: "تحويلة",
    at: "آت", dot: "نقطة", slash: "شرطة مائلة", colon: "نقطتان", dash: "شرطة", underscore: "شرطة سفلية",
    question: "علامة استفهام", equals: "يساوي", and: "و", hash: "علامة المربع",
    chapterVerse: { "الإصحاح \($0) الآية \($1)" },
    hourMinute: { h, m in
      m == "00" ? "الساعة \(h)" : "الساعة \(h) و\(m.hasPrefix("0") ? Substring(m.dropFirst()) : Substring(m)) دقيقة"
    },
    oclock: { "الساعة \($0)" },
    hours: { n, _ in "\(n) ساعة" }, minutes: { n, _ in "\(n) دقيقة" }, seconds: { n, _ in "\(n) ثانية" },
    percent: { "\($0) في المائة" },
    degrees: { n, scale in
      switch scale {
      case "C": return "\(n) درجة مئوية"
      case "F": return "\(n) درجة فهرنهايت"
      default: return "\(n) درجة"
      }
    },
    currency: [
      "$": { "\($0) دولار" }, "US$": { "\($0) دولار أمريكي" }, "€": { "\($0) يورو" }, "£": { "\($0) جنيه إسترليني" },
      "¥": { "\($0) ين" }, "AED": { "\($0) درهم" }, "د.إ": { "\($0) درهم" }, "ج.م": { "\($0) جنيه" },
    ],
    units: [
      "km": "كيلومتر", "m": "متر", "cm": "سنتيمتر", "mm": "مليمتر", "kg": "كيلوغرام", "g": "غرام", "mg": "مليغرام",
      "l": "لتر", "L": "لتر", "ml": "مليلتر", "mL": "مليلتر", "km/h": "كيلومتر في الساعة", "min": "دقيقة", "h": "ساعة",
      "m²": "متر مربع", "km²": "كيلومتر مربع", "cm²": "سنتيمتر مربع", "m³": "متر مكعب", "cm³": "سنتيمتر مكعب",
    ],
    ratioCues: ["نسبة", "النسبة", "تباين", "التباين", "خلط", "تخفيف", "بنسبة", "انحدار", "ميل"],
    scoreCues: ["نتيجة", "النتيجة", "فاز", "فوز", "خسر", "تعادل", "المباراة"],
    durationCues: ["مدة", "المدة", "يستغرق"],
    books: ["يوحنا", "التكوين", "متى", "المزامير", "رومية", "لوقا"],
    date: { y, m, d in "\(d) \(arabicMonths[m - 1]) \(y)" },
    decimalWord: "فاصلة",
    // ICU counts 11 with the feminine إحدى عشر; counting aloud uses the masculine أحد عشر.
    spellOutFix: arabicSpellOutFix,
    decimalReading: { whole, fraction in
      // "6.88" is read as a fraction, the way Arabic says decimals aloud: ستة وثمانية وثمانون من مئة.
      let denominator = "1" + String(repeating: "0", count: fraction.count)
      return "\(whole) و\(fraction) من \(denominator)"
    },
    asciiCommaIsDecimal: true, percentMayLead: true,
    fraction: arabicFraction,
    mixedNumber: { whole, fraction, _ in "\(whole) و\(fraction)" },
    dottedAbbreviations: ["د.إ.": "درهم", "د.إ": "درهم", "ج.م.": "جنيه", "ج.م": "جنيه", "ر.س.": "ريال", "ر.س": "ريال"],
    dimensionWord: "في")

  /// An Arabic fraction: the fraction nouns for halves to tenths (نصف, ثلثين, ثلاثة أرباع), "a على b" beyond.
  static func arabicFraction(_ numerator: String, _ denominator: String, _ ordinal: String?) -> String {
    let single = [
      "2": "نصف", "3": "ثلث", "4": "ربع", "5": "خمس", "6": "سدس", "7": "سبع", "8": "ثمن", "9": "تسع", "10": "عشر",
    ]
    let dual = [
      "2": "نصفين", "3": "ثلثين", "4": "ربعين", "5": "خمسين", "6": "سدسين", "7": "سبعين", "8": "ثمنين", "9": "تسعين",
      "10": "عشرين",
    ]
    let plural = [
      "3": "أثلاث", "4": "أرباع", "5": "أخماس", "6": "أسداس", "7": "أسباع", "8": "أثمان", "9": "أتساع", "10": "أعشار",
    ]
    guard let one = single[denominator] else { return "\(numerator) على \(denominator)" }
    switch Int(numerator) ?? 0 {
    case 1: return one
    case 2: return dual[denominator]!
    case 3...10: return plural[denominator].map { "\(numerator) \($0)" } ?? "\(numerator) على \(denominator)"
    default: return "\(numerator) على \(denominator)"
    }
  }

  /// Fixes to ICU's Arabic spell-out: the hundreds are one word with the unit's short form
  /// (ثلاثمائة, not ثلاثة مائة; written ثلاث مئة, as NeMo and modern usage write them), مئة for
  /// مائة, اثنان without a hamza, and the masculine أحد عشر when counting.
  static func arabicSpellOutFix(_ words: String) -> String {
    var out = words.replacingAll("إحدى عشر", with: "أحد عشر")
    for (unit, short) in [
      ("ثلاثة", "ثلاث"), ("أربعة", "أربع"), ("خمسة", "خمس"), ("ستة", "ست"), ("سبعة", "سبع"), ("ثمانية", "ثمان"),
      ("تسعة", "تسع"),
    ] {
      out = out.replacingAll(unit + " مائة", with: short + " مئة")
    }
    return out.replacingAll("مائتان", with: "مئتان").replacingAll("مائة", with: "مئة")
      .replacingAll("إثنان", with: "اثنان").replacingAll("إثنا", with: "اثنا").replacingAll("إثنين", with: "اثنين")
  }

  /// Decimal words for languages without a lexicon of their own (the rest of their lexicon is English).
  static let neutralDecimalWords = ["fr": "virgule"]

  static let englishMonths = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
  ]
  static let arabicMonths = [
    "يناير", "فبراير", "مارس", "أبريل", "مايو", "يونيو", "يوليو", "أغسطس", "سبتمبر", "أكتوبر",
    "نوفمبر", "ديسمبر",
  ]
  static let englishBooks = [
    "Genesis", "Gen", "Exodus", "Leviticus", "Numbers", "Deuteronomy", "Joshua", "Judges", "Ruth", "Samuel", "Kings",
    "Chronicles", "Ezra", "Nehemiah", "Esther", "Job", "Psalm", "Psalms", "Ps", "Proverbs", "Prov", "Ecclesiastes",
    "Isaiah", "Isa", "Jeremiah", "Lamentations", "Ezekiel", "Daniel", "Hosea", "Joel", "Amos", "Obadiah", "Jonah",
    "Micah", "Nahum", "Habakkuk", "Zephaniah", "Haggai", "Zechariah", "Malachi", "Matthew", "Matt", "Mark", "Luke",
    "John", "Acts", "Romans", "Rom", "Corinthians", "Cor", "Galatians", "Ephesians", "Philippians", "Colossians",
    "Thessalonians", "Timothy", "Titus", "Philemon", "Hebrews", "Heb", "James", "Peter", "Jude", "Revelation", "Rev",
  ]
}

/// Cue words of one kind, with the one-word cues also in a set: ``SpeechBuilder/hasCue(_:language:after:window:)``
/// asks whether a word of the context is one with a lookup per word, not a comparison per cue and
/// word (that was 17,000 instructions per colon of a dense text, issue 15). Written as an array
/// literal in a lexicon.
struct CueWords: ExpressibleByArrayLiteral, Sendable {
  /// Every cue, as written.
  let all: [String]
  /// The cues of one word.
  let single: Set<String>
  /// The cues of several words (spaces between), looked for as whole words in the joined context.
  let multiple: [String]

  init(arrayLiteral elements: String...) {
    all = elements
    single = Set(elements.filter { !$0.utf8.contains(0x20) })
    multiple = elements.filter { $0.utf8.contains(0x20) }
  }
}
