/// ACT bc659a and bisz58: the first valid `<meta http-equiv="refresh">` does not refresh or redirect
/// after a delay (bc659a allows more than 20 hours; bisz58 allows none).
package enum MetaRefresh: AuditRule {
  package static let descriptor = AuditRuleDescriptor(
    name: "meta-refresh", act: ["bc659a", "bisz58"], wcag: ["2.2.1", "2.2.4", "3.2.5"], severity: .error,
    summary: "The page does not refresh or redirect on its own after a delay.",
    fix: "Remove the refresh, redirect at once (delay 0), or let the reader choose when.",
    formats: AuditRuleDescriptor.pageFormats)

  /// The delay of a refresh's content as HTML parses it, or nil for an invalid one.
  static func delay(_ content: String) -> Double? {
    let scalars = Array(content.unicodeScalars)
    var position = 0
    while position < scalars.count, String.isASCIISpace(scalars[position]) { position += 1 }
    let start = position
    while position < scalars.count, ("0"..."9").contains(scalars[position]) { position += 1 }
    guard position > start else { return nil }
    let delay = Double(String(String.UnicodeScalarView(scalars[start..<position]))) ?? 0
    while position < scalars.count, ("0"..."9").contains(scalars[position]) || scalars[position] == "." {
      position += 1
    }
    if position < scalars.count, scalars[position] != ";", scalars[position] != ",",
      !String.isASCIISpace(scalars[position])
    {
      return nil
    }
    return delay
  }

  package static func check(_ page: AuditPage, _ report: inout AuditReport) {
    for index in page.elementIndices
    where page.name(index) == "meta" && page.keyword(index, "http-equiv") == "refresh" {
      guard let content = page.attribute(index, "content"), let delay = delay(content) else { continue }
      if delay > 0 {
        var failing = report
        if delay > 72000 {
          // Only bisz58 fails: no exception for a delay over 20 hours.
          failing = AuditReport(
            descriptor: AuditRuleDescriptor(
              name: descriptor.name, act: ["bisz58"], wcag: descriptor.wcag, severity: descriptor.severity,
              summary: descriptor.summary, fix: descriptor.fix), page: page)
        }
        failing.element(index, "the page refreshes or redirects after \(Int(delay)) s")
        if delay > 72000 { report.findings += failing.findings } else { report = failing }
      }
      return
    }
  }
}
