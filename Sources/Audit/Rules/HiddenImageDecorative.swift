/// ACT e88epe: an `<img>` kept out of the accessibility tree is marked decorative.
public enum HiddenImageDecorative: AuditRule {
  public static let descriptor = AuditRuleDescriptor(
    name: "image-hidden-not-decorative", act: ["e88epe"], wcag: ["1.1.1"], severity: .error,
    summary: "An image hidden from assistive technologies is marked decorative.",
    fix: "Mark the image decorative with alt=\"\" (or role=\"presentation\"), or stop hiding it and give it an alt.")

  public static func check(_ page: AuditPage, _ report: inout AuditReport) {
    for index in page.facts.elements.indices where page.name(index) == "img" && page.ariaHidden[index] {
      if !page.isMarkedDecorative(index) { report.element(index, "image hidden with aria-hidden is not marked decorative") }
    }
  }
}
