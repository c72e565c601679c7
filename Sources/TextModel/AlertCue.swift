/// Words that open an alert in running text ("Warning:", "注意：", "Cảnh báo:", "تحذير:", "⚠"), in
/// English, Chinese, Japanese, Vietnamese and Arabic, with the severity each implies.
///
/// A cue counts at the start of a line (after optional spaces, bullets or a list number) when it is
/// followed by a colon (ASCII or fullwidth), a dash, or, for symbols, anything.
public struct AlertCue: Hashable, Sendable {
  /// The cue as written, matched case-insensitively for Latin script.
  public var word: String
  /// The severity the cue implies.
  public var severity: AlertSeverity
  /// Whether the cue is a symbol that needs no colon after it.
  public var isSymbol: Bool

  public init(_ word: String, _ severity: AlertSeverity, isSymbol: Bool = false) {
    self.word = word
    self.severity = severity
    self.isSymbol = isSymbol
  }

  /// The built-in cues.
  public static let builtIn: [AlertCue] = [
    // English
    AlertCue("danger", .critical), AlertCue("critical", .critical), AlertCue("emergency", .critical),
    AlertCue("warning", .warning), AlertCue("caution", .warning), AlertCue("alert", .warning),
    AlertCue("important", .warning), AlertCue("attention", .warning),
    AlertCue("notice", .info), AlertCue("note", .info),
    // Chinese (Simplified and Traditional)
    AlertCue("危险", .critical), AlertCue("危險", .critical), AlertCue("警告", .warning), AlertCue("注意", .warning),
    AlertCue("重要", .warning), AlertCue("小心", .warning), AlertCue("提示", .info), AlertCue("通知", .info),
    // Japanese
    AlertCue("危険", .critical), AlertCue("ご注意", .warning), AlertCue("お知らせ", .info),
    // Vietnamese
    AlertCue("nguy hiểm", .critical), AlertCue("cảnh báo", .warning), AlertCue("chú ý", .warning),
    AlertCue("quan trọng", .warning), AlertCue("lưu ý", .info), AlertCue("thông báo", .info),
    // Arabic
    AlertCue("خطر", .critical), AlertCue("تحذير", .warning), AlertCue("تنبيه", .warning), AlertCue("انتباه", .warning),
    AlertCue("هام", .warning), AlertCue("مهم", .warning), AlertCue("ملاحظة", .info),
    // Symbols
    AlertCue("🚨", .critical, isSymbol: true), AlertCue("⛔", .critical, isSymbol: true),
    AlertCue("⚠", .warning, isSymbol: true), AlertCue("❗", .warning, isSymbol: true), AlertCue("❕", .warning, isSymbol: true),
    AlertCue("ℹ", .info, isSymbol: true),
  ]

  /// The cue that opens `line`, if any, with the UTF-8 length of the prefix it occupies (cue plus
  /// colon). Leading spaces, bullets ("-", "*", "•") and direction marks are skipped.
  public static func match(atStartOf line: Substring, cues: [AlertCue] = builtIn) -> (cue: AlertCue, prefixLength: Int)? {
    var rest = line.drop { $0 == " " || $0 == "\t" || $0 == "•" || $0 == "-" || $0 == "*" || $0 == "\u{200F}" || $0 == "\u{200E}" || $0 == "\u{FEFF}" }
    // "**Warning:**" in lightweight markup.
    rest = rest.drop { $0 == "*" || $0 == "_" }
    let lowered = rest.prefix(24).lowercased()
    for cue in cues {
      guard lowered.hasPrefix(cue.word) else { continue }
      let afterCue = lowered.dropFirst(cue.word.count)
      if cue.isSymbol {
        return (cue, line.utf8.count - rest.utf8.count + cue.word.utf8.count)
      }
      let trimmed = afterCue.drop { $0 == "*" || $0 == "_" || $0 == " " }
      guard let next = trimmed.first, next == ":" || next == "：" || next == "-" || next == "—" || next == "!" || next == "！" else {
        continue
      }
      // A Latin cue must end at a word boundary ("Noteworthy:" is not "Note:").
      if let c = afterCue.first, c.isLetter { continue }
      let consumed = lowered.count - trimmed.count + 1
      let prefix = rest.prefix(consumed)
      return (cue, line.utf8.count - rest.utf8.count + prefix.utf8.count)
    }
    return nil
  }
}
