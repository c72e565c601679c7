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
  ///
  /// The same as `text.tokens.joined(separator: " ")` (a separator is a Character that is one white
  /// space), worked out on the bytes: a space that a neighbour joins into one Character (a combining
  /// mark after it, a prepended concatenation mark before it) and the two halves of CR LF stay text.
  func collapse(_ text: String) -> String {
    var text = text
    return text.withUTF8 { bytes in
      var result: [UInt8] = []
      result.reserveCapacity(bytes.count)
      var pendingSpace = false
      for position in bytes.indices {
        let byte = bytes[position]
        if Self.separates(at: position, in: bytes) {
          pendingSpace = !result.isEmpty
          continue
        }
        if pendingSpace {
          result.append(0x20)
          pendingSpace = false
        }
        result.append(byte)
      }
      return String(decoding: result, as: UTF8.self)
    }
  }

  /// Whether the byte at `position` of valid UTF-8 `bytes` is a Character of its own that is white
  /// space (" ", tab, line feed, carriage return, form feed). Only neighbouring scalars decide
  /// (Unicode's grapheme rules GB3–GB5, GB9, GB9a, GB9b), so the stdlib is asked about the pair.
  static func separates(at position: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    switch bytes[position] {
    case 0x09, 0x0C: return true
    case 0x0A: return position == 0 || bytes[position - 1] != 0x0D
    case 0x0D: return position + 1 == bytes.count || bytes[position + 1] != 0x0A
    case 0x20:
      if position + 1 < bytes.count, bytes[position + 1] >= 0x80 {
        var end = position + 2
        while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
        let pair = " " + String(decoding: UnsafeBufferPointer(rebasing: bytes[position + 1..<end]), as: UTF8.self)
        if pair.count != 2 { return false }
      }
      if position > 0, bytes[position - 1] >= 0x80 {
        var start = position - 1
        while start > 0 && bytes[start] & 0xC0 == 0x80 { start -= 1 }
        let pair = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self) + " "
        if pair.count != 2 { return false }
      }
      return true
    default: return false
    }
  }

  private func nonBlank(_ value: String?) -> String? {
    guard let value, !value.isBlank else { return nil }
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
      if !joined.isBlank { return joined }
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
      if !content.isBlank { return content }
    }
    if let title = nonBlank(attribute(index, "title")) { return title }
    if tag == "input" || tag == "textarea", let placeholder = nonBlank(attribute(index, "placeholder")) {
      return placeholder
    }
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
      if !text.isBlank { parts.append(text) }
    }
    return parts.isEmpty ? nil : parts.joined(separator: " ")
  }

  /// The first child element named `tag`.
  public func firstChild(_ index: Int, named tag: String) -> Int? { table.firstChild(index, named: tag) }
}
