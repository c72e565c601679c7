/// Something a reader noticed while recovering from imperfect input.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
  /// How serious the problem is.
  public enum Severity: String, Hashable, Sendable {
    case note, warning, error
  }
  /// How serious the problem is.
  public var severity: Severity
  /// What is wrong, in one sentence.
  public var message: String
  /// The 1-based line in the input, when known.
  public var line: Int?
  /// The 1-based column (UTF-8 bytes) in the input, when known.
  public var column: Int?

  /// A diagnostic of `severity` with its input `line` and `column` when known.
  public init(_ severity: Severity, _ message: String, line: Int? = nil, column: Int? = nil) {
    self.severity = severity
    self.message = message
    self.line = line
    self.column = column
  }

  /// "line:column: severity: message", as the CLI prints it.
  public var description: String {
    var place = ""
    if let line { place = column.map { "\(line):\($0): " } ?? "\(line): " }
    return "\(place)\(severity.rawValue): \(message)"
  }
}
