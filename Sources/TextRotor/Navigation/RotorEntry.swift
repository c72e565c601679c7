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
  /// - Complexity: O(min(n, limit)) for text without long whitespace runs. Walks scalars, not
  ///   Characters (grapheme breaking cost a third of building a large document's rotors); marks,
  ///   joiners, variation selectors and skin tones stay with the scalar before them, so a cut never
  ///   splits an accented letter or an emoji sequence.
  public static func label(from text: Substring, limit: Int = 120) -> String {
    var folded = String.UnicodeScalarView()
    var count = 0
    var pendingSpace = false
    var lastSpaceCount = -1  // characters before the last folded space
    var lastSpaceIndex = folded.endIndex
    var afterJoiner = false
    for scalar in text.unicodeScalars {
      let value = scalar.value
      let isSpace = value < 0x80 ? (value == 0x20 || (value >= 0x09 && value <= 0x0D)) : scalar.properties.isWhitespace
      if isSpace {
        pendingSpace = count > 0
        afterJoiner = false
        continue
      }
      let extends = afterJoiner || (value >= 0x300 && isExtending(scalar))
      afterJoiner = value == 0x200D
      if extends && count > 0 && !pendingSpace {
        folded.append(scalar)
        continue
      }
      if pendingSpace {
        lastSpaceIndex = folded.endIndex
        lastSpaceCount = count
        folded.append(" ")
        count += 1
      }
      pendingSpace = false
      if count == limit {
        // One character too many: cut at the last space if it is in the second half.
        if lastSpaceCount > limit / 2 { folded = String.UnicodeScalarView(folded[..<lastSpaceIndex]) }
        return String(folded) + "…"
      }
      folded.append(scalar)
      count += 1
    }
    return String(folded)
  }

  private static func isExtending(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x200D, 0xFE00...0xFE0F, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F: return true
    default:
      switch scalar.properties.generalCategory {
      case .nonspacingMark, .spacingMark, .enclosingMark: return true
      default: return false
      }
    }
  }
}
