package import TextModel

/// How much a finding matters: an `error` fails a WCAG success criterion (an ACT rule's failure);
/// a `warning` is likely to mislead a listener but is not a conformance failure by itself.
package enum AuditSeverity: String, Sendable, Hashable, Comparable, CaseIterable {
  case warning
  case error

  package static func < (a: Self, b: Self) -> Bool { a == .warning && b == .error }
}

/// One problem the audit found: which rule, where, and how to fix it. A value; writers in Output
/// turn it into text, JSON or SARIF.
package struct AuditFinding: Sendable, Hashable {
  /// The rule's name (`image-alt`, `heading-order`…).
  package var rule: String
  /// The W3C ACT rule ids this finding fails (empty for rules no ACT rule covers).
  package var act: [String]
  /// The WCAG success criteria concerned (`1.1.1`…).
  package var wcag: [String]
  package var severity: AuditSeverity
  /// One line saying what is wrong.
  package var message: String
  /// The input byte offset of the element (where its start tag ends), or of the text.
  package var sourceOffset: Int
  /// Line and column (1-based) of ``sourceOffset``: in the input, or inside ``entry``.
  package var line: Int
  package var column: Int
  /// The container entry the finding is in (an EPUB chapter, a DOCX part), nil for a document of
  /// one input; ``line`` and ``column`` are then counted from the entry's start.
  package var entry: String?
  /// The text range concerned in the document text, for findings about text (speech rules).
  package var range: TextRange?
  /// The element's start tag, or the text, shortened to at most 120 characters.
  package var snippet: String
  /// How to fix it.
  package var fix: String

  package init(
    rule: String, act: [String], wcag: [String], severity: AuditSeverity, message: String, sourceOffset: Int,
    line: Int, column: Int, entry: String? = nil, range: TextRange? = nil, snippet: String, fix: String
  ) {
    self.rule = rule
    self.act = act
    self.wcag = wcag
    self.severity = severity
    self.message = message
    self.sourceOffset = sourceOffset
    self.line = line
    self.column = column
    self.entry = entry
    self.range = range
    self.snippet = snippet
    self.fix = fix
  }
}
