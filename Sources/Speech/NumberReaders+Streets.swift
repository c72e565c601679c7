internal import TextModel

/// Street addresses and the abbreviations whose word depends on where they stand ("Dr.", "St."):
/// a house number before a street's name is read as house numbers are ("1428 Elm St." is "14 28 Elm
/// Street"), the street's type and a compass point in full.
struct StreetWords: Sendable {
  /// Street types as written, lower-cased and without their dot, to their word ("st" → "Street").
  let types: [String: String]
  /// Compass points written before a street's name ("N" → "North"), as written.
  let compassPoints: [String: String]
  /// Abbreviations said as a title before a name and as a street type after one ("Dr." → "Doctor"
  /// or "Drive", "St." → "Saint" or "Street"), as written without their dot.
  let titles: [String: (title: String, street: String)]
  /// Abbreviations said as a word before a number ("No. 162" → "number 162"), as written without their dot.
  let beforeNumber: [String: String]
  /// A house number's speech: "1428" → "14 28", "123" → "1 23", "708" → "7 oh 8", "1200" → "12 hundred".
  let houseNumber: @Sendable (String) -> String

  /// The words of `language`, or nil where it has none.
  static func forLanguage(_ language: String) -> StreetWords? { language == "en" ? english : nil }

  /// USPS Publication 28's common street suffixes (Appendix C1), and the directionals of C2.
  static let english = StreetWords(
    types: [
      "st": "Street", "street": "Street", "ave": "Avenue", "av": "Avenue", "avenue": "Avenue", "rd": "Road",
      "road": "Road", "dr": "Drive", "drive": "Drive", "blvd": "Boulevard", "boulevard": "Boulevard", "ln": "Lane",
      "lane": "Lane", "ct": "Court", "court": "Court", "pl": "Place", "place": "Place", "hwy": "Highway",
      "highway": "Highway", "pkwy": "Parkway", "parkway": "Parkway", "sq": "Square", "square": "Square",
      "ter": "Terrace", "terrace": "Terrace", "cir": "Circle", "circle": "Circle", "way": "Way", "trl": "Trail",
      "hts": "Heights", "fwy": "Freeway", "expy": "Expressway", "aly": "Alley", "cres": "Crescent",
    ],
    compassPoints: [
      "N": "North", "S": "South", "E": "East", "W": "West", "NE": "Northeast", "NW": "Northwest",
      "SE": "Southeast", "SW": "Southwest",
    ],
    titles: ["Dr": ("Doctor", "Drive"), "St": ("Saint", "Street")],
    beforeNumber: ["No": "number"],
    houseNumber: { digits in
      // Read in pairs from the right, as Americans say house numbers: "1428" fourteen twenty-eight,
      // "123" one twenty-three; a zero tens digit is "oh" ("708" seven oh eight), "00" is "hundred".
      SpeechLexicon.inPairs(digits)
    })
}

extension NumberToken {
  /// A house number before a street: digits (1–4), a space, an optional compass point ("N", "SE"),
  /// one to three words of the street's name that open with a capital letter or a digit ("Elm",
  /// "San Tomas", "1st"), then a street type (``StreetWords/types``, in any case, with or without its
  /// dot). Said as "14 28 Elm Street"; the type's dot is kept when a sentence ends there.
  func streetAddress(_ numeral: Numeral) -> NumberReading? {
    let first = numeral.text
    var k = numeral.end
    // The cheap checks first: most numbers are not followed by a space and a capital or a digit.
    guard k + 1 < s.count, s[k].scalar == " ",
      (s[k + 1].scalar.value >= 0x41 && s[k + 1].scalar.value <= 0x5A) || s[k + 1].scalar.isASCIIDigit, unsigned,
      (1...4).contains(first.utf8.count), Self.isDigits(first),
      let words = StreetWords.forLanguage(language)
    else { return nil }
    var parts = [words.houseNumber(first)]
    k += 1
    // A compass point before the name.
    let (point, pointEnd) = letters(s, from: k)
    if let spoken = words.compassPoints[point], pointEnd < s.count {
      var next = pointEnd
      if s[next].scalar == "." { next += 1 }
      if next + 1 < s.count, s[next].scalar == " " {
        parts.append(spoken)
        k = next + 1
      }
    }
    var nameWords = 0
    while k < s.count, nameWords <= 3 {
      let wordStart = k
      var end = k
      while end < s.count, s[end].scalar.isWordScalar || s[end].scalar.isASCIIDigit { end += 1 }
      guard end > wordStart else { return nil }
      let word = string(s, wordStart, end)
      if nameWords > 0, let type = words.types[word.lowercased()] {
        var typeEnd = end
        // "St." takes its dot unless a sentence ends there too (a capital or the end follows).
        if typeEnd < s.count, s[typeEnd].scalar == "." {
          let after = skipSpaces(s, typeEnd + 1)
          let sentenceEnds = after >= s.count || s[after].scalar.properties.isUppercase || s[after].scalar == "\n"
          if !sentenceEnds { typeEnd += 1 }
        }
        guard isBoundary(s, typeEnd) else { return nil }
        parts.append(type)
        return NumberReading(text: said(lexicon.join(parts)), end: typeEnd, kind: .number)
      }
      let opening = s[wordStart].scalar
      guard opening.properties.isUppercase || opening.isASCIIDigit, nameWords < 3 else { return nil }
      parts.append(word)
      nameWords += 1
      guard end + 1 < s.count, s[end].scalar == " " else { return nil }
      k = end + 1
    }
    return nil
  }
}

extension StreetWords {
  /// Whether `written` (two letters, no dot) is said by where it stands.
  func isPositional(_ written: String) -> Bool { titles[written] != nil || beforeNumber[written] != nil }
}

extension SpeechBuilder {
  /// A title abbreviation of ``StreetWords/titles`` at `i` ("Dr.", "St."), said by where it stands:
  /// the street type right after a name ("Elm Dr." is Drive: the word before opens with a capital and
  /// does not open its sentence), else the title before a name ("Dr. Evil", "St. Paul"); nil
  /// otherwise (left as written). Returns the word and where it ends, after its dot.
  func positionalAbbreviation(_ s: [SourcedScalar], _ i: Int, language: String) -> (String, Int)? {
    guard let words = StreetWords.forLanguage(language), i + 2 < s.count, s[i + 2].scalar == ".",
      s[i].scalar.properties.isUppercase, i == 0 || !s[i - 1].scalar.isWordScalar
    else { return nil }
    let written = string(s, i, i + 2)
    if let word = words.beforeNumber[written] {
      let next = skipSpaces(s, i + 3)
      return next > i + 3 && next < s.count && s[next].scalar.isASCIIDigit ? (word, i + 3) : nil
    }
    guard let (title, street) = words.titles[written] else { return nil }
    // The word before: its opening letter, and whether a sentence ends before it.
    var k = i - 1
    while k >= 0, s[k].scalar == " " { k -= 1 }
    var wordStart = k
    while wordStart >= 0, s[wordStart].scalar.isWordScalar { wordStart -= 1 }
    if k >= 0, wordStart < k, s[wordStart + 1].scalar.properties.isUppercase {
      var before = wordStart
      while before >= 0, s[before].scalar == " " { before -= 1 }
      let opensSentence = before < 0 || ".!?\n".unicodeScalars.contains(s[before].scalar)
      if !opensSentence {
        // The dot stays a full stop where a sentence ends too (the end, or a capital after it).
        let after = skipSpaces(s, i + 3)
        let sentenceEnds = after >= s.count || s[after].scalar.properties.isUppercase || s[after].scalar == "\n"
        return (street, sentenceEnds ? i + 2 : i + 3)
      }
    }
    let next = skipSpaces(s, i + 3)
    guard next > i + 3, next < s.count, s[next].scalar.properties.isUppercase else { return nil }
    return (title, i + 3)
  }
}

extension NumberToken {
  /// The digits of a code said one by one: four or more that are not a round number ("ab9453" is
  /// "ab 9 4 5 3"; "t2000" stays "t 2000", "A321" "A 321", as models and flights are named). Nil
  /// when the digits are said as a number.
  static func codeDigits(_ digits: String) -> String? {
    guard digits.utf8.count >= 4, !digits.hasSuffix("00") else { return nil }
    return digits.map(String.init).joined(separator: " ")
  }

  /// Five or more digits inside a code, after a hyphen or slash and before one and a letter
  /// ("MIG-25/235212-asdg"): said one by one, as a serial is read out. Groups of digits only (an
  /// ISBN's "1-86953-601") stay numbers.
  func digitsInACode(_ numeral: Numeral) -> NumberReading? {
    let first = numeral.text
    let end = numeral.end
    guard first.utf8.count >= 5, unsigned, Self.isDigits(first), start > 0,
      "-/".unicodeScalars.contains(s[start - 1].scalar),
      end + 1 < s.count, "-/".unicodeScalars.contains(s[end].scalar),
      s[end + 1].scalar.isWordScalar,
      let spelled = Self.codeDigits(first)
    else { return nil }
    return NumberReading(text: said(spelled), end: end, kind: .number)
  }
}
