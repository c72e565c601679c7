internal import Speech
internal import TextModel

/// Ratios, times and ranges written with bare punctuation ("11.7:1", "9:30", "10–20"): TextRotor's
/// speech reads them as "11.7 to 1", "9 30", "10 to 20", but a speech engine reading the text as
/// it is says "11.7 1", "nine thirty" or "ten minus twenty", or spells the colon. Found where
/// TextRotor's own speech renderer had to interpret them (segments of kind ratio, time, range).
public enum MisreadNumbers: AuditRule {
  public static let descriptor = AuditRuleDescriptor(
    name: "ambiguous-numbers", wcag: [], severity: .warning,
    summary: "Ratios, times and ranges are written so that any speech engine reads them right.",
    fix: "Write the words (\"11.7 to 1\", \"10 to 20\") or mark times with <time datetime=\"09:30\">.")

  public static func check(_ page: AuditPage, _ report: inout AuditReport) {
    let document = page.document
    let timed = document.runs.filter { if case .time = $0.attribute { true } else { false } }
    var nextTime = 0
    var timeEnd = -1
    let renderer = SpeechRenderer(document: document, detections: page.detections)
    // Only lines with a digit beside a colon or dash can hold one: the rest is not rendered.
    for block in candidateRanges(document.text) {
      renderer.render(block) { segment in
        let noun: String
        switch segment.kind {
        case .ratio: noun = "ratio"
        case .time: noun = "time"
        case .range: noun = "range"
        default: return
        }
        // Inside <time datetime>: the markup says what it is. (Segments come in start order.)
        while nextTime < timed.count && timed[nextTime].range.start <= segment.range.start {
          timeEnd = max(timeEnd, timed[nextTime].range.end)
          nextTime += 1
        }
        if timeEnd >= segment.range.end { return }
        report.text(
          segment.range, "\(noun) \"\(document[segment.range])\" is read as \"\(segment.speech)\" only by TextRotor")
      }
    }
  }

  /// The lines of `text` where a digit stands next to ':', '-', '–' or '—'.
  static func candidateRanges(_ text: String) -> [TextRange] {
    var ranges: [TextRange] = []
    var lineStart = 0
    var previousDigit = false
    var pendingMark = false
    var found = false
    var offset = 0
    for byte in text.utf8 {
      let isDigit = byte >= 0x30 && byte <= 0x39
      if byte == 0x0A {
        if found { ranges.append(TextRange(start: lineStart, end: offset)) }
        lineStart = offset + 1
        found = false
        pendingMark = false
      } else if isDigit {
        if pendingMark { found = true }
        pendingMark = false
      } else if byte == 0x3A || byte == 0x2D || byte == 0xE2 {
        // ':' '-' or the lead byte of '–'/'—' right after a digit.
        pendingMark = previousDigit || (pendingMark && byte != 0x3A && byte != 0x2D)
      } else if byte & 0xC0 == 0x80, pendingMark {
        // continuation bytes of the dash
      } else if byte != 0x20 || !pendingMark {
        pendingMark = false
      }
      previousDigit = isDigit
      offset += 1
    }
    if found { ranges.append(TextRange(start: lineStart, end: offset)) }
    return ranges
  }
}
