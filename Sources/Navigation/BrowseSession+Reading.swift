@_spi(Plumbing) internal import TextModel
internal import UnicodeSupport

/// Reading text, not items: by line, word and character (NVDA's browse-mode arrows), search, named
/// bookmarks, resuming, "where am I", list edges, the next text that is not a link, and language
/// changes.
extension BrowseSession {
  /// A named place in the document (a UTF-8 offset).
  package struct Bookmark: Sendable, Hashable {
    /// The name the reader gave it.
    package var name: String
    /// Where it is.
    package var position: Int
    /// A bookmark called `name` at `position`.
    package init(name: String, position: Int) {
      self.name = name
      self.position = position
    }
  }

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

  // MARK: search

  mutating func find(_ text: String) -> String {
    let locale = index.document.language.map { LocaleInfo.icuLocale(forLanguageTag: $0) }
    let matches = (try? CollationSearch.matches(of: text, in: index.document.text, locale: locale)) ?? []
    search = (text, matches)
    guard !matches.isEmpty else { return messages.phrase(.notFound, ["text": text]) }
    // From the cursor: a match at the current position counts as the next one on a new search.
    return landOnMatch(forward: true, from: position - 1)
  }

  mutating func findAgain(forward: Bool) -> String {
    guard let search else { return messages.phrase(.noSearch) }
    guard !search.matches.isEmpty else { return messages.phrase(.notFound, ["text": search.text]) }
    return landOnMatch(forward: forward, from: position)
  }

  /// The next match starting after `from` (or the previous one starting before it), wrapping at the
  /// end of the document with a word said about it.
  mutating func landOnMatch(forward: Bool, from: Int) -> String {
    guard let matches = search?.matches, !matches.isEmpty else { return "" }
    let after = matches.partitioningIndex { $0.lowerBound > from }
    var target: Int
    var wrapped: BrowseMessages.Phrase?
    if forward {
      target = after
      if target == matches.count {
        target = 0
        wrapped = .wrappedToTop
      }
    } else {
      target = matches.partitioningIndex { $0.lowerBound >= from } - 1
      if target < 0 {
        target = matches.count - 1
        wrapped = .wrappedToBottom
      }
    }
    let match = matches[target]
    let previous = position
    moveCursor(to: match.lowerBound)
    let line = lineRange(containing: match.lowerBound)
    // A match in a table says the table and the cell's headers and coordinates, as a line move does.
    let content = withTableContext(say(line), at: match.lowerBound, from: previous)
    let reply = messages.phrase(
      .searchMatch, ["i": String(target + 1), "n": String(matches.count), "content": content])
    guard let wrapped else { return reply }
    return messages.phrase(wrapped) + clause + reply
  }

  // MARK: bookmarks

  /// Sets a bookmark here ("Bookmark 2" when no name is given); a name already used moves.
  mutating func setBookmark(_ name: String) -> String {
    let trimmed = Substring(name).trimmingSpaces
    let chosen = trimmed.isEmpty ? messages.name(.bookmark).capitalizedFirst + " \(bookmarks.count + 1)" : trimmed
    bookmarks.removeAll { $0.name == chosen }
    bookmarks.append(Bookmark(name: chosen, position: min(position, index.document.text.utf8.count)))
    rebuildBookmarks()
    return messages.phrase(.bookmarkSet, ["name": chosen])
  }

  /// Replaces the bookmarks (as kept from an earlier session); those past the end are dropped.
  package mutating func restoreBookmarks(_ saved: [Bookmark]) {
    let end = index.document.text.utf8.count
    bookmarks = saved.filter { $0.position >= 0 && $0.position <= end }
    rebuildBookmarks()
  }

  /// The bookmarks rotor: one entry per bookmark, over the line it is on, labelled with its name.
  mutating func rebuildBookmarks() {
    bookmarks.sort { ($0.position, $0.name) < ($1.position, $1.name) }
    let entries = bookmarks.map { bookmark -> RotorEntry in
      let line = lineRange(containing: bookmark.position)
      return RotorEntry(
        range: TextRange(start: bookmark.position, end: max(line.end, bookmark.position)), label: bookmark.name,
        kind: .bookmark)
    }
    index.add(Rotor(kind: .bookmarks, entries: entries))
  }

  // MARK: resuming

  /// Moves to a position kept from an earlier session and says where: "Resuming at 40 percent: …".
  package mutating func resume(at offset: Int) -> String? {
    let end = index.document.text.utf8.count
    guard offset > 0, offset < end else { return nil }
    // A kept offset inside a character (the text changed under the same hash: never) is rounded down.
    let text = index.document.text
    let at = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
    let start = text.utf8.distance(from: text.utf8.startIndex, to: text.index(before: text.index(after: at)))
    moveCursor(to: start)
    hasReadText = true
    // On an item of the rotor in use that starts here (the usual case: moves land on item starts),
    // the session is on that item again, so Down goes on to the next one.
    if let rotor = index.rotor(rotorKind), let found = rotor.indexOfEntry(containing: start),
      rotor.entries.range(at: found).start == start
    {
      current = rotor.entries[found]
      currentIndex = (rotorKind, found)
    }
    let line = lineRange(containing: start)
    return messages.phrase(.resuming, ["percent": String(percent(of: start)), "content": say(line)])
  }

  func percent(of offset: Int) -> Int {
    let end = index.document.text.utf8.count
    return end == 0 ? 0 : offset * 100 / end
  }

  // MARK: where am I

  /// The current item or line, then where it is: the headings above it, the landmark, the list item,
  /// how far into the document.
  mutating func whereAmIInContext() -> String {
    let end = index.document.text.utf8.count
    var parts: [String] = []
    if let current, let currentIndex, let rotor = index.rotor(currentIndex.kind) {
      parts.append(
        announcement(current, in: currentIndex.kind, position: (currentIndex.index + 1, rotor.count), whole: false))
    } else if position == 0 && !hasReadText {
      return messages.phrase(.topOfDocument)
    } else if position >= end {
      return messages.phrase(.endOfDocument)
    } else {
      parts.append(say(lineRange(containing: position)))
    }
    if let place = tablePlace() { parts.append(place) }
    let at = min(position, max(end - 1, 0))
    if let path = headingPath(at: at) { parts.append(messages.phrase(.underHeadings, ["path": path])) }
    if let landmarks = index.rotor(.landmarks), let found = landmarks.indexOfEntry(containing: at) {
      let entry = landmarks.entries[found]
      parts.append(messages.phrase(.inLandmark, ["landmark": roleAndName(entry, in: .landmarks)]))
    }
    if let (item, count) = listItemPosition(at: at) {
      parts.append(messages.phrase(.listItemOf, ["i": String(item), "n": String(count)]))
    }
    parts.append(messages.phrase(.percent, ["percent": String(percent(of: position))]))
    // One sentence each: a part that ends a sentence itself ("…a cafe.") is not given a second stop.
    var line = parts[0]
    for part in parts.dropFirst() {
      line += (line.last.map { ".!?。！？".contains($0) } ?? false) ? " " : ". "
      line += part
    }
    return line
  }

  /// "Park › Trails": the heading before the position, and each heading of a higher level before it.
  func headingPath(at offset: Int) -> String? {
    guard let headings = index.rotor(.headings), !headings.entries.isEmpty else { return nil }
    var at = headings.indexOfEntry(before: offset + 1)
    var level = Int.max
    // On a heading: the path is the headings above it, not the heading itself.
    if let on = headings.indexOfEntry(containing: offset) {
      level = headings.entries[on].level ?? 1
      at = on > 0 ? on - 1 : nil
    }
    guard at != nil else { return nil }
    var path: [String] = []
    while let here = at {
      let entry = headings.entries[here]
      let entryLevel = entry.level ?? 1
      if entryLevel < level {
        path.append(entry.label)
        level = entryLevel
        if level <= 1 { break }
      }
      at = here > 0 ? here - 1 : nil
    }
    return path.isEmpty ? nil : path.reversed().joined(separator: " › ")
  }

  /// The list item containing `offset`: its number among its list's items, and their count.
  /// A line move into a list says the list's kind and size first ("Numbered list, 4 items: …"), a
  /// move out of one "Out of list" (NVDA's browse mode says both); the innermost list counts, so
  /// a move into a nested list says it and a move back out of it says "Out of list".
  func withListContext(_ line: String, at offset: Int, from previous: Int) -> String {
    guard let lists = index.rotor(.lists), lists.count > 0 else { return line }
    let before = lists.indexOfEntry(containing: previous)
    let here = lists.indexOfEntry(containing: offset)
    guard before != here else { return line }
    var prefix: [String] = []
    if let before, !lists.entries.range(at: before).contains(offset) { prefix.append(messages.phrase(.outOfList)) }
    if let here, !lists.entries.range(at: here).contains(previous) {
      prefix.append(roleAndName(lists.entries[here], in: .lists))
    }
    guard !prefix.isEmpty else { return line }
    return prefix.joined(separator: clause).capitalizedFirst + colon + line
  }

  func listItemPosition(at offset: Int) -> (Int, Int)? {
    let blocks = index.document.blocks
    var item: Block?
    var list: Block?
    for block in blocks where block.range.start <= offset && offset < block.range.end {
      if block.kind == .listItem, item == nil || block.depth >= item!.depth { item = block }
    }
    guard let item else { return nil }
    for block in blocks where block.range.start <= item.range.start && item.range.end <= block.range.end {
      if case .list = block.kind, block.depth < item.depth, list == nil || block.depth > list!.depth { list = block }
    }
    guard let list else { return nil }
    let siblings = blocks.filter {
      $0.kind == .listItem && $0.depth == item.depth && list.range.start <= $0.range.start
        && $0.range.end <= list.range.end
    }
    guard let number = siblings.firstIndex(where: { $0.range == item.range }) else { return nil }
    return (number + 1, siblings.count)
  }

  // MARK: list edges and text that is not a link

  /// Comma: past the end of the list or table the position is in (the innermost); Shift+comma: its
  /// start (NVDA's "move past end of container" and "move to start of container").
  mutating func containerEdge(toEnd: Bool) -> String {
    let at = min(position, max(index.document.text.utf8.count - 1, 0))
    var container: (rotor: Rotor, index: Int)?
    for kind in [RotorKind.lists, .tables] {
      guard let rotor = index.rotor(kind), let found = rotor.indexOfEntry(containing: at) else { continue }
      // The innermost container starts last (a list in a table cell starts after the table).
      if let chosen = container,
        chosen.rotor.entries.range(at: chosen.index).start >= rotor.entries.range(at: found).start
      {
        continue
      }
      container = (rotor, found)
    }
    guard let (rotor, found) = container else { return messages.phrase(.notInContainer) }
    let range = rotor.entries.range(at: found)
    guard toEnd else { return land(on: found, in: rotor) }
    let out = messages.phrase(rotor.kind == .tables ? .outOfTable : .outOfList)
    guard let next = nextParagraphStart(after: max(range.end - 1, range.start)) else {
      leaveItem(at: index.document.text.utf8.count)
      return out + clause + messages.phrase(.endOfDocument)
    }
    moveCursor(to: next)
    hasReadText = true
    return out + colon + say(lineRange(containing: next))
  }

  /// NVDA's n: the next paragraph with text outside every link (Shift+n the previous one).
  mutating func nonLinkText(forward: Bool) -> String {
    let links = index.rotor(.links)
    func hasTextOutsideLinks(_ paragraph: TextRange) -> Bool {
      var at = paragraph.start
      let bytes = index.document.text.utf8
      while at < paragraph.end {
        if let links, let inside = links.indexOfEntry(containing: at) {
          at = max(links.entries.range(at: inside).end, at + 1)
          continue
        }
        let byte = bytes[bytes.index(bytes.startIndex, offsetBy: at)]
        if byte != 0x20 && byte != 0x09 && byte != 0x0D && byte != 0x0A { return true }
        at += 1
      }
      return false
    }
    var here = current == nil && position == 0 && !hasReadText ? -1 : position
    while true {
      let start: Int?
      if forward {
        start = here < 0 ? firstParagraphStart() : nextParagraphStart(after: here)
      } else {
        start = previousParagraphEnd(before: max(here, 0)).map { paragraphRange(containing: max($0 - 1, 0)).start }
      }
      guard let start else {
        let name = messages.phrase(.nonLinkText)
        return messages.phrase(forward ? .noNext : .noPrevious, ["name": name])
      }
      let paragraph = paragraphRange(containing: start)
      if hasTextOutsideLinks(paragraph) {
        moveCursor(to: paragraph.start)
        hasReadText = true
        return say(paragraph)
      }
      here = paragraph.start
      if !forward && here == 0 {
        return messages.phrase(.noPrevious, ["name": messages.phrase(.nonLinkText)])
      }
    }
  }

  // MARK: languages

  /// The reply with the new language named first when the position moved into another language
  /// ("French: Bonjour"), at verbosity normal and full. The name is ICU's, in the message language.
  mutating func announcingLanguage(_ reply: String) -> String {
    let document = index.document
    let here = document.language(at: min(position, max(document.text.utf8.count - 1, 0)))
    let previous = spokenLanguage ?? document.language
    spokenLanguage = here
    guard verbosity != .brief, let here, let previous,
      reply != messages.phrase(.endOfDocument), reply != messages.phrase(.topOfDocument),
      Self.primaryLanguage(here) != Self.primaryLanguage(previous),
      let name = LocaleInfo.languageName(here, in: messages.language)
    else { return reply }
    return messages.phrase(.languageChange, ["language": name, "line": reply])
  }

  static func primaryLanguage(_ tag: String) -> Substring {
    tag.lowercased().prefix { $0.isLetter }
  }
}

extension RotorKind {
  /// The reader's named bookmarks (built by the session as they are set).
  package static let bookmarks = RotorKind("bookmarks")
}

extension RotorEntry.Kind {
  /// A named bookmark.
  package static let bookmark: RotorEntry.Kind = "bookmark"
}
