/// What browse keeps of a document between sessions: where the reader left it and the named bookmarks,
/// each anchored by the text around it (``TextQuote``), so an edited document finds them again.
///
/// A mark that cannot be placed in the document as it is now is kept (``Placement/unplaced``) and
/// written back, never dropped: the document may change back, and the reader is told about it.
/// Two sessions on one document ``merge(keeping:)`` their states: the union of the bookmarks, the later
/// place. The file form is JSON (``BrowseState/init(json:)``, ``json``); the form written before
/// anchors (a `position` and offsets only, valid for one `textHash`) still loads.
package struct BrowseState: Sendable, Equatable {
  /// The real path of the document.
  package var path: String
  /// A fingerprint of the document's text when the state was written.
  package var textHash: String
  /// Where the reader was (its name is empty).
  package var place: Mark?
  /// The named bookmarks, placed or not.
  package var bookmarks: [Mark]

  /// The largest state file read or written, in bytes (1 MiB: about five thousand bookmarks).
  package static let maximumSize = 1 << 20

  /// A place: a name, its offset and, unless it comes from the older form, the text around it.
  package struct Mark: Sendable, Equatable {
    /// The bookmark's name ("" for the reading place).
    package var name: String
    /// Its UTF-8 offset in the text the state was written for.
    package var position: Int
    /// The text around it; nil in the form written before anchors.
    package var quote: TextQuote?

    /// A mark called `name` at `position`, anchored by `quote`.
    package init(name: String, position: Int, quote: TextQuote?) {
      self.name = name
      self.position = position
      self.quote = quote
    }

    /// The mark of the place at `position` in `text`.
    package init(name: String, position: Int, in text: String) {
      let quote = TextQuote(in: text, at: position)
      self.init(name: name, position: quote.hint, quote: quote)
    }

    /// Where the mark is in `text` (whose fingerprint is `textHash`), or nil when it cannot be found.
    /// A mark without a quote is placed only in the very text it was written for (`sameText`).
    func offset(in text: String, sameText: Bool) -> Int? {
      if let quote { return quote.offset(in: text) }
      return sameText && position >= 0 && position <= text.utf8.count ? position : nil
    }
  }

  /// A state with the given parts.
  package init(path: String, textHash: String, place: Mark?, bookmarks: [Mark]) {
    self.path = path
    self.textHash = textHash
    self.place = place
    self.bookmarks = bookmarks
  }

  /// The state as it is placed in a document's text: what was found, and what was not.
  package struct Placement: Sendable, Equatable {
    /// Where the reader was, when found.
    package var position: Int?
    /// The bookmarks found, at their offsets in the text.
    package var bookmarks: [BrowseSession.Bookmark]
    /// The bookmarks not found, kept as they were.
    package var unplaced: [Mark]
  }

  /// Places the reading place and each bookmark in `text`, whose fingerprint is `textHash`.
  /// - Complexity: O(1) per mark when the text around it has not changed, else a search of the text.
  package func placed(in text: String, textHash: String) -> Placement {
    let sameText = textHash == self.textHash
    var placement = Placement(position: place?.offset(in: text, sameText: sameText), bookmarks: [], unplaced: [])
    for mark in bookmarks {
      if let offset = mark.offset(in: text, sameText: sameText) {
        placement.bookmarks.append(BrowseSession.Bookmark(name: mark.name, position: offset))
      } else {
        placement.unplaced.append(mark)
      }
    }
    return placement
  }

  /// Joins the state another session wrote (`older`) into this one: this place, the union of the
  /// bookmarks (this session's when both have one name), in name order.
  package mutating func merge(keeping older: BrowseState) {
    guard older.path == path else { return }
    let names = Set(bookmarks.map(\.name))
    bookmarks += older.bookmarks.filter { !names.contains($0.name) }
    bookmarks.sort { $0.name < $1.name }
  }
}
