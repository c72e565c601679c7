package import Detection
package import ParallelSupport
package import TextModel

/// Runs rules over a document.
///
/// ```swift
/// let findings = Auditor().audit(document)   // document read with collectsMarkupFacts
/// let same = Auditor().audit(document, detections: detections)   // detections already made
/// ```
package struct Auditor: Sendable {
  /// The names of the rules to run (nil: all).
  package var ruleNames: Set<String>?
  /// The threads an audit may use: with two, the rules that read detections run beside the others
  /// (``AuditRule/readsDetections``). The findings are the same with ``Parallelism/serial``.
  package var parallelism: Parallelism = .default

  package init(rules: Set<String>? = nil) { ruleNames = rules }

  /// The rules this auditor runs, in table order.
  package var rules: [any AuditRule.Type] {
    AuditRules.all.filter { ruleNames?.contains($0.descriptor.name) ?? true }
  }

  /// The findings on a document, ordered by source position, then by rule table order.
  package func audit(_ document: TextDocument) -> [AuditFinding] {
    audit(AuditPage.Shared(document: document, detections: nil, contentType: "text/html", parallelism: parallelism))
  }

  /// The findings on a document whose links, e-mail addresses and phone numbers a caller has
  /// already detected (`DocumentDetector(...).detect(in: document)`, in start order; other kinds are
  /// left out): the rules that read them (`contact-not-linked`, `ambiguous-numbers`) use these
  /// instead of detecting again. With `DocumentDetector.Options(kinds: [.email, .link, .phone],
  /// identifiesLanguages: false)` the findings are those of ``audit(_:)``; other options find what
  /// those options find (a phone number's region can follow the identified language).
  package func audit(_ document: TextDocument, detections: some Sequence<Detection>) -> [AuditFinding] {
    audit(
      AuditPage.Shared(
        document: document, detections: Array(detections), contentType: "text/html", parallelism: parallelism))
  }

  /// The findings on a document with the content type `contentType` (``contentType(forPath:)``):
  /// the rules that apply to `text/html` documents only (ACT b5c3f8, bf051a, de46e4) skip an XHTML
  /// or SVG one.
  package func audit(_ document: TextDocument, contentType: String) -> [AuditFinding] {
    audit(AuditPage.Shared(document: document, detections: nil, contentType: contentType, parallelism: parallelism))
  }

  /// The content type a file's name gives it, as a browser opening the file decides:
  /// `application/xhtml+xml` for .xhtml and .xht, `image/svg+xml` for .svg, else `text/html`.
  package static func contentType(forPath path: String) -> String {
    let name = path.lowercased()
    if name.hasSuffix(".xhtml") || name.hasSuffix(".xht") { return "application/xhtml+xml" }
    if name.hasSuffix(".svg") { return "image/svg+xml" }
    return "text/html"
  }

  private func audit(_ shared: AuditPage.Shared) -> [AuditFinding] {
    // Only the rules for the document's format (page rules ask nothing of Markdown or plain text).
    let format = shared.document.format
    let rules = self.rules.filter { $0.descriptor.applies(to: format) }
    // Two groups, each on its own thread with its own caches over the page's shared facts: the
    // rules that read detections, and the rest (AuditRule). Findings keep the table's order.
    let groups = [
      rules.indices.filter { rules[$0].readsDetections }, rules.indices.filter { !rules[$0].readsDetections },
    ].filter { !$0.isEmpty }
    let reports = parallelism.map(groups.count) { group in
      let page = AuditPage(shared: shared)
      return groups[group].map { index in
        var report = AuditReport(descriptor: rules[index].descriptor, page: page)
        rules[index].check(page, &report)
        return (index, report.findings)
      }
    }
    var byRule = [[AuditFinding]](repeating: [], count: rules.count)
    for (index, found) in reports.joined() { byRule[index] = found }
    let findings = byRule.flatMap { $0 }
    // Stable: findings at one place keep the table's order. The positions are sorted, not the
    // findings (large values, tens of thousands on a large page).
    let order = findings.indices.sorted { a, b in
      findings[a].sourceOffset != findings[b].sourceOffset ? findings[a].sourceOffset < findings[b].sourceOffset : a < b
    }
    return order.map { findings[$0] }
  }
}
