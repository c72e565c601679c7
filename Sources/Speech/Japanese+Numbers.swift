/// Japanese number words.
extension SpeechLexicon {
  /// Fixes to ICU's Japanese spell-out: 一千 when a thousand multiplies 万, 億 or 兆 (一千万, 一千九億),
  /// where ICU writes 千万; and zero said 零 (零時, 零点五), where ICU writes the numeral 〇.
  static func japaneseSpellOutFix(_ words: String) -> String {
    if words == "〇" { return "零" }
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

  /// The word for a square root before a number, where the language says one ("√2" is ルート2 in
  /// Japanese); nil where the symbol's own name is said.
  var rootWord: String? { language == "ja" ? "ルート" : nil }
}
