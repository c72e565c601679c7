public import Detection
public import ParallelSupport
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
  /// The threads an audit may use: with two, the rules that read detections run beside the others
  /// (``AuditRule/readsDetections``). The findings are the same with ``Parallelism/serial``.
  public var parallelism: Parallelism = .default

  public init(rules: Set<String>? = nil) { ruleNames = rules }

  /// The rules this auditor runs, in table order.
  public var rules: [any AuditRule.Type] {
    AuditRules.all.filter { ruleNames?.contains($0.descriptor.name) ?? true }
  }

  /// The findings on a document, ordered by source position, then by rule table order.
  public func audit(_ document: TextDocument) -> [AuditFinding] {
    audit(AuditPage(document: document, detections: nil, parallelism: parallelism))
  }

  /// The findings on a document whose links, e-mail addresses and phone numbers a caller has
  /// already detected (`DocumentDetector(...).detect(in: document)`, in start order; other kinds are
  /// left out): the rules that read them (`contact-not-linked`, `ambiguous-numbers`) use these
  /// instead of detecting again. With `DocumentDetector.Options(kinds: [.email, .link, .phone],
  /// identifiesLanguages: false)` the findings are those of ``audit(_:)``; other options find what
  /// those options find (a phone number's region can follow the identified language).
  public func audit(_ document: TextDocument, detections: some Sequence<Detection>) -> [AuditFinding] {
    audit(AuditPage(document: document, detections: Array(detections), parallelism: parallelism))
  }

  /// The findings on a document with the content type `contentType` (``contentType(forPath:)``):
  /// the rules that apply to `text/html` documents only (ACT b5c3f8, bf051a, de46e4) skip an XHTML
  /// or SVG one.
  public func audit(_ document: TextDocument, contentType: String) -> [AuditFinding] {
    let page = AuditPage(document: document, detections: nil, parallelism: parallelism)
    page.contentType = contentType
    return audit(page)
  }

  /// The content type a file's name gives it, as a browser opening the file decides:
  /// `application/xhtml+xml` for .xhtml and .xht, `image/svg+xml` for .svg, else `text/html`.
  public static func contentType(forPath path: String) -> String {
    let name = path.lowercased()
    if name.hasSuffix(".xhtml") || name.hasSuffix(".xht") { return "application/xhtml+xml" }
    if name.hasSuffix(".svg") { return "image/svg+xml" }
    return "text/html"
  }

  private func audit(_ page: AuditPage) -> [AuditFinding] {
    // Only the rules for the document's format (page rules ask nothing of Markdown or plain text).
    let rules = self.rules.filter { $0.descriptor.applies(to: page.document.format) }
    var reports = rules.map { AuditReport(descriptor: $0.descriptor, page: page) }
    // Two groups that share no mutable part of the page (AuditRule): each rule writes its own report.
    let groups = [
      rules.indices.filter { rules[$0].readsDetections }, rules.indices.filter { !rules[$0].readsDetections },
    ].filter { !$0.isEmpty }
    // The groups share the page, whose caches AuditRule divides between them (not yet in its type).
    nonisolated(unsafe) let (sharedPage, sharedRules) = (page, rules)
    reports.withUnsafeMutableBufferPointer { reports in
      nonisolated(unsafe) let reports = reports
      parallelism.forEach(groups.count) { group in
        for index in groups[group] { sharedRules[index].check(sharedPage, &reports[index]) }
      }
    }
    let findings = reports.flatMap(\.findings)
    // Stable: findings at one place keep the table's order. The positions are sorted, not the
    // findings (large values, tens of thousands on a large page).
    let order = findings.indices.sorted { a, b in
      findings[a].sourceOffset != findings[b].sourceOffset ? findings[a].sourceOffset < findings[b].sourceOffset : a < b
    }
    return order.map { findings[$0] }
  }
}
