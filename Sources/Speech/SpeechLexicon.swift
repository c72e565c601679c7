/// The words speech rendering needs in one language: connectors, units, currency, the parts of
/// addresses, and the cue words that decide what a colon means.
///
/// Choices that are not obvious are documented in docs/SPEECH.md ("Connector words"). Languages
/// without a lexicon of their own fall back to English words (with their own CLDR symbol names).
package struct SpeechLexicon: Sendable {
  /// The language key ("en", "zh", "ja", "vi", "ar").
  package internal(set) var language: String
  /// Whether words are separated by spaces (false for Chinese and Japanese).
  package let spaced: Bool
  /// "11.7:1" → "11.7 to 1".
  package let ratio: String
  /// "3:1" as a score → "3 to 1" (Arabic and Vietnamese use their sports forms).
  package let score: String
  /// "10–12" → "10 to 12".
  package let range: String
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
  /// The language's own words for a whole number (ASCII digits, no sign), where ICU's spell-out falls
  /// short (Vietnamese: any length, no "không trăm"); nil, or a nil answer: ICU's words.
  var cardinal: (@Sendable (String) -> String?)?

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
  /// The word for "month" before a month written as a number ("tháng 4" in Vietnamese), nil where the
  /// language writes none.
  var monthWord: String?
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
  /// Scale letters written right after a number, to the scale's word and the word of the group
  /// below it ("" for none): Vietnamese "10k" is 10 nghìn, "1tr2" 1 triệu 200 nghìn.
  var attachedScales: [String: (word: String, below: String)] = [:]
  /// Letters, lower-cased, between the hours and the minutes of a clock time (Vietnamese "14h30", "09g05").
  var clockLetters: Set<String> = []
  /// Money with its minor unit where the language says it otherwise than "major, count, minor word"
  /// with spaces: the major part as said (nil when the whole is zero), the count of minor units
  /// (numerals, 1…99) and the minor unit's words.
  var moneyWithMinor: (@Sendable (_ major: String?, _ count: String, _ minor: CountedWord) -> String)?
  /// The word of a price per unit ("100₫/kg" is "100 đồng một ki lô gam" in Vietnamese), where it is
  /// not ``per`` (which stays for periods, "5€/h", and for units of measure, "200mg/ml").
  var perUnitPrice: String?
  /// The word between the sides of a size written "2x8" or "1920×1080" ("2 by 8"); nil where the
  /// lexicon reads no sizes.
  var dimensionWord: String?

  /// A word with its form for a count of one and for other counts.
  struct CountedWord: Sendable {
    let one: String, other: String
    func callAsFunction(isOne: Bool) -> String { isOne ? one : other }
  }

  /// The lexicon for a BCP 47 tag; unknown languages get English words.
  package static func forLanguage(_ tag: String?) -> SpeechLexicon {
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
