@_spi(Plumbing) internal import TextModel
internal import UnicodeSupport

/// Places in the text: search, named bookmarks, and resuming where the reader left off.
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
}

extension RotorKind {
  /// The reader's named bookmarks (built by the session as they are set).
  package static let bookmarks = RotorKind("bookmarks")
}

extension RotorEntry.Kind {
  /// A named bookmark.
  package static let bookmark: RotorEntry.Kind = "bookmark"
}
