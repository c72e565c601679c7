@_spi(Plumbing) internal import TextModel
internal import UnicodeSupport

/// Say all, paragraphs.
extension BrowseSession {
  // MARK: paragraphs

  /// Whether paragraphs end at blank lines: plain text, whose lines are often wrapped mid-sentence
  /// (an e-mail); its paragraph blocks are the runs of lines between blank lines (`TextReader`).
  /// Elsewhere a line break ends a paragraph.
  var paragraphsEndAtBlankLines: Bool { index.document.format == .text }

  /// The index of the paragraph block of a plain-text document that holds `offset` (or the last one
  /// before it, when `offset` is in a blank line), nil before the first.
  /// - Complexity: O(log b).
  func plainTextParagraph(atOrBefore offset: Int) -> Int? {
    let blocks = index.document.blocks
    let after = blocks.partitioningIndex(where: { $0.range.start > offset })
    return after > 0 ? after - 1 : nil
  }

  /// The paragraph around an offset: text between line breaks, or between blank lines in plain text.
  func paragraphRange(containing offset: Int) -> TextRange {
    if paragraphsEndAtBlankLines, let found = plainTextParagraph(atOrBefore: offset),
      index.document.blocks[found].range.end >= offset
    {
      return index.document.blocks[found].range
    }
    let utf8 = index.document.text.utf8
    var range = TextRange(start: 0, end: utf8.count)
    utf8.withContiguousStorageIfAvailable { bytes in
      var start = min(offset, bytes.count)
      while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
      var end = min(offset, bytes.count)
      while end < bytes.count, bytes[end] != 0x0A { end += 1 }
      range = TextRange(start: start, end: end)
    }
    return range
  }

  mutating func paragraph(forward: Bool) -> String {
    let text = index.document.text.utf8
    let count = text.count
    var found: TextRange?
    if paragraphsEndAtBlankLines {
      let blocks = index.document.blocks
      let current = plainTextParagraph(atOrBefore: min(position, count))
      if forward {
        let next = isAtUnreadStart ? 0 : current.map { $0 + 1 } ?? 0
        if next < blocks.count { found = blocks[next].range }
      } else if let current {
        // From inside a paragraph (or a blank line after it), the one before it.
        let inside = blocks[current].range.start < position && position <= blocks[current].range.end
        let previous = blocks[current].range.start == position || inside ? current - 1 : current
        if previous >= 0 { found = blocks[previous].range }
      }
    } else {
      text.withContiguousStorageIfAvailable { bytes in
        func isBlank(_ range: Range<Int>) -> Bool { bytes[range].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D } }
        if forward {
          // Past the current paragraph, then past blank lines, to the next paragraph with text.
          var at = isAtUnreadStart ? 0 : min(position, count)
          if !isAtUnreadStart {
            while at < count, bytes[at] != 0x0A { at += 1 }
          }
          while at < count {
            while at < count, bytes[at] == 0x0A { at += 1 }
            var end = at
            while end < count, bytes[end] != 0x0A { end += 1 }
            if end > at, !isBlank(at..<end) { found = TextRange(start: at, end: end); return }
            at = end
          }
        } else {
          var at = min(position, count)
          while at > 0, bytes[at - 1] != 0x0A { at -= 1 }
          while at > 0 {
            var end = at - 1  // the line break before this paragraph
            while end > 0, bytes[end - 1] == 0x0A { end -= 1 }
            var start = end
            while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
            if end > start, !isBlank(start..<end) { found = TextRange(start: start, end: end); return }
            at = start
          }
        }
      }
    }
    guard let found else {
      return messages.phrase(forward ? .noNext : .noPrevious, ["name": messages.name(.paragraph)])
    }
    leaveItem(at: found.start)
    return sayAllLine(found)
  }

  // MARK: say all

  /// Starts say all at the current position; false at the end of the document.
  package mutating func beginSayAll() -> Bool {
    let end = index.document.text.utf8.count
    guard position < end else { return false }
    sayAllCursor = position
    sayAllLineStart = position
    current = nil
    currentIndex = nil
    return true
  }

  /// The next line of say all (a sentence or paragraph, with the headings, links and alerts it passes
  /// announced), or nil at the end of the document, where the position then is.
  package mutating func nextSayAllLine() -> String? {
    guard let cursor = sayAllCursor else { return nil }
    guard let range = nextChunk(from: cursor) else {
      sayAllCursor = nil
      position = index.document.text.utf8.count
      return nil
    }
    sayAllLineStart = range.start
    position = range.start
    sayAllCursor = range.end
    return sayAllLine(range)
  }

  /// Stops say all: the position stays at the start of the line being read when it stopped.
  package mutating func stopSayAll() {
    sayAllCursor = nil
    position = sayAllLineStart
  }

  /// Say all without a terminal: every line to the end of the document.
  mutating func sayAllAtOnce() -> String {
    guard beginSayAll() else { return messages.phrase(.endOfDocument) }
    var lines: [String] = []
    while let line = nextSayAllLine() { lines.append(line) }
    lines.append(messages.phrase(.sayAllEnd))
    return lines.joined(separator: "\n")
  }

  /// The next sentence or paragraph with text, from `offset`.
  mutating func nextChunk(from offset: Int) -> TextRange? {
    let text = index.document.text
    let utf8 = text.utf8
    let count = utf8.count
    var start = offset
    var paragraphEnd = offset
    var blank = true
    utf8.withContiguousStorageIfAvailable { bytes in
      while start < count, bytes[start] == 0x0A || bytes[start] == 0x20 || bytes[start] == 0x09 || bytes[start] == 0x0D
      {
        start += 1
      }
      paragraphEnd = start
      while paragraphEnd < count, bytes[paragraphEnd] != 0x0A { paragraphEnd += 1 }
      blank = start >= count
    }
    if blank { return nil }
    if paragraphsEndAtBlankLines { paragraphEnd = max(paragraphEnd, paragraphRange(containing: start).end) }
    if sayAllUnit == .paragraph { return TextRange(start: start, end: paragraphEnd) }
    // Sentences: ICU's sentence breaks of the paragraph, computed once per paragraph.
    let paragraph = paragraphRange(containing: start)
    if sentenceCache?.paragraph != paragraph.offsets {
      var slice = String(index.document[paragraph])
      // ICU ends a sentence at every line break: a wrapped line's break is a space here (one byte
      // for one, so the boundaries stay offsets of the text).
      if paragraphsEndAtBlankLines && slice.utf8.contains(0x0A) {
        slice = String(decoding: slice.utf8.map { $0 == 0x0A || $0 == 0x0D ? 0x20 : $0 }, as: UTF8.self)
      }
      let breaker = try? TextBreaker(.sentence, locale: index.document.language)
      let boundaries = (try? breaker?.boundaries(in: slice)) ?? nil
      sentenceCache = (paragraph.offsets, (boundaries ?? [0, paragraph.length]).map { $0 + paragraph.start })
    }
    let boundaries = sentenceCache?.boundaries ?? []
    let end = boundaries.first { $0 > start } ?? paragraphEnd
    return TextRange(start: start, end: min(max(end, start + 1), paragraphEnd))
  }

  /// One line of say all: the text of `range`, with the role of a heading or alert starting in it
  /// before it, and "link" (e-mail address, phone number) before each link it passes.
  func sayAllLine(_ range: TextRange) -> String {
    let document = index.document
    var prefixes: [String] = []
    for kind in [RotorKind.headings, .alerts] {
      guard let rotor = index.rotor(kind), var at = rotor.indexOfEntry(after: range.start - 1) else { continue }
      while at < rotor.count, rotor.entries.range(at: at).start < range.end {
        if rotor.entries.range(at: at).start >= range.start {
          prefixes.append(roleAndName(rotor.entries[at], in: kind).capitalizedFirst)
          break
        }
        at += 1
      }
    }
    // Links, e-mail addresses and phone numbers starting in the line, outermost first.
    var inline: [RotorEntry] = []
    for kind in [RotorKind.links, .emails, .phones] {
      guard let rotor = index.rotor(kind), var at = rotor.indexOfEntry(after: range.start - 1) else { continue }
      while at < rotor.count, rotor.entries.range(at: at).start < range.end {
        if rotor.entries.range(at: at).start >= range.start { inline.append(rotor.entries[at]) }
        at += 1
      }
    }
    inline.sort { ($0.range.start, -$0.range.end) < ($1.range.start, -$1.range.end) }
    // Pieces keep the document's spacing: "the map." stays "link the map." with no space before the period.
    var body = ""
    var cursor = range.start
    func append(_ range: TextRange) {
      // Punctuation alone ("." after a link) stays as written: spoken alone it would be "dot".
      let raw = document[range]
      let piece = raw.contains(where: { $0.isLetter || $0.isNumber }) ? textForm(range, document) : raw.trimmingSpaces
      let offset = range.start
      guard !piece.isEmpty else { return }
      if !body.isEmpty && hasSpace(around: offset) { body += " " }
      body += piece
    }
    for entry in inline where entry.range.start >= cursor {
      let end = min(entry.range.end, range.end)
      if entry.range.start > cursor {
        append(TextRange(start: cursor, end: entry.range.start))
      }
      let role = messages.name(Self.noun(for: entry.kind, level: nil))
      let named = entry.kind == .link ? index.facts(of: entry, in: .links)?.name : nil
      let text = named ?? textForm(TextRange(start: entry.range.start, end: end), document)
      if !body.isEmpty { body += " " }
      body += role + " " + text
      cursor = end
    }
    if cursor < range.end { append(TextRange(start: cursor, end: range.end)) }
    return prefixes.isEmpty ? body : prefixes.joined(separator: clause) + colon + body
  }

  /// Whether the document has whitespace just before or at `offset`.
  func hasSpace(around offset: Int) -> Bool {
    let utf8 = index.document.text.utf8
    var result = true
    utf8.withContiguousStorageIfAvailable { bytes in
      func isSpace(_ at: Int) -> Bool {
        at >= 0 && at < bytes.count && (bytes[at] == 0x20 || (0x09...0x0D).contains(bytes[at]))
      }
      result = isSpace(offset - 1) || isSpace(offset)
    }
    return result
  }
}
