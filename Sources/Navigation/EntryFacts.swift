public import TextModel

/// What a screen reader says about a container before its content: a landmark's role and name, a
/// list's item count and kind, a table's size and caption.
public struct EntryFacts: Hashable, Sendable {
  /// The accessible name (`aria-label`, a table's caption), if any.
  public var name: String?
  /// A landmark's role.
  public var landmark: Landmark?
  /// A list's number of items (direct children).
  public var items: Int?
  /// Whether a list is numbered.
  public var ordered = false
  /// A table's rows and columns (the widest row's cell count).
  public var rows: Int?
  /// A table's column count.
  public var columns: Int?

  /// Facts about an entry: its name and landmark, a list's item count and numbering, a table's rows
  /// and columns.
  public init(
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
  public static let blockQuotes = RotorKind("blockquotes")
  /// List items (NVDA's i).
  public static let listItems = RotorKind("listitems")
}

extension RotorEntry.Kind {
  /// A block quotation.
  public static let blockQuote: RotorEntry.Kind = "blockquote"
  /// One item of a list.
  public static let listItem: RotorEntry.Kind = "listitem"
}
