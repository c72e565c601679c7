/// ACT 23a2a8: an image in the accessibility tree (`<img>` not marked decorative, `role="img"`) has a name.
public enum ImageAlt: AuditRule {
  public static let descriptor = AuditRuleDescriptor(
    name: "image-alt", act: ["23a2a8"], wcag: ["1.1.1"], severity: .error,
    summary: "Every image a listener meets has a text alternative.",
    fix: "Give the image an alt attribute that says what it shows, or alt=\"\" if it is decoration.")

  public static func check(_ page: AuditPage, _ report: inout AuditReport) {
    for index in page.elementIndices where !page.excluded[index] {
      let tag = page.name(index)
      let role = page.role(index)
      guard (tag == "img" && role == "img") || page.explicitRole(index) == "img" else { continue }
      if page.accessibleName(index).isEmpty { report.element(index, "image has no text alternative") }
    }
  }
}
