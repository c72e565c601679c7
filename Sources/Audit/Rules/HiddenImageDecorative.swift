/// ACT e88epe: an image kept out of the accessibility tree (hidden, or marked decorative) is really
/// decoration. Whether an image carries meaning is a person's call; markup says so when the hidden
/// image has a text alternative of its own (`alt="W3C logo"` beside `aria-hidden`) or is a logo (its
/// file name says "logo": a logo names who publishes the page).
public enum HiddenImageDecorative: AuditRule {
  public static let descriptor = AuditRuleDescriptor(
    name: "image-hidden-not-decorative", act: ["e88epe"], wcag: ["1.1.1"], severity: .error,
    summary: "An image hidden from assistive technologies is decoration, not content.",
    fix:
      "Stop hiding the image and give it an alt that says what it shows (or remove its alt text if it is decoration).")

  public static func check(_ page: AuditPage, _ report: inout AuditReport) {
    for index in page.elementIndices where page.name(index) == "img" {
      // Not in the tree through aria-hidden or a decorative mark; hidden from everyone is out of scope.
      let hiddenFromTree = page.ariaHidden[index] || (!page.excluded[index] && page.role(index) == "presentation")
      guard hiddenFromTree else { continue }
      if let alt = page.attribute(index, "alt"), !alt.isBlank {
        report.element(index, "image hidden from assistive technologies has the text alternative \"\(alt.trimmed)\"")
      } else if let source = page.attribute(index, "src"), isLogo(source) {
        report.element(index, "a logo is hidden from assistive technologies")
      }
    }
  }

  /// Whether an image's file name says it is a logo.
  static func isLogo(_ source: String) -> Bool {
    let path = source.split(separator: "?").first ?? ""
    let file = path.split(separator: "/").last ?? ""
    return file.lowercased().contains("logo")
  }
}
