internal import TextModel

/// Runs of emoji: each is read by its full name ("smiling face with heart-eyes"), so three in a row
/// take longer to hear than the sentence around them.
package enum EmojiRun: AuditRule {
  package static let descriptor = AuditRuleDescriptor(
    name: "emoji-run", wcag: [], severity: .warning,
    summary: "Emoji do not come in runs of three or more.",
    fix: "Keep one emoji, or hide decorative ones from speech (<span aria-hidden=\"true\">).")

  package static func check(_ page: AuditPage, _ report: inout AuditReport) {
    var runStart: Int?
    var runEnd = 0
    var count = 0
    // The previous scalar was an emoji that needs U+FE0F to show as one.
    var pendingText = false
    func close() {
      if let start = runStart, count >= 3 {
        report.text(TextRange(start: start, end: runEnd), "\(count) emoji in a row are read one name after another")
      }
      runStart = nil
      count = 0
    }
    // Scalars, not Characters: grapheme breaking costs more than the whole rule. A modifier, ZWJ
    // sequence part or variation selector joins the emoji before it.
    var text = page.document.text
    text.withUTF8 { bytes in
      var scalars = UTF8Scalars(bytes)
      while true {
        // Outside a run, scalars below U+2000 (lead bytes below 0xE2) only close what is not open.
        if runStart == nil && !pendingText && scalars.skip(below: 0xE2) { count = 0 }
        guard let (scalar, offset, length) = scalars.next() else { break }
        if scalar.value < 0x2000 {
          pendingText = false
          if scalar != " " || runStart == nil { close() }
          continue
        }
        let properties = scalar.properties
        if scalar.value == 0xFE0F {
          if pendingText {
            if runStart == nil { runStart = offset - 3 }
            count += 1
            runEnd = offset + length
            pendingText = false
          } else if runStart != nil {
            runEnd = offset + length
          }
        } else if scalar.value == 0x200D || properties.isEmojiModifier || (0xE0020...0xE007F).contains(scalar.value) {
          // ZWJ, skin tone or tag: part of the emoji before it; the emoji after a ZWJ is too.
          if runStart != nil { runEnd = offset + length }
          if scalar.value == 0x200D { count -= 1 }
        } else if properties.isEmojiPresentation {
          if runStart == nil { runStart = offset }
          count += 1
          runEnd = offset + length
        } else if properties.isEmoji {
          pendingText = true
        } else {
          pendingText = false
          close()
        }
      }
    }
    close()
  }
}
