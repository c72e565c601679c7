internal import TextModel

/// How a word of an e-mail address or a URL is said, for both address paths
/// (``SpeechBuilder/addressParts(_:tag:language:lexicon:inPath:)`` and the bytes'
/// ``SpeechBuilder/asciiAddressParts(_:table:language:lexicon:inPath:into:)``): a listener writes an
/// address down character by character, so its digits are said one by one ("asdf123" is
/// "asdf 1 2 3", not "asdf one hundred twenty-three") and a two-letter country-code top-level domain
/// letter by letter ("hotmail.de" is "dot D E": "de" and "it" are not the words), as NeMo's
/// electronic grammar says them.
extension SpeechBuilder {
  /// The languages whose address words are said so (English, as NeMo's grammar has them; the other
  /// languages keep their words as written until their own listeners' usage is checked).
  static let spellsAddressWords: Set<String> = ["en"]

  /// The word `word` of an address as said (before numerals are turned into words); `isTopLevel`
  /// when it is the host's last label, after a dot; unchanged outside ``spellsAddressWords``.
  static func addressWord(_ word: String, isTopLevel: Bool, language: String) -> String {
    guard spellsAddressWords.contains(language) else { return word }
    let ascii = word.utf8
    if isTopLevel, ascii.count == 2, ascii.allSatisfy({ ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }) {
      return word.uppercased().map(String.init).joined(separator: " ")
    }
    guard ascii.contains(where: { $0 >= 0x30 && $0 <= 0x39 }), ascii.count > 1 else { return word }
    // Digits one by one; a run of other characters stays whole ("gma4i" is "gma 4 i").
    var out = ""
    var previousWasDigit: Bool?
    for scalar in word.unicodeScalars {
      let digit = scalar.isASCIIDigit
      if let previous = previousWasDigit, digit || previous { out += " " }
      out.unicodeScalars.append(scalar)
      previousWasDigit = digit
    }
    return out
  }
}
