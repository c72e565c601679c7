internal import Detection
internal import Speech
internal import TextModel

/// Ratios, times and ranges written with bare punctuation ("11.7:1", "9:30", "10–20"): TextRotor's
/// speech reads them as "11.7 to 1", "9 30", "10 to 20", but a speech engine reading the text as
/// it is says "11.7 1", "nine thirty" or "ten minus twenty", or spells the colon. Found where
/// TextRotor's own speech renderer had to interpret them (segments of kind ratio, time, range).
package enum MisreadNumbers: AuditRule {
  package static let descriptor = AuditRuleDescriptor(
    name: "ambiguous-numbers", wcag: [], severity: .warning,
    summary: "Ratios, times and ranges are written so that any speech engine reads them right.",
    fix: "Write the words (\"11.7 to 1\", \"10 to 20\") or mark times with <time datetime=\"09:30\">.")

  package static let readsDetections = true

  package static func check(_ page: AuditPage, _ report: inout AuditReport) {
    let document = page.document
    let timed = document.runs.filter { if case .time = $0.attribute { true } else { false } }
    var nextTime = 0
    var timeEnd = -1
    let renderer = SpeechRenderer(document: document, detections: page.detectionList)
    // Only the words around a digit beside a colon or dash can hold one: the rest is not rendered,
    // nor a place inside a phone number, e-mail address or URL (read as a whole, never as a number).
    let windows = extended(
      candidateWindows(
        document.text, lines: candidateRanges(document.text), skipping: wholeReadings(page.detections, in: document)),
      by: page.detections)
    for block in windows {
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

  /// How many words either side of a number the renderer is given as its context.
  static let contextWords = 3

  /// Within `lines` of `text`, the stretches the speech renderer is asked about: each digit-mark-digit
  /// place ("4.5:1", "10–20", "9: 30") with its token and ``contextWords`` words either side (what
  /// the renderer reads with it: "from 9:30 am PST", "2:00 am - 6:00 am"), at most its line;
  /// stretches that overlap or stand one space apart are merged.
  ///
  /// A place whose digits and mark lie inside one of `skipping` (sorted by start) is not a
  /// candidate: the renderer reads that span as a whole (``wholeReadings(_:in:)``).
  static func candidateWindows(_ text: String, lines: [TextRange], skipping: [TextRange] = []) -> [TextRange] {
    var windows: [TextRange] = []
    let utf8 = text.utf8
    guard !lines.isEmpty else { return windows }
    let found: [TextRange]? = utf8.withContiguousStorageIfAvailable { bytes in
      var result: [TextRange] = []
      // `skipping` swept beside the places (both in start order): the furthest end of the spans
      // started so far.
      var nextSkipped = 0
      var furthestEnd = -1
      func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0C }
      func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
      for line in lines {
        var index = line.start + 1
        while index < line.end {
          let byte = bytes[index]
          let isMark = byte == 0x3A || byte == 0x2D || byte == 0xE2
          guard isMark, isDigit(bytes[index - 1]) else {
            index += 1
            continue
          }
          // After the mark (and the dash's continuation bytes, and spaces): a digit?
          var after = index + 1
          while after < line.end && (bytes[after] & 0xC0 == 0x80 || bytes[after] == 0x20) { after += 1 }
          guard after < line.end, isDigit(bytes[after]) else {
            index += 1
            continue
          }
          while nextSkipped < skipping.count && skipping[nextSkipped].start <= index - 1 {
            furthestEnd = max(furthestEnd, skipping[nextSkipped].end)
            nextSkipped += 1
          }
          if furthestEnd > after {
            index = after
            continue
          }
          // The token before the mark and `contextWords` more; the token after and as many more.
          var start = index - 1
          while start > line.start && !isSpace(bytes[start - 1]) { start -= 1 }
          for _ in 0..<contextWords {
            while start > line.start && isSpace(bytes[start - 1]) { start -= 1 }
            while start > line.start && !isSpace(bytes[start - 1]) { start -= 1 }
          }
          var end = after
          while end < line.end && !isSpace(bytes[end]) { end += 1 }
          for _ in 0..<contextWords {
            while end < line.end && isSpace(bytes[end]) { end += 1 }
            while end < line.end && !isSpace(bytes[end]) { end += 1 }
          }
          // Stretches one space apart are one ("2:00 am - 6:00 am" is a range of times).
          if let last = result.last, last.end + 1 >= start {
            result[result.count - 1] = TextRange(start: last.start, end: max(last.end, end))
          } else {
            result.append(TextRange(start: start, end: end))
          }
          index = after
        }
      }
      return result
    }
    windows = found ?? lines
    return windows
  }

  /// The detections the speech renderer reads as a whole, never as numbers (its `collectSpecials`):
  /// phone numbers other than bare digits, e-mail addresses, and links shaped as URLs (no space, a
  /// '.' or '/'), in start order.
  static func wholeReadings(_ detections: [Detection], in document: TextDocument) -> [TextRange] {
    var result: [TextRange] = []
    for detection in detections where !detection.range.isEmpty {
      switch detection.kind {
      case .email: result.append(detection.range)
      case .phone:
        // Bare digits (no mark) hold no place anyway.
        result.append(detection.range)
      case .link:
        let isURL = document.withUTF8(of: detection.range) { bytes in
          !bytes.contains(0x20) && (bytes.contains(0x2E) || bytes.contains(0x2F))
        }
        if isURL { result.append(detection.range) }
      default: continue
      }
    }
    return result
  }

  /// `windows` (in start order) grown to cover every detection (link, e-mail address, phone
  /// number) they overlap, so that the renderer sees each whole, and merged where they then overlap.
  static func extended(_ windows: [TextRange], by detections: [Detection]) -> [TextRange] {
    var result: [TextRange] = []
    result.reserveCapacity(windows.count)
    var first = 0
    for window in windows {
      var range = window
      // Detections are in start order; one longer than 4 KB that starts before a window is rare
      // enough to be missed (the window is then rendered as it is).
      while first < detections.count && detections[first].range.start < range.start - 4096 { first += 1 }
      var index = first
      while index < detections.count && detections[index].range.start < range.end {
        let detected = detections[index].range
        if detected.end > range.start {
          range = TextRange(start: min(range.start, detected.start), end: max(range.end, detected.end))
        }
        index += 1
      }
      if let last = result.last, last.end >= range.start {
        result[result.count - 1] = TextRange(start: last.start, end: max(last.end, range.end))
      } else {
        result.append(range)
      }
    }
    return result
  }

  /// The lines of `text` where a digit stands next to ':', '-', '–' or '—'.
  static func candidateRanges(_ text: String) -> [TextRange] {
    var text = text
    return text.withUTF8 { candidateRanges(bytes: $0) }
  }

  static func candidateRanges(bytes: UnsafeBufferPointer<UInt8>) -> [TextRange] {
    var ranges: [TextRange] = []
    var lineStart = 0
    var previousDigit = false
    var pendingMark = false
    var found = false
    var offset = 0
    for byte in bytes {
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
