/// ACT 23a2a8 "Image has non-empty accessible name". Applicability: every HTML `img` element, and
/// every HTML element whose semantic role is `img` (not SVG's: 7d6734 checks those), except one
/// programmatically hidden. Expectation: a non-empty accessible name, or a semantic role of `none`
/// or `presentation`.
package enum ImageAlt: AuditRule {
  package static let descriptor = AuditRuleDescriptor(
    name: "image-alt", act: ["23a2a8"], wcag: ["1.1.1"], severity: .error,
    summary: "Every image a listener meets has a text alternative.",
    fix: "Give the image an alt attribute that says what it shows, or alt=\"\" if it is decoration.")

  package static func check(_ page: AuditPage, _ report: inout AuditReport) {
    for index in page.elementIndices where !page.excluded[index] {
      let role = page.role(index)
      guard page.name(index) == "img" || role == "img" else { continue }
      if role == "presentation" || role == "none" { continue }
      if page.name(index) != "img", isForeign(index, page) { continue }
      if page.accessibleName(index).isEmpty { report.element(index, "image has no text alternative") }
    }
  }

  /// Whether the element is in SVG's or MathML's namespace (an `<svg>` or `<math>`, or inside one).
  static func isForeign(_ index: Int, _ page: AuditPage) -> Bool {
    if page.name(index) == "svg" || page.name(index) == "math" { return true }
    return page.ancestors(of: index).contains { page.name($0) == "svg" || page.name($0) == "math" }
  }
}
