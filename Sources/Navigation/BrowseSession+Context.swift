internal import TextModel
internal import UnicodeSupport

/// Where the reader is: "where am I", list and table edges, the next text that is not a link, and
/// language changes.
extension BrowseSession {
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
