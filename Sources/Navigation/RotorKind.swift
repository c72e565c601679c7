/// The name of a rotor: a category a person moves through ("headings", "alerts"…).
/// An open vocabulary: custom rotors add their own names.
public struct RotorKind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  public let rawValue: String
  /// The level of a heading-level rotor (`heading1`…`heading6`), nil for every other rotor.
  public let headingLevel: Int?

  /// A rotor by name; `heading1`…`heading6` are the heading-level rotors.
  public init(rawValue: String) {
    self.rawValue = rawValue
    if rawValue.utf8.count == 8, rawValue.hasPrefix("heading"), let digit = rawValue.utf8.last,
      (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(digit)
    {
      headingLevel = Int(digit - UInt8(ascii: "0"))
    } else {
      headingLevel = nil
    }
  }
  public init(_ name: String) { self.init(rawValue: name) }

  public static let headings = RotorKind("headings")
  public static let links = RotorKind("links")
  public static let emails = RotorKind("emails")
  public static let phones = RotorKind("phones")
  public static let alerts = RotorKind("alerts")
  public static let warnings = RotorKind("warnings")
  public static let landmarks = RotorKind("landmarks")
  public static let lists = RotorKind("lists")
  public static let tables = RotorKind("tables")
  public static let images = RotorKind("images")
  /// The rotor of headings of one level, 1…6.
  public static func heading(level: Int) -> RotorKind { RotorKind("heading\(level)") }

  public var description: String { rawValue }
}
