/// Words that label a telephone number and belong to one language ("Telefone", "Téléphone", "电话",
/// "전화"): when the text around a number is too short for the language identifier ("Telefone :
/// (21) 3527-3000"), the label before the number still says which language, so which region, the
/// number is written for. Words several languages share ("Telefon": de, pl, tr, sv, da, cs;
/// "celular": pt, es; "telefono": es, it) are left out: they decide nothing.
enum PhoneLabelWords {
  /// Lowercase label → BCP 47 language tag.
  static let languages: [String: String] = [
    "telefone": "pt", "telefones": "pt", "fone": "pt", "contato": "pt", "ligue": "pt",
    "teléfono": "es", "teléfonos": "es", "llámanos": "es", "llame": "es", "móvil": "es",
    "téléphone": "fr", "tél": "fr", "tél.": "fr", "appelez": "fr", "portable": "fr",
    "telefonnummer": "de", "rufnummer": "de", "faxnummer": "de", "fax-nummer": "de", "mobilnummer": "de",
    "handy": "de", "durchwahl": "de", "fernsprecher": "de",
    "cellulare": "it", "chiamare": "it", "chiamaci": "it",
    "telefoon": "nl", "telefoonnummer": "nl",
    "телефон": "ru", "тел": "ru", "тел.": "ru", "звоните": "ru", "факс": "ru",
    "điện thoại": "vi", "đt": "vi", "gọi": "vi", "số điện thoại": "vi",
    "お電話": "ja", "電話番号": "ja", "お問い合わせ": "ja",
    "电话": "zh", "联系电话": "zh", "手机": "zh", "传真": "zh", "电话号码": "zh",
    "手機": "zh-Hant", "傳真": "zh-Hant", "聯絡電話": "zh-Hant",
    "전화": "ko", "전화번호": "ko", "연락처": "ko", "팩스": "ko", "대표번호": "ko", "고객센터": "ko",
    "هاتف": "ar", "الهاتف": "ar", "جوال": "ar", "الجوال": "ar", "تلفون": "ar", "فاكس": "ar",
  ]

  /// Last words of the labels written as several words ("thoại" of "điện thoại").
  private static let lastWordsOfPhrases: Set<String> = Set(
    languages.keys.compactMap { $0.contains(" ") ? String($0.split(separator: " ").last!) : nil })

  /// The language of the nearest label word on `line` before `offset` (three words back at most, 64
  /// bytes at most), and the word as written; nil when none is there. Runs once per national number,
  /// so it reads bytes backwards, makes a string only for each word it looks at, and joins words
  /// only before the last word of a several-word label.
  /// - Complexity: O(b) for the b ≤ 64 bytes looked at, and a few dictionary lookups.
  static func language(before offset: Int, line: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>)
    -> (tag: String, word: String)?
  {
    let start = max(line.lowerBound, offset - 64)
    var index = offset
    func isWordScalar(_ scalar: UInt32) -> Bool {
      if scalar < 0x80 {
        return (scalar | 0x20) >= 0x61 && (scalar | 0x20) <= 0x7A || scalar == 0x2E || scalar == 0x2D
      }
      return Unicode.Scalar(scalar)?.properties.isAlphabetic ?? false
    }
    /// The next word back from `index` (lowercase), or nil.
    func previousWord() -> String? {
      // Skip what is between words: spaces, colons, digits, brackets; a full stop or hyphen only
      // when no letter is before it ("tél." and "Fax-Nummer" keep theirs).
      while index > start {
        let (scalar, length) = bytes.scalar(before: index)
        if isWordScalar(scalar) && scalar != 0x2E && scalar != 0x2D { break }
        if (scalar == 0x2E || scalar == 0x2D) && index - length > start
          && isWordScalar(bytes.scalar(before: index - length).0)
        {
          break
        }
        index -= length
      }
      var wordStart = index
      while wordStart > start {
        let (scalar, length) = bytes.scalar(before: wordStart)
        guard isWordScalar(scalar) else { break }
        wordStart -= length
      }
      guard wordStart < index, index - wordStart <= 40 else { return nil }
      defer { index = wordStart }
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[wordStart..<index]), as: UTF8.self).lowercased()
    }
    for _ in 0..<3 {
      guard let word = previousWord() else { return nil }
      if lastWordsOfPhrases.contains(word) {
        // "số điện thoại", "điện thoại": the longest phrase first, read on a copy of the position.
        let saved = index
        var phrase = word
        var found: (String, String)?
        for _ in 0..<2 {
          guard let before = previousWord() else { break }
          phrase = before + " " + phrase
          if let tag = languages[phrase] { found = (tag, phrase) }
        }
        index = saved
        if let found { return found }
      }
      if let tag = languages[word] { return (tag, word) }
      // A label glued after another CJK word ("联系电话", "宮崎支社の電話番号"): its last 2…5 characters.
      if let last = word.unicodeScalars.last, last.value >= 0x3000 {
        let scalars = Array(word.unicodeScalars)
        for length in stride(from: min(5, scalars.count - 1), through: 2, by: -1) {
          var suffix = ""
          suffix.unicodeScalars.append(contentsOf: scalars[(scalars.count - length)...])
          if let tag = languages[suffix] { return (tag, suffix) }
        }
      }
    }
    return nil
  }
}
