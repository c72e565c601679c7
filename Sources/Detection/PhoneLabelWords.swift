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

  /// The longest label, in scalars (two-word labels included).
  private static let longest = languages.keys.map(\.unicodeScalars.count).max() ?? 0

  /// The language of the last label word on `line` before `offset` (a few words back at most), and
  /// the word as written; nil when none is there.
  /// - Complexity: O(w · k) for the w words looked at and labels up to k scalars.
  static func language(before offset: Int, line: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>)
    -> (tag: String, word: String)?
  {
    let start = max(line.lowerBound, offset - 96)
    guard start < offset else { return nil }
    var text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
    // Words: letters, and a full stop or hyphen inside a label ("tél.", "fax-nummer").
    text = String(
      text.lowercased().unicodeScalars.map { scalar -> Character in
        scalar.properties.isAlphabetic || scalar == "." || scalar == "-" ? Character(scalar) : " "
      })
    let words = text.split(separator: " ", omittingEmptySubsequences: true).suffix(6)
    // The nearest label wins; two-word labels ("số điện thoại", "điện thoại") before one-word ones.
    var index = words.endIndex
    while index > words.startIndex {
      index -= 1
      for span in [3, 2, 1] where index - span + 1 >= words.startIndex {
        let phrase = words[(index - span + 1)...index].joined(separator: " ")
        guard phrase.unicodeScalars.count <= longest else { continue }
        if let tag = languages[phrase] { return (tag, phrase) }
        // Labels glued to a CJK word ("联系电话", "宮崎支社の電話番号") end the text before the number.
        if span == 1, phrase.unicodeScalars.count > 1 {
          for (label, tag) in languages where label.unicodeScalars.count >= 2 && phrase.hasSuffix(label) {
            if label.unicodeScalars.allSatisfy({ $0.value >= 0x3000 }) { return (tag, label) }
          }
        }
      }
    }
    return nil
  }
}
