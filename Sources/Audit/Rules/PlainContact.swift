internal import Detection
internal import TextModel

/// An e-mail address or phone number is a `mailto:` or `tel:` link, not plain text: a listener can
/// act on a link at once, but must remember and retype plain text (and a speech engine may read a
/// number as an amount).
public enum PlainContact: AuditRule {
  public static let descriptor = AuditRuleDescriptor(
    name: "contact-not-linked", wcag: [], severity: .warning,
    summary: "E-mail addresses and phone numbers are links (mailto:, tel:).",
    fix: "Make the address a mailto: link and the number a tel: link (<a href=\"tel:+12025550143\">).")

  public static func check(_ page: AuditPage, _ report: inout AuditReport) {
    let document = page.document
    for detection in page.detections where detection.source == .text {
      guard detection.kind == .email || detection.kind == .phone else { continue }
      let covered = document.runs.contains { run in
        guard case .link = run.attribute else { return false }
        return run.range.start <= detection.range.start && run.range.end >= detection.range.end
      }
      if covered { continue }
      let what = detection.kind == .email ? "e-mail address" : "phone number"
      report.text(detection.range, "\(what) \"\(document[detection.range])\" is plain text, not a link")
    }
  }
}
