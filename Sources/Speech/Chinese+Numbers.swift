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

extension NumberToken {
  /// "2个", "2位", "2元": a lone 2 before a measure word is 两 in Chinese (两个人, 两元), as it is
  /// always said; 二 stays in counting, ordinals and numbers of more digits (十二个). Words only: the
  /// numeral is left to the synthesizer otherwise. Nil when this is not such a 2.
  func chineseTwoBeforeMeasureWord(_ numeral: Numeral) -> NumberReading? {
    guard numberStyle == .words, language == "zh", unsigned, numeral.text == "2", numeral.end == body + 1,
      numeral.end < s.count, SpeechLexicon.chineseMeasureWords.contains(s[numeral.end].scalar),
      start == 0 || !(s[start - 1].scalar.isASCIIDigit || s[start - 1].scalar == "第" || s[start - 1].scalar == ".")
    else { return nil }
    return NumberReading(text: "两", end: numeral.end, kind: .number)
  }
}

extension SpeechLexicon {
  /// The hour of a clock reading: 2 is 两 (两点, as NeMo's zh time/hour.tsv and Mainland usage say it).
  static func chineseHour(_ hour: String) -> String { hour == "2" ? "两" : hour }

  /// Measure words (classifiers) and currency units after which 2 is said 两.
  static let chineseMeasureWords: Set<Unicode.Scalar> = [
    "个", "個", "位", "名", "只", "隻", "条", "條", "件", "本", "张", "張", "次", "块", "塊", "杯", "瓶", "辆", "輛",
    "台", "家", "种", "種", "份", "篇", "首", "部", "座", "间", "間", "双", "雙", "对", "對", "套", "项", "項", "元",
    "角", "毛", "岁", "歲", "倍", "点",
  ]
}
