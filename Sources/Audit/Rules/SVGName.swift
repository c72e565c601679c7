/// ACT 7d6734: an SVG shape with an explicit image or graphics role has a name.
package enum SVGName: AuditRule {
  package static let descriptor = AuditRuleDescriptor(
    name: "svg-img-alt", act: ["7d6734"], wcag: ["1.1.1"], severity: .error,
    summary: "An SVG element given an image role has a name.",
    fix: "Add a <title> child or an aria-label to the SVG element.")

  static let shapes: Set<String> = ["svg", "circle", "ellipse", "line", "path", "polygon", "polyline", "rect"]
  static let roles: Set<String> = ["img", "graphics-document", "graphics-symbol"]

  package static func check(_ page: AuditPage, _ report: inout AuditReport) {
    for index in page.elementIndices where shapes.contains(page.name(index)) && !page.excluded[index] {
      guard let role = page.explicitRole(index), roles.contains(role) else { continue }
      if page.accessibleName(index).isEmpty { report.element(index, "SVG element with role \(role) has no name") }
    }
  }
}
