/// The English lexicon (the fallback of languages without one) and the English helpers it uses.
extension SpeechLexicon {
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
    timePrepositions: ["at", "from", "until", "till", "by", "before", "after", "around", "to", "since"],
    meridiems: [("a.m.", "AM"), ("p.m.", "PM"), ("a.m", "AM"), ("p.m", "PM"), ("am", "AM"), ("pm", "PM")],
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
}
