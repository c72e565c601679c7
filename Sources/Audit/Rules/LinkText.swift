/// A link's text says where it goes: not a bare URL (spoken character by character), not "click
/// here" or "more" (meaningless in a list of links). Vague phrases in en and ja follow
/// Lighthouse's link-text audit; zh, vi and ar are TextRotor's.
package enum LinkText: AuditRule {
  package static let descriptor = AuditRuleDescriptor(
    name: "link-text", wcag: ["2.4.4"], severity: .warning,
    summary: "A link's text says where it goes: no bare URL, no \"click here\" or \"more\".",
    fix: "Name the destination in the link text (\"2025 annual report\"), not the URL or \"click here\".")

  /// Vague link phrases by language, compared after lowercasing and dropping punctuation and spaces.
  static let vague: [String: [String]] = [
    "en": [
      "click here", "click this", "go", "here", "information", "learn more", "more", "more info", "more information",
      "right here", "read more", "see more", "start", "this", "link", "details", "continue", "this page", "click",
    ],
    "ja": ["ここをクリック", "こちらをクリック", "リンク", "続きを読む", "続く", "全文表示", "詳細", "こちら", "ここ", "もっと見る"],
    "zh": [
      "点击这里", "点击此处", "这里", "此处", "更多", "了解更多", "阅读更多", "查看更多", "详情", "點擊這裡", "點擊此處", "這裡",
      "了解更多資訊", "閱讀更多", "詳情", "链接", "連結",
    ],
    "vi": [
      "bấm vào đây", "nhấp vào đây", "nhấn vào đây", "tại đây", "ở đây", "xem thêm", "đọc thêm", "chi tiết", "thêm",
      "liên kết",
    ],
    "ar": ["انقر هنا", "اضغط هنا", "هنا", "المزيد", "اقرأ المزيد", "للمزيد", "التفاصيل", "رابط", "اضغط", "انقر"],
  ]

  static func key(_ text: String) -> String { RedundantAlt.normalized(text) }

  static let vagueKeys: Set<String> = Set(vague.values.joined().map(key))

  /// The most letters and digits a vague phrase's key has.
  static let longestKey = vagueKeys.map(\.unicodeScalars.count).max() ?? 0

  /// Whether `text` has few enough letters and digits to be a vague phrase: lowercasing gives each
  /// letter one or more, so a text with more than ``longestKey`` has a longer key. Stops there:
  /// the names of links nested in links grow with the nesting, and their keys need not be made.
  static func mayBeVague(_ text: String) -> Bool {
    var count = 0
    for scalar in text.unicodeScalars where scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
      count += 1
      if count > longestKey { return false }
    }
    return true
  }

  /// Whether a link's text is a URL. The scheme is looked for in its first characters (only ASCII
  /// letters lowercase to those of `http`, `https` and `www`), not in the whole text lowercased.
  static func isURL(_ text: String) -> Bool {
    let head = String(text.prefix(8)).lowercased()
    return (head.hasPrefix("http://") || head.hasPrefix("https://") || head.hasPrefix("www."))
      && text.prefix(11).count > 10 && !text.contains(" ")
  }

  package static func check(_ page: AuditPage, _ report: inout AuditReport) {
    for index in page.elementIndices where !page.excluded[index] && LinkName.isLink(page.role(index)) {
      let name = page.accessibleName(index)
      guard !name.isEmpty else { continue }
      if isURL(name) {
        report.element(index, "link text is a bare URL, read out character by character")
      } else if mayBeVague(name), vagueKeys.contains(key(name)) {
        report.element(index, "link text \"\(name)\" does not say where the link goes")
      }
    }
  }
}
