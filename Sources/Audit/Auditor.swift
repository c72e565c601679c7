public import Detection
public import TextModel

/// Runs rules over a document.
///
/// ```swift
/// let findings = Auditor().audit(document)   // document read with collectsMarkupFacts
/// let same = Auditor().audit(document, detections: detections)   // detections already made
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
  public func audit(_ document: TextDocument) -> [AuditFinding] { audit(AuditPage(document: document)) }

  /// The findings on a document whose links, e-mail addresses and phone numbers a caller has
  /// already detected (`DocumentDetector(...).detect(in: document)`, in start order; other kinds are
  /// left out): the rules that read them (`contact-not-linked`, `ambiguous-numbers`) use these
  /// instead of detecting again. With `DocumentDetector.Options(kinds: [.email, .link, .phone],
  /// identifiesLanguages: false)` the findings are those of ``audit(_:)``; other options find what
  /// those options find (a phone number's region can follow the identified language).
  public func audit(_ document: TextDocument, detections: some Sequence<Detection>) -> [AuditFinding] {
    audit(AuditPage(document: document, detections: Array(detections)))
  }

  private func audit(_ page: AuditPage) -> [AuditFinding] {
    var findings: [AuditFinding] = []
    for rule in rules {
      var report = AuditReport(descriptor: rule.descriptor, page: page)
      rule.check(page, &report)
      findings += report.findings
    }
    // Stable: findings at one place keep the table's order. The positions are sorted, not the
    // findings (large values, tens of thousands on a large page).
    let order = findings.indices.sorted { a, b in
      findings[a].sourceOffset != findings[b].sourceOffset ? findings[a].sourceOffset < findings[b].sourceOffset : a < b
    }
    return order.map { findings[$0] }
  }
}
