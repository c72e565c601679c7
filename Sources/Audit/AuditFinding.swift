public import TextModel

/// How much a finding matters: an `error` fails a WCAG success criterion (an ACT rule's failure);
/// a `warning` is likely to mislead a listener but is not a conformance failure by itself.
public enum AuditSeverity: String, Sendable, Hashable, Comparable, CaseIterable {
  case warning
  case error

  public static func < (a: Self, b: Self) -> Bool { a == .warning && b == .error }
}

/// One problem the audit found: which rule, where, and how to fix it. A value; writers in Output
/// turn it into text, JSON or SARIF.
public struct AuditFinding: Sendable, Hashable {
  /// The rule's name (`image-alt`, `heading-order`…).
  public var rule: String
  /// The W3C ACT rule ids this finding fails (empty for rules no ACT rule covers).
  public var act: [String]
  /// The WCAG success criteria concerned (`1.1.1`…).
  public var wcag: [String]
  public var severity: AuditSeverity
  /// One line saying what is wrong.
  public var message: String
  /// The input byte offset of the element (where its start tag ends), or of the text.
  public var sourceOffset: Int
  /// Line and column (1-based) of ``sourceOffset``: in the input, or inside ``entry``.
  public var line: Int
  public var column: Int
  /// The container entry the finding is in (an EPUB chapter, a DOCX part), nil for a document of
  /// one input; ``line`` and ``column`` are then counted from the entry's start.
  public var entry: String?
  /// The text range concerned in the document text, for findings about text (speech rules).
  public var range: TextRange?
  /// The element's start tag, or the text, shortened to at most 120 characters.
  public var snippet: String
  /// How to fix it.
  public var fix: String

  public init(
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
