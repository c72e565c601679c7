internal import TextModel

/// Runs of emoji: each is read by its full name ("smiling face with heart-eyes"), so three in a row
/// take longer to hear than the sentence around them.
public enum EmojiRun: AuditRule {
  public static let descriptor = AuditRuleDescriptor(
    name: "emoji-run", wcag: [], severity: .warning,
    summary: "Emoji do not come in runs of three or more.",
    fix: "Keep one emoji, or hide decorative ones from speech (<span aria-hidden=\"true\">).")

  public static func check(_ page: AuditPage, _ report: inout AuditReport) {
    var offset = 0
    var runStart: Int?
    var runEnd = 0
    var count = 0
    func close() {
      if let start = runStart, count >= 3 {
        report.text(TextRange(start: start, end: runEnd), "\(count) emoji in a row are read one name after another")
      }
      runStart = nil
      count = 0
    }
    for character in page.document.text {
      let length = character.utf8.count
      let first = character.unicodeScalars.first!
      let isEmoji =
        first.properties.isEmojiPresentation
        || (first.properties.isEmoji && character.unicodeScalars.contains { $0.value == 0xFE0F })
      if isEmoji {
        if runStart == nil { runStart = offset }
        count += 1
        runEnd = offset + length
      } else if !(character == " " && runStart != nil) {
        close()
      }
      offset += length
    }
    close()
  }
}
