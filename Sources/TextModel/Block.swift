/// A landmark region, as ARIA defines them (what NVDA's "d" and VoiceOver's landmarks rotor visit).
public enum Landmark: String, Hashable, Sendable, CaseIterable {
  case banner, navigation, main, complementary, contentinfo, region, search, form
}

/// What a block of the document is.
public enum BlockKind: Hashable, Sendable {
  /// A paragraph (or any block of flowing text).
  case paragraph
  /// A heading, level 1…6 (1…9 from ARIA's `aria-level`).
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
  /// The text the block covers (without the line break that separates it from the next block).
  public package(set) var range: TextRange
  // Kind and depth are packed into 8 bytes (a block takes 32 bytes instead of 48: a 50 MB page has
  // 800,000 blocks; issue 15). The accessors below are the API; BlockLayoutTests checks that every
  // kind and depth reads back as written.
  private var packedKind: UInt32
  private var packedDepth: Int32

  /// What the block is.
  public var kind: BlockKind {
    get { BlockKind(packed: packedKind) }
    set { packedKind = newValue.packed }
  }

  /// How many blocks enclose this one (0 at the top; kept up to `Int32.max`).
  public var depth: Int {
    get { Int(packedDepth) }
    set { packedDepth = Int32(clamping: newValue) }
  }
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
  package init(kind: BlockKind, range: TextRange, depth: Int = 0, label: String? = nil, language: String? = nil) {
    self.range = range
    self.packedKind = kind.packed
    self.packedDepth = Int32(clamping: depth)
    self.extras = Self.extras(label: label, language: language)
  }
}

extension BlockKind {
  /// The case in the low 8 bits, its value above: a heading level (clamped to 0…2^24 − 1), whether a
  /// list is ordered or a cell a header, a landmark's index.
  var packed: UInt32 {
    switch self {
    case .paragraph: 0
    case .heading(let level): 1 | UInt32(clamping: Swift.min(Swift.max(level, 0), 0xFF_FFFF)) << 8
    case .list(let ordered): 2 | (ordered ? 1 << 8 : 0)
    case .listItem: 3
    case .table: 4
    case .tableRow: 5
    case .tableCell(let header): 6 | (header ? 1 << 8 : 0)
    case .blockQuote: 7
    case .preformatted: 8
    case .landmark(let landmark): 9 | UInt32(Landmark.allCases.firstIndex(of: landmark)!) << 8
    case .group: 10
    }
  }

  init(packed: UInt32) {
    let value = Int(packed >> 8)
    switch packed & 0xFF {
    case 1: self = .heading(level: value)
    case 2: self = .list(ordered: value != 0)
    case 3: self = .listItem
    case 4: self = .table
    case 5: self = .tableRow
    case 6: self = .tableCell(header: value != 0)
    case 7: self = .blockQuote
    case 8: self = .preformatted
    case 9: self = .landmark(Landmark.allCases[value])
    case 10: self = .group
    default: self = .paragraph
    }
  }
}
