/// Chinese number words: where Mainland usage (and NeMo's zh grammar) says 两 and where 二.
extension SpeechLexicon {
  /// Fixes to ICU's Chinese spell-out: 零 for the written 〇; 两 for a lone 二 that multiplies 千, 万
  /// or 亿 (两千, 一万两千, 两亿), while 二 stays before 百 and after 十 (二百, 十二万), as NeMo's zh
  /// cardinal grammar and Mainland usage say them; and 零 after 亿 or 万 when the next four-digit
  /// group has no thousands (一亿零一百万), which ICU leaves out.
  static func chineseSpellOutFix(_ words: String) -> String {
    let characters = Array(words.replacingAll("〇", with: "零"))
    var out = ""
    for (index, character) in characters.enumerated() {
      let next = index + 1 < characters.count ? characters[index + 1] : nil
      if character == "二", let next, "千万亿萬億".contains(next), index == 0 || characters[index - 1] != "十" {
        out.append("两")
      } else {
        out.append(character)
      }
      guard "亿万億萬".contains(character), let next, next != "零" else { continue }
      var group = ""
      for later in characters[(index + 1)...] {
        if "亿万億萬".contains(later) { break }
        group.append(later)
      }
      if !group.isEmpty, !group.contains("千") { out.append("零") }
    }
    return out
  }
}
