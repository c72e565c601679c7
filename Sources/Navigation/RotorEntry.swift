public import Detection
public import TextModel

/// One item a rotor visits: its range, a label to announce, and what it is.
public struct RotorEntry: Hashable, Sendable {
  /// The item's text in the document (UTF-8 offsets).
  public package(set) var range: TextRange
  /// What to announce for the item (its text, trimmed and shortened, or an accessible name).
  public package(set) var label: String
  /// What the item is (heading, link, alert, a landmark's role…).
  public package(set) var kind: Kind
  /// The item's value, when it has one: a link target, `mailto:`/`tel:` value, alert severity.
  public package(set) var value: String?
  /// A heading's level, 1…6.
  public package(set) var level: Int?
  /// An alert's severity.
  public package(set) var severity: AlertSeverity?

  /// An entry of `kind` over `range`, with the label a screen reader announces.
  public init(
    range: TextRange, label: String, kind: Kind, value: String? = nil, level: Int? = nil,
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
  /// What a rotor entry is: an open vocabulary (a custom rotor names its own kinds), written in JSON
  /// and announcements as its raw value.
  public struct Kind: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The kind's name as it appears in JSON.
    public let rawValue: String
    /// A kind from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A kind from a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// A heading.
    public static let heading: Kind = "heading"
    /// A link.
    public static let link: Kind = "link"
    /// An e-mail address.
    public static let email: Kind = "email"
    /// A phone number.
    public static let phone: Kind = "phone"
    /// An alert.
    public static let alert: Kind = "alert"
    /// An image.
    public static let image: Kind = "image"
    /// A list.
    public static let list: Kind = "list"
    /// A table.
    public static let table: Kind = "table"
    /// A match of a custom rotor's regular expression.
    public static let match: Kind = "match"
    /// A landmark, by its role ("navigation", "main"…).
    public static func landmark(_ landmark: Landmark) -> Kind { Kind(rawValue: landmark.rawValue) }
    /// A detection of this kind (including kinds an embedding tool adds).
    public static func detection(_ kind: DetectionKind) -> Kind { Kind(rawValue: kind.rawValue) }

    /// Whether the entry has a target a person can follow (a link, an e-mail address, a phone number).
    public var hasTarget: Bool { self == .link || self == .email || self == .phone }

    /// The kind's name.
    public var description: String { rawValue }
  }
}

extension RotorEntry {
  /// A label made from document text: whitespace folded, at most `limit` characters (cut at a word).
  /// - Complexity: O(min(n, limit)) for text without long whitespace runs. Walks scalars, not
  ///   Characters (grapheme breaking cost a third of building a large document's rotors); marks,
  ///   joiners, variation selectors and skin tones stay with the scalar before them, so a cut never
  ///   splits an accented letter or an emoji sequence.
  public static func label(from text: Substring, limit: Int = 120) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(min(text.utf8.count, limit < 1 << 40 ? limit * 4 + 8 : Int.max))
    var count = 0
    var pendingSpace = false
    var lastSpaceCount = -1  // characters before the last folded space
    var lastSpaceByte = 0
    var afterJoiner = false
    let utf8 = text.utf8
    var index = utf8.startIndex
    while index < utf8.endIndex {
      let lead = utf8[index]
      // One scalar: its bytes and value (ASCII fast path).
      var length = 1
      var value = UInt32(lead)
      if lead >= 0x80 {
        length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        value = UInt32(lead) & (lead >= 0xF0 ? 0x07 : lead >= 0xE0 ? 0x0F : 0x1F)
        var next = utf8.index(after: index)
        for _ in 1..<length where next < utf8.endIndex {
          value = value << 6 | UInt32(utf8[next] & 0x3F)
          next = utf8.index(after: next)
        }
      }
      let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
      let isSpace = value < 0x80 ? (value == 0x20 || (value >= 0x09 && value <= 0x0D)) : scalar.properties.isWhitespace
      let end = utf8.index(index, offsetBy: length, limitedBy: utf8.endIndex) ?? utf8.endIndex
      defer { index = end }
      if isSpace {
        pendingSpace = count > 0
        afterJoiner = false
        continue
      }
      let extends = afterJoiner || (value >= 0x300 && isExtending(scalar))
      afterJoiner = value == 0x200D
      if extends && count > 0 && !pendingSpace {
        bytes.append(contentsOf: utf8[index..<end])
        continue
      }
      if pendingSpace {
        // The space would fill the label: cut here, at a word boundary.
        if count + 1 >= limit { return String(decoding: bytes, as: UTF8.self) + "…" }
        lastSpaceByte = bytes.count
        lastSpaceCount = count
        bytes.append(0x20)
        count += 1
      }
      pendingSpace = false
      if count >= limit {
        // One character too many: cut at the last space if it is in the second half.
        if lastSpaceCount > limit / 2 { bytes.removeSubrange(lastSpaceByte...) }
        return String(decoding: bytes, as: UTF8.self) + "…"
      }
      if length == 1 { bytes.append(lead) } else { bytes.append(contentsOf: utf8[index..<end]) }
      count += 1
    }
    return String(decoding: bytes, as: UTF8.self)
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
