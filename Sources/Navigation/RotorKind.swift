/// The name of a rotor: a category a person moves through ("headings", "alerts"…).
/// An open vocabulary: custom rotors add their own names.
public struct RotorKind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The rotor's name ("headings", "heading2", "links", a custom name).
  public let rawValue: String
  /// The level of a heading-level rotor (`heading1`…`heading9`: ARIA's `aria-level` goes past HTML's
  /// six, and NVDA and JAWS move by levels 7–9 too), nil for every other rotor.
  public let headingLevel: Int?

  /// A rotor by name; `heading1`…`heading9` are the heading-level rotors.
  public init(rawValue: String) {
    self.rawValue = rawValue
    if rawValue.utf8.count == 8, rawValue.hasPrefix("heading"), let digit = rawValue.utf8.last,
      (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(digit)
    {
      headingLevel = Int(digit - UInt8(ascii: "0"))
    } else {
      headingLevel = nil
    }
  }
  /// A rotor from its name.
  public init(_ name: String) { self.init(rawValue: name) }

  /// Every heading.
  public static let headings = RotorKind("headings")
  /// Every link (marked up or detected).
  public static let links = RotorKind("links")
  /// Every e-mail address.
  public static let emails = RotorKind("emails")
  /// Every phone number.
  public static let phones = RotorKind("phones")
  /// Every alert of any severity.
  public static let alerts = RotorKind("alerts")
  /// Alerts of warning severity or above.
  public static let warnings = RotorKind("warnings")
  /// Every landmark (main, navigation, …).
  public static let landmarks = RotorKind("landmarks")
  /// Every list.
  public static let lists = RotorKind("lists")
  /// Every table.
  public static let tables = RotorKind("tables")
  /// Every image with alternative text.
  public static let images = RotorKind("images")
  /// The rotor of headings of one level, 1…9.
  public static func heading(level: Int) -> RotorKind { RotorKind("heading\(level)") }

  /// The rotor's name.
  public var description: String { rawValue }
}
