package import TextModel

/// What a screen reader says about a container before its content: a landmark's role and name, a
/// list's item count and kind, a table's size and caption.
package struct EntryFacts: Hashable, Sendable {
  /// The accessible name (`aria-label`, a table's caption), if any.
  package var name: String?
  /// A landmark's role.
  package var landmark: Landmark?
  /// A list's number of items (direct children).
  package var items: Int?
  /// Whether a list is numbered.
  package var ordered = false
  /// A table's rows and columns (the widest row's cell count).
  package var rows: Int?
  /// A table's column count.
  package var columns: Int?

  /// Facts about an entry: its name and landmark, a list's item count and numbering, a table's rows
  /// and columns.
  package init(
    name: String? = nil, landmark: Landmark? = nil, items: Int? = nil, ordered: Bool = false, rows: Int? = nil,
    columns: Int? = nil
  ) {
    self.name = name
    self.landmark = landmark
    self.items = items
    self.ordered = ordered
    self.rows = rows
    self.columns = columns
  }
}

extension RotorKind {
  /// Block quotes (NVDA's q).
  package static let blockQuotes = RotorKind("blockquotes")
  /// List items (NVDA's i).
  package static let listItems = RotorKind("listitems")
}

extension RotorEntry.Kind {
  /// A block quotation.
  package static let blockQuote: RotorEntry.Kind = "blockquote"
  /// One item of a list.
  package static let listItem: RotorEntry.Kind = "listitem"
}
