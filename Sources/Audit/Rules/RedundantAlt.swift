/// An image's alt does not repeat the text beside it in its link or button (axe's
/// image-redundant-alt): the listener hears the same words twice.
public enum RedundantAlt: AuditRule {
  public static let descriptor = AuditRuleDescriptor(
    name: "image-redundant-alt", wcag: ["1.1.1"], severity: .warning,
    summary: "An image's alt does not repeat the text next to it.",
    fix: "Use alt=\"\" when the text beside the image already says what it shows.")

  static func normalized(_ text: String) -> String {
    String(text.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil })
  }

  public static func check(_ page: AuditPage, _ report: inout AuditReport) {
    for index in page.facts.elements.indices where page.name(index) == "img" && !page.excluded[index] {
      guard let alt = page.facts.elements[index]["alt"], !normalized(alt).isEmpty else { continue }
      guard
        let holder = page.facts.ancestors(of: index).first(where: {
          let role = page.role($0)
          return role == "link" || role == "button" || page.name($0) == "figure"
        })
      else { continue }
      let text = page.ownTextExcluding(index, within: holder)
      if normalized(text) == normalized(alt) {
        report.element(index, "alt \"\(alt.trimmed)\" repeats the text beside the image")
      }
    }
  }
}
