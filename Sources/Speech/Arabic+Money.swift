/// Arabic money: minor units and the local currencies written with their dotted Arabic symbols.
extension SpeechLexicon {
  /// The minor units of the currencies written with a sign, singular and plural (cents of the dollar
  /// and the euro, pence of the pound).
  static let arabicMinorCurrency: [String: CountedWord] = [
    "$": CountedWord(one: "سنت", other: "سنتات"), "US$": CountedWord(one: "سنت", other: "سنتات"),
    "€": CountedWord(one: "سنت", other: "سنتات"), "£": CountedWord(one: "بنس", other: "بنسات"),
  ]

  /// "$7.50" is "7 دولار و50 سنت": the minor part joined with و; its noun is plural after 2 to 10
  /// ("5 سنتات") and singular after 1 and from 11 (the counted noun's rule for three to ten, which
  /// NeMo extends to two). The major noun stays singular after any count ("7 دولار"), as NeMo and
  /// everyday speech say it (docs/SPEECH.md, "ar-money-singular").
  static func arabicMoneyWithMinor(_ major: String?, _ count: String, _ minor: CountedWord) -> String {
    let word = (2...10).contains(Int(count) ?? 0) ? minor.other : minor.one
    return major.map { "\($0) و\(count) \(word)" } ?? "\(count) \(word)"
  }

  /// The currencies of the Arab states written with their Arabic symbols (CLDR's `ar` symbols, with
  /// and without the last full stop) to their CLDR `ar` names: "5د.ك" is "5 دينار كويتي".
  static let arabicLocalCurrencies: [String: String] = {
    let names = [
      "د.إ": "درهم إماراتي", "د.ب": "دينار بحريني", "د.ج": "دينار جزائري", "ج.م": "جنيه مصري", "د.ع": "دينار عراقي",
      "د.أ": "دينار أردني", "د.ك": "دينار كويتي", "ل.ل": "ليرة لبنانية", "د.ل": "دينار ليبي", "د.م": "درهم مغربي",
      "ر.ع": "ريال عماني", "ر.ق": "ريال قطري", "ر.س": "ريال سعودي", "ج.س": "جنيه سوداني", "ل.س": "ليرة سورية",
      "د.ت": "دينار تونسي", "ر.ي": "ريال يمني",
    ]
    var table: [String: String] = [:]
    for (symbol, name) in names {
      table[symbol] = name
      table[symbol + "."] = name
    }
    return table
  }()
}
