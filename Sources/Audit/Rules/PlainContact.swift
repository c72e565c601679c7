internal import Detection
internal import TextModel

/// An e-mail address or phone number is a `mailto:` or `tel:` link, not plain text: a listener can
/// act on a link at once, but must remember and retype plain text (and a speech engine may read a
/// number as an amount).
package enum PlainContact: AuditRule {
  package static let descriptor = AuditRuleDescriptor(
    name: "contact-not-linked", wcag: [], severity: .warning,
    summary: "E-mail addresses and phone numbers are links (mailto:, tel:).",
    fix: "Make the address a mailto: link and the number a tel: link (<a href=\"tel:+12025550143\">).")

  package static let readsDetections = true

  package static func check(_ page: AuditPage, _ report: inout AuditReport) {
    let document = page.document
    // Links and detections are both in start order: one sweep keeps the furthest end of the links
    // started so far, and a detection inside a link ends before it.
    let links = document.runs.filter { if case .link = $0.attribute { true } else { false } }
    var next = 0
    var furthestEnd = -1
    for detection in page.detections where detection.source == .text {
      guard detection.kind == .email || detection.kind == .phone else { continue }
      while next < links.count && links[next].range.start <= detection.range.start {
        furthestEnd = max(furthestEnd, links[next].range.end)
        next += 1
      }
      if furthestEnd >= detection.range.end { continue }
      let what = detection.kind == .email ? "e-mail address" : "phone number"
      report.text(detection.range, "\(what) \"\(document[detection.range])\" is plain text, not a link")
    }
  }
}
