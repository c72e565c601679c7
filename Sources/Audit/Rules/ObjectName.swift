/// ACT 8fc3b6: an `<object>` showing an image, audio or video has a name.
package enum ObjectName: AuditRule {
  package static let descriptor = AuditRuleDescriptor(
    name: "object-alt", act: ["8fc3b6"], wcag: ["1.1.1"], severity: .error,
    summary: "An object showing an image, audio or video has a name.",
    fix: "Add an aria-label or title to the <object> saying what it shows.")

  static let mediaExtensions: Set<String> = [
    "png", "jpg", "jpeg", "gif", "svg", "webp", "bmp", "mp3", "wav", "ogg", "oga", "mp4", "webm", "ogv", "mov", "m4a",
  ]

  static func isMedia(_ page: AuditPage, _ index: Int) -> Bool {
    if let type = page.keyword(index, "type") {
      return type.hasPrefix("image/") || type.hasPrefix("audio/") || type.hasPrefix("video/")
    }
    guard let data = page.attribute(index, "data") else { return false }
    let path = data.split(separator: "?").first.map(String.init) ?? data
    guard let ext = path.split(separator: ".").last, path.contains(".") else { return false }
    return mediaExtensions.contains(ext.lowercased())
  }

  package static func check(_ page: AuditPage, _ report: inout AuditReport) {
    for index in page.elementIndices where page.name(index) == "object" && !page.excluded[index] {
      if let role = page.explicitRole(index), role == "none" || role == "presentation" { continue }
      guard isMedia(page, index) else { continue }
      let name = [
        page.attribute(index, "aria-labelledby").map { ids in
          ids.tokens.compactMap { page.byID[String($0)] }.map { page.textContent(of: $0) }.joined(separator: " ")
        },
        page.attribute(index, "aria-label"), page.attribute(index, "title"),
      ].compactMap { $0 }.first { !$0.isBlank }
      if name == nil { report.element(index, "object has no accessible name") }
    }
  }
}
