/// The name of a rotor: a category a person moves through ("headings", "alerts"…).
/// An open vocabulary: custom rotors add their own names.
public struct RotorKind: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public init(_ name: String) { self.rawValue = name }

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
