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

  /// The language of the nearest label word on `line` before `offset` (three words back at most, 64
  /// bytes at most), and the word as written; nil when none is there. Runs once per national number,
  /// so it reads bytes backwards and makes a string only for the three words it looks at.
  /// - Complexity: O(b) for the b ≤ 64 bytes looked at, and at most 11 dictionary lookups.
  static func language(before offset: Int, line: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>)
    -> (tag: String, word: String)?
  {
    let start = max(line.lowerBound, offset - 64)
    var words: [String] = []  // nearest first, lowercase
    var index = offset
    func isWordScalar(_ scalar: UInt32) -> Bool {
      if scalar < 0x80 {
        return (scalar | 0x20) >= 0x61 && (scalar | 0x20) <= 0x7A || scalar == 0x2E || scalar == 0x2D
      }
      return Unicode.Scalar(scalar)?.properties.isAlphabetic ?? false
    }
    while words.count < 3 && index > start {
      // Skip what is between words: spaces, colons, digits, brackets.
      while index > start {
        let (scalar, length) = bytes.scalar(before: index)
        if isWordScalar(scalar) && scalar != 0x2E && scalar != 0x2D { break }
        if (scalar == 0x2E || scalar == 0x2D) && index - length > start
          && isWordScalar(bytes.scalar(before: index - length).0)
        {
          break  // "tél." and "Fax-Nummer" keep their full stop and hyphen
        }
        index -= length
      }
      var wordStart = index
      while wordStart > start {
        let (scalar, length) = bytes.scalar(before: wordStart)
        guard isWordScalar(scalar) else { break }
        wordStart -= length
      }
      guard wordStart < index else { break }
      words.append(
        String(decoding: UnsafeBufferPointer(rebasing: bytes[wordStart..<index]), as: UTF8.self).lowercased())
      index = wordStart
    }
    for nearest in words.indices {
      for span in [3, 2, 1] where nearest + span <= words.count {
        let phrase = words[nearest..<(nearest + span)].reversed().joined(separator: " ")
        if let tag = languages[phrase] { return (tag, phrase) }
      }
      // A label glued after another CJK word ("联系电话", "宮崎支社の電話番号"): its last 2…5 characters.
      let word = words[nearest]
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
