/// An image's alt does not repeat the text around it (axe-core's image-redundant-alt): the listener
/// hears the same words twice. As axe defines it, "around it" is the nearest enclosing link, button,
/// paragraph, list item or table cell, and its text is the visible text only (other images' alt
/// text is not part of it): the alt is redundant when it is that whole text.
package enum RedundantAlt: AuditRule {
  package static let descriptor = AuditRuleDescriptor(
    name: "image-redundant-alt", wcag: ["1.1.1"], severity: .warning,
    summary: "An image's alt does not repeat the text next to it.",
    fix: "Use alt=\"\" when the text beside the image already says what it shows.")

  static func normalized(_ text: String) -> String {
    // ASCII text (most of it): its letters lowercased and its digits, byte by byte.
    if text.utf8.allSatisfy({ $0 < 0x80 }) {
      var bytes: [UInt8] = []
      bytes.reserveCapacity(text.utf8.count)
      for byte in text.utf8 {
        if byte >= 0x41 && byte <= 0x5A {
          bytes.append(byte | 0x20)
        } else if (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) {
          bytes.append(byte)
        }
      }
      return String(decoding: bytes, as: UTF8.self)
    }
    return String(
      text.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil })
  }

  /// Whether element `index` is one whose text an image's alt is compared with (axe's
  /// `button, [role=button], a[href], p, li, td, th`).
  static func isHolder(_ page: AuditPage, _ index: Int) -> Bool {
    switch page.name(index) {
    case "button", "p", "li", "td", "th": return true
    case "a": return page.has(index, "href")
    default: return page.explicitRole(index) == "button"
    }
  }

  package static func check(_ page: AuditPage, _ report: inout AuditReport) {
    for index in page.elementIndices where page.name(index) == "img" && !page.excluded[index] {
      guard let alt = page.attribute(index, "alt"), !normalized(alt).isEmpty else { continue }
      guard let holder = page.ancestors(of: index).first(where: { isHolder(page, $0) }) else { continue }
      let text = normalized(page.visibleText(of: holder))
      if !text.isEmpty && text == normalized(alt) {
        report.element(index, "alt \"\(alt.trimmed)\" repeats the text beside the image")
      }
    }
  }
}
