/// A landmark region, as ARIA defines them (what NVDA's "d" and VoiceOver's landmarks rotor visit).
public enum Landmark: String, Hashable, Sendable, CaseIterable {
  case banner, navigation, main, complementary, contentinfo, region, search, form
}

/// What a block of the document is.
public enum BlockKind: Hashable, Sendable {
  /// A paragraph (or any block of flowing text).
  case paragraph
  /// A heading, level 1…6.
  case heading(level: Int)
  /// A list; `ordered` for numbered lists.
  case list(ordered: Bool)
  /// One list item.
  case listItem
  /// A table.
  case table
  /// A table row.
  case tableRow
  /// A table cell; `header` for `<th>`.
  case tableCell(header: Bool)
  /// A block quotation.
  case blockQuote
  /// Preformatted text whose spacing is kept.
  case preformatted
  /// A landmark region.
  case landmark(Landmark)
  /// A figure or other grouping that carries a caption or label.
  case group

  /// A short, stable name for JSON and the reading view ("heading", "listItem"…).
  public var name: String {
    switch self {
    case .paragraph: "paragraph"
    case .heading: "heading"
    case .list: "list"
    case .listItem: "listItem"
    case .table: "table"
    case .tableRow: "tableRow"
    case .tableCell: "tableCell"
    case .blockQuote: "blockQuote"
    case .preformatted: "preformatted"
    case .landmark: "landmark"
    case .group: "group"
    }
  }

  /// The heading level, or nil when this is not a heading.
  public var headingLevel: Int? {
    if case .heading(let level) = self { return level }
    return nil
  }
}

/// A structural block of the document: its kind, its range of text, and its nesting depth.
///
/// The rarely present label and language live out of line, so a block takes 48 bytes and a large
/// document's million blocks stay small.
public struct Block: Hashable, Sendable {
  /// What the block is.
  public var kind: BlockKind
  /// The text the block covers (without the line break that separates it from the next block).
  public var range: TextRange
  /// How many blocks enclose this one (0 at the top).
  public var depth: Int
  private var extras: Extras?

  private final class Extras: Hashable, Sendable {
    let label: String?
    let language: String?
    init(label: String?, language: String?) {
      self.label = label
      self.language = language
    }
    static func == (lhs: Extras, rhs: Extras) -> Bool { lhs.label == rhs.label && lhs.language == rhs.language }
    func hash(into hasher: inout Hasher) {
      hasher.combine(label)
      hasher.combine(language)
    }
  }

  /// The accessible name (`aria-label`, a table caption), if the markup gave one.
  public var label: String? {
    get { extras?.label }
    set { extras = Self.extras(label: newValue, language: language) }
  }
  /// The language of the block, when the markup set one (`lang`, `xml:lang`).
  public var language: String? {
    get { extras?.language }
    set { extras = Self.extras(label: label, language: newValue) }
  }

  private static func extras(label: String?, language: String?) -> Extras? {
    label == nil && language == nil ? nil : Extras(label: label, language: language)
  }

  /// A block of `kind` over `range`, nested `depth` blocks deep, with an accessible `label` and a
  /// `language` when it declares one.
  public init(kind: BlockKind, range: TextRange, depth: Int = 0, label: String? = nil, language: String? = nil) {
    self.kind = kind
    self.range = range
    self.depth = depth
    self.extras = Self.extras(label: label, language: language)
  }
}
