@_spi(Plumbing) internal import TextModel
internal import UnicodeSupport

/// Reading text, not items: by line, word and character (NVDA's browse-mode arrows). Search,
/// bookmarks and resuming are in BrowseSession+Places.swift; "where am I", list edges, text that is
/// not a link and language changes in BrowseSession+Context.swift.
extension BrowseSession {
  /// A line being typed: the search text or a bookmark's name.
  struct Prompt: Sendable {
    enum Purpose: Sendable { case find, bookmark }
    var purpose: Purpose
    var text = ""
  }

  /// Browse mode's line length: NVDA's "maximum number of characters on one line" (100 by default)
  /// wraps a long paragraph into lines at ICU line-break opportunities.
  static let lineLength = 100

  /// Whether a typed line is open (the terminal sends typed characters to it).
  package var isTyping: Bool { elements != nil || prompt != nil }

  // MARK: commands

  /// The reading commands, or nil for a command that is not one of them.
  mutating func performReading(verb: String, words: [String]) -> String? {
    let argument = words.dropFirst().joined(separator: " ")
    switch verb {
    case "nextline": return line(by: 1)
    case "previousline", "prevline": return line(by: -1)
    case "linestart": return lineEdge(toEnd: false)
    case "lineend": return lineEdge(toEnd: true)
    case "nextchar": return character(forward: true)
    case "previouschar", "prevchar": return character(forward: false)
    case "nextword": return word(forward: true)
    case "previousword", "prevword": return word(forward: false)
    case "find", "search":
      if argument.isEmpty {
        prompt = Prompt(purpose: .find)
        return messages.phrase(.findPrompt)
      }
      return find(argument)
    case "findnext": return findAgain(forward: true)
    case "findprevious", "findprev": return findAgain(forward: false)
    case "bookmark", "mark":
      if words.count == 1 && prompt == nil {
        prompt = Prompt(purpose: .bookmark)
        return messages.phrase(.bookmarkPrompt)
      }
      return setBookmark(argument)
    case "bookmarks": return openElements(.bookmarks)
    case "nextnonlink": return nonLinkText(forward: true)
    case "previousnonlink": return nonLinkText(forward: false)
    case "containerend", "listend": return containerEdge(toEnd: true)
    case "containerstart", "liststart": return containerEdge(toEnd: false)
    default: return nil
    }
  }

  /// A command while a line is being typed, or nil for one that closes it and runs as usual.
  mutating func performInPrompt(verb: String, words: [String]) -> String? {
    guard var open = prompt else { return nil }
    switch verb.lowercased() {
    case "type":
      open.text += words.count > 1 ? (words[1] == "space" ? " " : words.dropFirst().joined(separator: " ")) : ""
      prompt = open
      return open.text
    case "backspace":
      open.text = String(open.text.dropLast())
      prompt = open
      return open.text.isEmpty ? messages.phrase(.blank) : open.text
    case "enter", "activate", "open":
      prompt = nil
      switch open.purpose {
      case .find: return open.text.isEmpty ? messages.phrase(.promptCancelled) : find(open.text)
      case .bookmark: return setBookmark(open.text)
      }
    case "escape", "cancel", "close":
      prompt = nil
      return messages.phrase(.promptCancelled)
    default:
      // Any other key leaves the line unfinished and does its own job.
      prompt = nil
      return nil
    }
  }

  // MARK: paragraphs, lines, words

  /// The start of the first paragraph with text after the one containing `offset`, if any.
  func nextParagraphStart(after offset: Int) -> Int? {
    let bytes = index.document.text.utf8
    var found: Int?
    bytes.withContiguousStorageIfAvailable { bytes in
      var at = max(min(offset, bytes.count), 0)
      while at < bytes.count, bytes[at] != 0x0A { at += 1 }
      while at < bytes.count {
        while at < bytes.count, bytes[at] == 0x0A || bytes[at] == 0x20 || bytes[at] == 0x09 || bytes[at] == 0x0D {
          at += 1
        }
        if at < bytes.count {
          // Back to the start of this paragraph (past the spaces just skipped on its line).
          var start = at
          while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
          found = start
          return
        }
      }
    }
    return found
  }

  /// The start of the first paragraph with text, if any.
  func firstParagraphStart() -> Int? {
    let paragraph = paragraphRange(containing: 0)
    let text = index.document[paragraph]
    if text.contains(where: { !$0.isWhitespace }) { return 0 }
    return nextParagraphStart(after: 0)
  }

  /// The end of the last paragraph with text before the one containing `offset`, if any.
  func previousParagraphEnd(before offset: Int) -> Int? {
    let bytes = index.document.text.utf8
    var found: Int?
    bytes.withContiguousStorageIfAvailable { bytes in
      var at = min(offset, bytes.count)
      while at > 0, bytes[at - 1] != 0x0A { at -= 1 }
      while at > 0 {
        at -= 1
        if bytes[at] != 0x0A && bytes[at] != 0x20 && bytes[at] != 0x09 && bytes[at] != 0x0D {
          var end = at
          while end < bytes.count, bytes[end] != 0x0A { end += 1 }
          found = end
          return
        }
      }
    }
    return found
  }

  /// The starts of the lines of the paragraph containing `offset`: ICU line breaks, at most
  /// ``lineLength`` characters a line (a longer unbreakable run is a line of its own).
  mutating func lineStarts(of paragraph: TextRange) -> [Int] {
    if let cache = lineCache, cache.paragraph == paragraph.offsets { return cache.starts }
    let text = String(index.document[paragraph])
    var starts = [paragraph.start]
    if text.count > Self.lineLength, let breaker = try? TextBreaker(.line, locale: nil),
      let segments = try? breaker.segments(in: text)
    {
      let bytes = Array(text.utf8)
      var width = 0
      for segment in segments {
        let characters = String(decoding: bytes[segment.start..<segment.end], as: UTF8.self).count
        if width > 0 && width + characters > Self.lineLength {
          starts.append(paragraph.start + segment.start)
          width = 0
        }
        width += characters
      }
    }
    lineCache = (paragraph.offsets, starts)
    return starts
  }

  /// The line containing `offset`.
  mutating func lineRange(containing offset: Int) -> TextRange {
    let paragraph = paragraphRange(containing: offset)
    let starts = lineStarts(of: paragraph)
    let at = max(starts.partitioningIndex { $0 > offset } - 1, 0)
    return TextRange(start: starts[at], end: at + 1 < starts.count ? starts[at + 1] : paragraph.end)
  }

  /// The words (and punctuation: everything ICU's word breaks find that is not space) of a paragraph.
  mutating func words(of paragraph: TextRange) -> [Range<Int>] {
    if let cache = wordCache, cache.paragraph == paragraph.offsets { return cache.words }
    let text = String(index.document[paragraph])
    let bytes = Array(text.utf8)
    let segments = (try? TextBreaker(.word, locale: nil).segments(in: text)) ?? []
    let words = segments.filter { segment in
      !String(decoding: bytes[segment.start..<segment.end], as: UTF8.self).allSatisfy(\.isWhitespace)
    }.map { paragraph.start + $0.start..<paragraph.start + $0.end }
    wordCache = (paragraph.offsets, words)
    return words
  }

  /// Says a line of text (its speech form).
  func say(_ range: TextRange) -> String {
    let line = textForm(range, index.document)
    return line.isEmpty ? messages.phrase(.blank) : line
  }

  mutating func moveCursor(to offset: Int) {
    leaveItem(at: offset)
  }

  mutating func line(by step: Int) -> String {
    let previous = position
    let end = index.document.text.utf8.count
    // At the top, before any move, the first line is the next one.
    if current == nil && position == 0 && step > 0 && !hasReadText {
      hasReadText = true
      guard let first = firstParagraphStart() else { return messages.phrase(.endOfDocument) }
      let line = lineRange(containing: first)
      if let entered = enterTableAtFirstCell(from: line, previous: previous) { return entered }
      moveCursor(to: line.start)
      // Nothing was read yet: a list at the very start is entered too.
      return withListContext(withTableContext(say(line), at: line.start, from: previous), at: line.start, from: -1)
    }
    hasReadText = true
    let here = lineRange(containing: min(position, end))
    if step > 0 {
      var next = here.end
      if next >= paragraphRange(containing: here.start).end {
        guard let start = nextParagraphStart(after: here.start) else { return messages.phrase(.endOfDocument) }
        next = start
      }
      let line = lineRange(containing: next)
      if let entered = enterTableAtFirstCell(from: line, previous: previous) { return entered }
      moveCursor(to: line.start)
      return withListContext(
        withTableContext(say(line), at: line.start, from: previous), at: line.start, from: previous)
    }
    let paragraph = paragraphRange(containing: here.start)
    var previousLine: Int
    if position >= end && end > 0 {
      // At the end of the document (Control+End): the last line is the previous one.
      let bytes = index.document.text.utf8
      var last = end - 1
      while last > 0, [0x0A, 0x20, 0x09, 0x0D].contains(bytes[bytes.index(bytes.startIndex, offsetBy: last)]) {
        last -= 1
      }
      previousLine = last
    } else if here.start > paragraph.start {
      previousLine = here.start - 1
    } else {
      guard let end = previousParagraphEnd(before: here.start) else { return messages.phrase(.topOfDocument) }
      previousLine = max(end - 1, 0)
    }
    let line = lineRange(containing: previousLine)
    moveCursor(to: line.start)
    return withListContext(withTableContext(say(line), at: line.start, from: previous), at: line.start, from: previous)
  }

  mutating func lineEdge(toEnd: Bool) -> String {
    let line = lineRange(containing: position)
    let text = index.document.text
    let utf8 = text.utf8
    var target = line.start
    if toEnd {
      // The last character of the line (not the line break).
      let lineText = index.document[line]
      if let last = lineText.indices.last(where: { !lineText[$0].isNewline }) {
        target = line.start + lineText.utf8.distance(from: lineText.startIndex, to: last)
      }
    }
    moveCursor(to: target)
    let at = utf8.index(utf8.startIndex, offsetBy: target)
    return at < text.endIndex ? spell(text[at]) : messages.phrase(.endOfDocument)
  }

  /// The next or previous character, spelled: "cap A", "space", "comma".
  mutating func character(forward: Bool) -> String {
    let text = index.document.text
    let utf8 = text.utf8
    let atTop = current == nil && position == 0 && !hasReadText
    hasReadText = true
    var at = utf8.index(utf8.startIndex, offsetBy: min(position, utf8.count))
    if forward {
      guard at < text.endIndex else { return messages.phrase(.endOfDocument) }
      // At the top, before any move, the first character is the next one.
      if !atTop || text[at].isNewline { at = text.index(after: at) }
      // Line breaks are not characters of a line: the next one is the next line's first.
      while at < text.endIndex, text[at].isNewline { at = text.index(after: at) }
      guard at < text.endIndex else { return messages.phrase(.endOfDocument) }
    } else {
      guard at > text.startIndex else { return messages.phrase(.topOfDocument) }
      at = text.index(before: at)
      while at > text.startIndex, text[at].isNewline { at = text.index(before: at) }
    }
    moveCursor(to: utf8.distance(from: utf8.startIndex, to: at))
    return spell(text[at])
  }

  /// One character as a screen reader says it when spelling.
  func spell(_ character: Character) -> String {
    if character == " " || character == "\u{A0}" { return messages.phrase(.space) }
    if character == "\t" { return messages.phrase(.tab) }
    if character.isWhitespace { return messages.phrase(.blank) }
    if character.isUppercase && character.isLetter {
      return messages.phrase(.capital, ["char": String(character)])
    }
    // Punctuation and symbols by name where the names are English (ICU's Unicode names).
    if messages.language == "en", let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
      !character.isLetter && !character.isNumber, let name = CharacterProperties.name(scalar)
    {
      return name.lowercased()
    }
    return String(character)
  }

  /// The next or previous word (ICU word breaks), said as it is written.
  mutating func word(forward: Bool) -> String {
    let end = index.document.text.utf8.count
    let atTop = current == nil && position == 0 && !hasReadText
    hasReadText = true
    var paragraph = paragraphRange(containing: min(position, end))
    var list = words(of: paragraph)
    if forward {
      let startAt = atTop ? -1 : position
      while true {
        if let next = list.first(where: { $0.lowerBound > startAt }) {
          moveCursor(to: next.lowerBound)
          return String(index.document[TextRange(start: next.lowerBound, end: next.upperBound)])
        }
        guard let start = nextParagraphStart(after: paragraph.start) else { return messages.phrase(.endOfDocument) }
        paragraph = paragraphRange(containing: start)
        list = words(of: paragraph)
      }
    }
    while true {
      if let previous = list.last(where: { $0.lowerBound < position }) {
        moveCursor(to: previous.lowerBound)
        return String(index.document[TextRange(start: previous.lowerBound, end: previous.upperBound)])
      }
      guard let before = previousParagraphEnd(before: paragraph.start) else {
        return messages.phrase(.topOfDocument)
      }
      paragraph = paragraphRange(containing: max(before - 1, 0))
      list = words(of: paragraph)
    }
  }
}
