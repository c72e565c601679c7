/// ACT e88epe "Image not in the accessibility tree is decorative". Applicability: a visible `img`,
/// `svg` or `canvas` not included in the accessibility tree (aria-hidden, or a presentational role
/// with no conflict), or an `svg`/`canvas` ignored for an empty name, except below an ancestor named
/// from author (`aria-label`, `aria-labelledby`). Expectation: it is purely decorative. Whether an
/// image carries meaning is a person's call; markup says so when the image has a text alternative of
/// its own (`alt="W3C logo"` beside `aria-hidden`, an SVG `<title>`) or is a logo (its file name says
/// "logo": a logo names who publishes the page).
package enum HiddenImageDecorative: AuditRule {
  package static let descriptor = AuditRuleDescriptor(
    name: "image-hidden-not-decorative", act: ["e88epe"], wcag: ["1.1.1"], severity: .error,
    summary: "An image hidden from assistive technologies is decoration, not content.",
    fix:
      "Stop hiding the image and give it an alt that says what it shows (or remove its alt text if it is decoration).")

  package static func check(_ page: AuditPage, _ report: inout AuditReport) {
    for index in page.elementIndices {
      let tag = page.name(index)
      guard tag == "img" || tag == "svg" || tag == "canvas" else { continue }
      // Not in the tree through aria-hidden or a decorative mark; not visible is out of scope.
      var hiddenFromTree = page.ariaHidden[index] || (!page.excluded[index] && page.role(index) == "presentation")
      if !hiddenFromTree, !page.excluded[index], tag != "img", page.accessibleName(index).isEmpty {
        // Ignored svg (graphics-document) and canvas (no explicit role) with an empty name.
        hiddenFromTree = tag == "svg" ? page.role(index) == "graphics-document" : page.explicitRole(index) == nil
      }
      guard hiddenFromTree, page.isRendered(index), page.ancestors(of: index).allSatisfy({ page.isRendered($0) })
      else { continue }
      if page.ancestors(of: index).contains(where: { isNamedFromAuthor($0, page) }) { continue }
      if let alternative = ownAlternative(index, page) {
        report.element(index, "image hidden from assistive technologies has the text alternative \"\(alternative)\"")
      } else if tag == "img", let source = page.attribute(index, "src"), isLogo(source) {
        report.element(index, "a logo is hidden from assistive technologies")
      }
    }
  }

  /// The image's own text alternative: an `img`'s alt, an `svg`'s `<title>`; nil when blank.
  static func ownAlternative(_ index: Int, _ page: AuditPage) -> String? {
    let text: String?
    switch page.name(index) {
    case "img": text = page.attribute(index, "alt")
    case "svg": text = page.firstChild(index, named: "title").map { page.textContent(of: $0) }
    default: text = nil
    }
    guard let text, !AuditPage.isWhiteSpace(text) else { return nil }
    return text.trimmed
  }

  /// Whether the element's name comes from its author: a non-blank `aria-label` or an
  /// `aria-labelledby`.
  static func isNamedFromAuthor(_ index: Int, _ page: AuditPage) -> Bool {
    if let label = page.attribute(index, "aria-label"), !AuditPage.isWhiteSpace(label) { return true }
    return page.attribute(index, "aria-labelledby").map { !$0.tokens.isEmpty } ?? false
  }

  /// Whether an image's file name says it is a logo.
  static func isLogo(_ source: String) -> Bool {
    let path = source.split(separator: "?").first ?? ""
    let file = path.split(separator: "/").last ?? ""
    return file.lowercased().contains("logo")
  }
}
