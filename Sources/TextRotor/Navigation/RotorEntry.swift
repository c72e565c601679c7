public import TextModel

/// One item a rotor visits: its range, a label to announce, and what it is.
public struct RotorEntry: Hashable, Sendable {
  /// The item's text in the document (UTF-8 offsets).
  public var range: TextRange
  /// What to announce for the item (its text, trimmed and shortened, or an accessible name).
  public var label: String
  /// A short word for what the item is ("heading", "link", "alert"…).
  public var kind: String
  /// The item's value, when it has one: a link target, `mailto:`/`tel:` value, alert severity.
  public var value: String?
  /// A heading's level, 1…6.
  public var level: Int?
  /// An alert's severity.
  public var severity: AlertSeverity?

  public init(
    range: TextRange, label: String, kind: String, value: String? = nil, level: Int? = nil,
    severity: AlertSeverity? = nil
  ) {
    self.range = range
    self.label = label
    self.kind = kind
    self.value = value
    self.level = level
    self.severity = severity
  }
}

extension RotorEntry {
  /// A label made from document text: whitespace folded, at most `limit` characters (cut at a word).
  public static func label(from text: Substring, limit: Int = 120) -> String {
    var folded = ""
    var pendingSpace = false
    for character in text {
      if character.isWhitespace {
        pendingSpace = !folded.isEmpty
        continue
      }
      if pendingSpace { folded.append(" ") }
      pendingSpace = false
      folded.append(character)
      if folded.count > limit { break }
    }
    guard folded.count > limit else { return folded }
    var cut = String(folded.prefix(limit))
    if let space = cut.lastIndex(of: " "), cut.distance(from: cut.startIndex, to: space) > limit / 2 {
      cut = String(cut[..<space])
    }
    return cut + "…"
  }
}
