internal import TextModel

/// The diagnostics of what the filter changed or refused.
extension MarkupFilter {
  /// What the readers say of a reference to an external entity (XML's, and HTML's to one its
  /// DOCTYPE declares): never loaded.
  static func externalEntityMessage(_ name: String) -> String {
    "external entity '\(name)' was not loaded (external entities never are, for safety); its text is left out"
  }

  /// The warnings for references in HTML text to entities the DOCTYPE's internal subset declares.
  func entityDiagnostics(placing place: (Int) -> (line: Int?, column: Int?)) -> [Diagnostic] {
    var diagnostics = entityReferences.map { reference in
      let (line, column) = place(reference.offset)
      let message =
        reference.external
        ? Self.externalEntityMessage(reference.name)
        : "entity '\(reference.name)' is declared in the DOCTYPE, which HTML does not read: "
          + "'&\(reference.name);' is read as written"
      return Diagnostic(.warning, message, line: line, column: column, changesText: true)
    }
    if entityReferenceCount > entityReferences.count {
      diagnostics.append(
        Diagnostic(
          .warning, "\(entityReferenceCount - entityReferences.count) more reference(s) to declared entities",
          changesText: true))
    }
    return diagnostics
  }

  /// The warning for control characters XML does not allow, read as spaces.
  static func controlDiagnostic(count: Int, first: UInt8, line: Int?, column: Int?) -> Diagnostic {
    let hex = String(first, radix: 16, uppercase: true)
    let code = "U+" + String(repeating: "0", count: 4 - hex.count) + hex
    return Diagnostic(
      .warning,
      "\(count) control character(s) that XML does not allow (the first \(code)) were read as spaces",
      line: line, column: column, changesText: true)
  }
}
