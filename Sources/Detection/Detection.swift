public import TextModel

/// What a detection found. An open vocabulary: embedding tools may add kinds.
public struct DetectionKind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The kind's name as it appears in JSON and on the command line ("email", "link", "phone", "alert").
  public var rawValue: String
  /// A kind from its name.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// An e-mail address.
  public static let email = DetectionKind(rawValue: "email")
  /// A link (URL or bare domain with a path).
  public static let link = DetectionKind(rawValue: "link")
  /// A telephone number.
  public static let phone = DetectionKind(rawValue: "phone")
  /// An alert (a warning, caution, notice…).
  public static let alert = DetectionKind(rawValue: "alert")

  /// The kind's name.
  public var description: String { rawValue }
}

/// Where a detection came from.
public enum DetectionSource: String, Hashable, Sendable {
  /// The markup said so (`<a href>`, `role="alert"`, `class="warning"`).
  case markup
  /// A detector found it in the text.
  case text
}

/// One thing found in a document: its kind, its range of text, and its normalized value.
public struct Detection: Hashable, Sendable {
  /// What was found.
  public package(set) var kind: DetectionKind
  /// Where it is in the document text (UTF-8 offsets).
  public package(set) var range: TextRange
  /// The normalized value: `mailto:…`, an absolute URL, `tel:+E164`, or an alert severity.
  public package(set) var value: String
  /// Whether the markup or the text gave it.
  public package(set) var source: DetectionSource
  /// How sure the detector is, 0…1.
  public package(set) var confidence: Double
  /// A short reason, for `--explain`.
  public package(set) var reason: String
  /// The alert severity, for alerts.
  public package(set) var severity: AlertSeverity?

  /// A detection of `kind` over `range` with its normalized `value` and `confidence` (0…1).
  package init(
    kind: DetectionKind, range: TextRange, value: String, source: DetectionSource, confidence: Double,
    reason: String, severity: AlertSeverity? = nil
  ) {
    self.kind = kind
    self.range = range
    self.value = value
    self.source = source
    self.confidence = confidence
    self.reason = reason
    self.severity = severity
  }
}
