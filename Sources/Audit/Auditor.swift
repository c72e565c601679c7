public import TextModel

/// Runs rules over a document.
///
/// ```swift
/// let findings = Auditor().audit(document)   // document read with collectsMarkupFacts
/// ```
public struct Auditor: Sendable {
  /// The names of the rules to run (nil: all).
  public var ruleNames: Set<String>?

  public init(rules: Set<String>? = nil) { ruleNames = rules }

  /// The rules this auditor runs, in table order.
  public var rules: [any AuditRule.Type] {
    AuditRules.all.filter { ruleNames?.contains($0.descriptor.name) ?? true }
  }

  /// The findings on a document, ordered by source position, then by rule table order.
  public func audit(_ document: TextDocument) -> [AuditFinding] {
    let page = AuditPage(document: document)
    var findings: [AuditFinding] = []
    for rule in rules {
      var report = AuditReport(descriptor: rule.descriptor, page: page)
      rule.check(page, &report)
      findings += report.findings
    }
    // Stable: findings at one place keep the table's order.
    return findings.enumerated().sorted { a, b in
      a.element.sourceOffset != b.element.sourceOffset
        ? a.element.sourceOffset < b.element.sourceOffset : a.offset < b.offset
    }.map(\.element)
  }
}
