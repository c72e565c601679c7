/// Something a reader noticed while recovering from imperfect input.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
  /// How serious the problem is.
  public enum Severity: String, Hashable, Sendable {
    case note, warning, error
  }
  /// How serious the problem is.
  public package(set) var severity: Severity
  /// What is wrong, in one sentence.
  public package(set) var message: String
  /// The 1-based line in the input, when known.
  public package(set) var line: Int?
  /// The 1-based column (UTF-8 bytes) in the input, when known.
  public package(set) var column: Int?
  /// The entry of a container (an EPUB chapter, a DOCX part) that ``line`` and ``column`` count in,
  /// nil for a document read from one input.
  public package(set) var entry: String?
  /// Whether the text read differs from what the document holds because of this: text left out
  /// (an entity not expanded, the rest of a document a parser gave up on) or replaced (bytes that
  /// were not valid in the encoding, NULs), or structure or attributes dropped at a limit. The CLI
  /// prints these on standard error by default (`--quiet` silences them); the others (an encoding
  /// chosen, a tag libxml2 does not know) are information, shown with `parse --diagnostics`.
  public package(set) var changesText: Bool

  /// A diagnostic of `severity` with its input `line` and `column` when known; `changesText` when
  /// the text read differs from the document's because of it.
  package init(
    _ severity: Severity, _ message: String, line: Int? = nil, column: Int? = nil, entry: String? = nil,
    changesText: Bool = false
  ) {
    self.severity = severity
    self.message = message
    self.line = line
    self.column = column
    self.entry = entry
    self.changesText = changesText
  }

  /// "line:column: severity: message", as the CLI prints it; in a container
  /// "entry:line:column: severity: message" (`OEBPS/ch1.xhtml:3:5: warning: …`).
  public var description: String {
    var place = entry.map { "\($0):" } ?? ""
    if let line { place += column.map { "\(line):\($0):" } ?? "\(line):" }
    return place.isEmpty ? "\(severity.rawValue): \(message)" : "\(place) \(severity.rawValue): \(message)"
  }
}
