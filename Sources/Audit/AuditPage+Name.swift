extension AuditPage {
  /// The element's accessible name, whitespace collapsed (W3C Accessible Name and Description
  /// Computation 1.2, the steps an audit of static markup can take: aria-labelledby, aria-label,
  /// the host language's labels and alternatives, content for roles named from content, title).
  ///
  /// Worked out the first time a rule asks for the element's name and kept: several rules ask about
  /// the same links, headings and images.
  public func accessibleName(_ index: Int) -> String {
    if let known = accessibleNames[index] { return known }
    // A new generation: no element is visited yet.
    visitGeneration &+= 1
    if visitGeneration == 0 {
      for position in visitMarks.indices { visitMarks[position] = 0 }
      visitGeneration = 1
    }
    let name = collapse(name(of: index, referenced: false, recursing: false))
    accessibleNames[index] = name
    return name
  }

  /// Marks element `index` visited by the current computation; false if it already was.
  private func visit(_ index: Int) -> Bool {
    if visitMarks[index] == visitGeneration { return false }
    visitMarks[index] = visitGeneration
    return true
  }

  /// Collapses runs of white space to one space and trims.
  func collapse(_ text: String) -> String { text.tokens.joined(separator: " ") }

  private func nonBlank(_ value: String?) -> String? {
    guard let value, !value.trimmed.isEmpty else { return nil }
    return value
  }

  private func name(of index: Int, referenced: Bool, recursing: Bool) -> String {
    guard visit(index) else { return "" }
    if excluded[index] && !referenced { return "" }
    // aria-labelledby, not followed from within another aria-labelledby.
    if !referenced, let ids = attribute(index, "aria-labelledby") {
      let parts = ids.tokens.compactMap { byID[String($0)] }.map {
        name(of: $0, referenced: true, recursing: true)
      }
      let joined = parts.joined(separator: " ")
      if !joined.trimmed.isEmpty { return joined }
    }
    if let label = nonBlank(attribute(index, "aria-label")) { return label }
    let tag = self.name(index)
    let role = self.role(index)
    if role == "presentation", recursing { return content(of: index) }
    switch tag {
    case "img", "area":
      if let alt = nonBlank(attribute(index, "alt")) { return alt }
    case "input":
      let type = keyword(index, "type") ?? "text"
      switch type {
      case "image":
        if let alt = nonBlank(attribute(index, "alt")) { return alt }
      case "button", "submit", "reset":
        if let value = nonBlank(attribute(index, "value")) { return value }
        if type == "submit" && !has(index, "value") { return "Submit" }
        if type == "reset" && !has(index, "value") { return "Reset" }
      default:
        if recursing { return attribute(index, "value") ?? "" }
        if let label = labelText(index) { return label }
      }
    case "select", "textarea":
      if recursing { return "" }
      if let label = labelText(index) { return label }
    case "button", "meter", "output", "progress":
      if !recursing, let label = labelText(index) { return label }
    case "fieldset":
      if let legend = firstChild(index, named: "legend") { return content(of: legend) }
    case "figure":
      if let caption = firstChild(index, named: "figcaption") { return content(of: caption) }
    case "table":
      if let caption = firstChild(index, named: "caption") { return content(of: caption) }
    case "svg", "circle", "ellipse", "line", "path", "polygon", "polyline", "rect", "g", "image", "use":
      if let title = firstChild(index, named: "title") { return textContent(of: title) }
      if let title = nonBlank(attribute(index, "xlink:title")) { return title }
    default: break
    }
    if recursing || referenced || role.map(ARIA.nameFromContent.contains) == true {
      let content = content(of: index)
      if !content.trimmed.isEmpty { return content }
    }
    if let title = nonBlank(attribute(index, "title")) { return title }
    if tag == "input" || tag == "textarea", let placeholder = nonBlank(attribute(index, "placeholder")) { return placeholder }
    return ""
  }

  /// The name from content: text and each child's name, in order.
  private func content(of index: Int) -> String {
    var result = ""
    let tag = name(index)
    if tag == "script" || tag == "style" || tag == "template" { return "" }
    for child in children(of: index) {
      switch child {
      case .text(let text): result += text
      case .element(let inner):
        let innerTag = name(inner)
        if innerTag == "title" || innerTag == "desc" { continue }
        let part = name(of: inner, referenced: false, recursing: true)
        result += Self.blockElements.contains(innerTag) ? " " + part + " " : part
      }
    }
    return result
  }

  private static let blockElements: Set<String> = [
    "p", "div", "br", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "td", "th", "tr", "table", "section",
    "article", "header", "footer", "nav", "blockquote", "img",
  ]

  /// The text of the labels of a form control: `<label for=id>` and an enclosing `<label>`.
  private func labelText(_ index: Int) -> String? {
    var labels: [Int] = []
    if let id = attribute(index, "id"), let found = labelsFor[id] { labels += found }
    for ancestor in ancestors(of: index) where name(ancestor) == "label" && !labels.contains(ancestor) {
      labels.append(ancestor)
    }
    var parts: [String] = []
    for label in labels where !excluded[label] || ariaHidden[label] == false {
      _ = visit(index)
      let text = content(of: label)
      if !text.trimmed.isEmpty { parts.append(text) }
    }
    return parts.isEmpty ? nil : parts.joined(separator: " ")
  }

  /// The first child element named `tag`.
  public func firstChild(_ index: Int, named tag: String) -> Int? { table.firstChild(index, named: tag) }
}
