/// ACT b4f0c3: `<meta name="viewport">` lets the reader zoom (no `user-scalable=no`, no
/// `maximum-scale` under 2).
package enum MetaViewport: AuditRule {
  package static let descriptor = AuditRuleDescriptor(
    name: "meta-viewport", act: ["b4f0c3"], wcag: ["1.4.4", "1.4.10"], severity: .error,
    summary: "The viewport lets people zoom.",
    fix: "Remove user-scalable=no and any maximum-scale below 2 from the viewport's content.",
    formats: AuditRuleDescriptor.pageFormats)

  /// A viewport value as CSS Device Adaptation reads it: yes 1, no 0.1, device-width/height 10,
  /// a number, anything else 0.
  static func value(_ text: Substring) -> Double {
    switch text {
    case "yes": return 1
    case "no": return 0.1
    case "device-width", "device-height": return 10
    default: return Double(text) ?? 0
    }
  }

  package static func check(_ page: AuditPage, _ report: inout AuditReport) {
    for index in page.elementIndices
    where page.name(index) == "meta" && page.keyword(index, "name") == "viewport" {
      guard let content = page.keyword(index, "content") else { continue }
      for property in content.split(whereSeparator: { $0 == "," || $0 == ";" }) {
        let parts = property.split(separator: "=", maxSplits: 1).map { Substring($0.trimmed) }
        guard parts.count == 2 else { continue }
        let number = value(parts[1])
        if parts[0] == "user-scalable", number > -1 && number < 1 {
          report.element(index, "the viewport forbids zooming (user-scalable=\(parts[1]))")
        } else if parts[0] == "maximum-scale", number >= 0 && number < 2 {
          report.element(index, "the viewport limits zoom to \(parts[1])")
        }
      }
    }
  }
}
