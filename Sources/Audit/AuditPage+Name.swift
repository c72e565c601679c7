extension AuditPage {
  /// The element's accessible name, whitespace collapsed (W3C Accessible Name and Description
  /// Computation 1.2, the steps an audit of static markup can take: aria-labelledby, aria-label,
  /// the host language's labels and alternatives, content for roles named from content, title).
  ///
  /// Worked out the first time a rule asks for the element's name and kept: several rules ask about
  /// the same links, headings and images. What an element's content gives the name of an element
  /// around it is kept too (``NameState``), so the names of a whole page cost O(n log n) for its n
  /// elements however they nest (links in links, buttons in labels), not O(n) each.
  package func accessibleName(_ index: Int) -> String {
    if let known = caches.accessibleNames[index] { return known }
    caches.names.beginComputation()
    let name = collapse(name(of: index, referenced: false, recursing: false))
    caches.accessibleNames[index] = name
    return name
  }

  /// Marks element `index` visited by the current computation; false if it already was.
  private func visit(_ index: Int) -> Bool { caches.names.visit(index) }

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

  /// `text` with each run of white space inside it (not its first or last byte) made one tab: the
  /// same name once collapsed (``collapse(_:)``) wherever it is put, at a length that does not grow
  /// with the number of elements around it (each block element around a name adds a space each
  /// side). The first and last bytes stay: whether they separate depends on what comes beside them.
  func compacted(_ text: String) -> String {
    var text = text
    return text.withUTF8 { bytes in
      guard bytes.count > 3 else { return String(decoding: bytes, as: UTF8.self) }
      var result: [UInt8] = []
      result.reserveCapacity(bytes.count)
      result.append(bytes[0])
      var inRun = false
      for position in 1..<bytes.count - 1 {
        if Self.separates(at: position, in: bytes) {
          if !inRun { result.append(0x09) }
          inRun = true
        } else {
          result.append(bytes[position])
          inRun = false
        }
      }
      result.append(bytes[bytes.count - 1])
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

  /// What the name computation does for one element: a name already known from its attributes, or
  /// the name from content of an element (itself, or a `<legend>`, `<caption>`…), with what to
  /// say when that content is blank (nil: the blank content itself).
  private enum Step {
    case name(String)
    case content(of: Int, orElse: String?)
  }

  private func name(of index: Int, referenced: Bool, recursing: Bool) -> String {
    switch step(index, referenced: referenced, recursing: recursing) {
    case .name(let name): return name
    case .content(let element, let fallback): return content(of: element, orElse: fallback)
    }
  }

  /// The steps of the computation for element `index` up to its name from content, which is left
  /// to ``content(of:orElse:)`` (a loop with its own stack: a name is worked out through any depth).
  private func step(_ index: Int, referenced: Bool, recursing: Bool) -> Step {
    guard visit(index) else { return .name("") }
    if excluded[index] && !referenced { return .name("") }
    // aria-labelledby, not followed from within an aria-labelledby traversal (accname 2B).
    if !referenced, !caches.names.inLabelledByTraversal, let ids = attribute(index, "aria-labelledby") {
      // A name that reads elements outside the subtree: what contains it is not kept (NameState).
      caches.names.leavesSubtree()
      caches.names.inLabelledByTraversal = true
      let parts = ids.tokens.compactMap { byID[String($0)] }.map {
        name(of: $0, referenced: true, recursing: true)
      }
      caches.names.inLabelledByTraversal = false
      let joined = parts.joined(separator: " ")
      if !joined.isBlank { return .name(joined) }
    }
    if let label = nonBlank(attribute(index, "aria-label")) { return .name(label) }
    let tag = self.name(index)
    let role = self.role(index)
    if role == "presentation", recursing { return .content(of: index, orElse: nil) }
    switch tag {
    case "img", "area":
      if let alt = nonBlank(attribute(index, "alt")) { return .name(alt) }
    case "input":
      let type = keyword(index, "type") ?? "text"
      switch type {
      case "image":
        if let alt = nonBlank(attribute(index, "alt")) { return .name(alt) }
      case "button", "submit", "reset":
        if let value = nonBlank(attribute(index, "value")) { return .name(value) }
        if type == "submit" && !has(index, "value") { return .name("Submit") }
        if type == "reset" && !has(index, "value") { return .name("Reset") }
      default:
        if recursing { return .name(attribute(index, "value") ?? "") }
        if let label = labelText(index) { return .name(label) }
      }
    case "select", "textarea":
      if recursing { return .name("") }
      if let label = labelText(index) { return .name(label) }
    case "button", "meter", "output", "progress":
      if !recursing, let label = labelText(index) { return .name(label) }
    case "fieldset":
      if let legend = firstChild(index, named: "legend") { return .content(of: legend, orElse: nil) }
    case "figure":
      if let caption = firstChild(index, named: "figcaption") { return .content(of: caption, orElse: nil) }
    case "table":
      if let caption = firstChild(index, named: "caption") { return .content(of: caption, orElse: nil) }
    case "svg", "circle", "ellipse", "line", "path", "polygon", "polyline", "rect", "g", "image", "use":
      if let title = firstChild(index, named: "title") { return .name(textContent(of: title)) }
      if let title = nonBlank(attribute(index, "xlink:title")) { return .name(title) }
    default: break
    }
    // What is said when there is no name from content (or it is blank).
    var fallback = ""
    if let title = nonBlank(attribute(index, "title")) {
      fallback = title
    } else if tag == "input" || tag == "textarea", let placeholder = nonBlank(attribute(index, "placeholder")) {
      fallback = placeholder
    }
    if recursing || referenced || role.map(ARIA.nameFromContent.contains) == true {
      return .content(of: index, orElse: fallback)
    }
    return .name(fallback)
  }

  /// The name from content of `root`: text and each child's name, in order (a child's own name
  /// from content in turn, through any depth: one loop, its stack on the heap); `fallback` when
  /// that is blank, if given.
  private func content(of root: Int, orElse fallback: String?) -> String {
    /// An element whose name from content is being collected.
    struct Frame {
      var element: Int
      var position: Int
      var end: Int
      var text = ""
      var fallback: String?
      /// Whether its name is set off with spaces in its parent's (a block element).
      var spaced = false
      /// The child of the element above whose contribution this is (nil for the root), and the
      /// state's ``NameState/departures`` when it began: unchanged at the end, it is kept.
      var owner: Int? = nil
      var departures = 0
    }
    func frame(_ element: Int, fallback: String?, spaced: Bool, owner: Int? = nil) -> Frame {
      let tag = name(element)
      // Script, style and template give no content.
      let positions =
        tag == "script" || tag == "style" || tag == "template"
        ? table.childStarts[element]..<table.childStarts[element] : table.childPositions(element)
      return Frame(
        element: element, position: positions.lowerBound, end: positions.upperBound, fallback: fallback, spaced: spaced,
        owner: owner, departures: caches.names.departures)
    }
    var stack = [frame(root, fallback: fallback, spaced: false)]
    while true {
      let top = stack.count - 1
      if stack[top].position == stack[top].end {
        let done = stack.removeLast()
        var value = done.fallback != nil && done.text.isBlank ? done.fallback! : done.text
        if stack.isEmpty { return value }
        value = compacted(value)
        // Kept when it depended on the subtree alone, and not inside an aria-labelledby traversal
        // (where the subtree's own aria-labelledby are not followed, as they are elsewhere).
        if let owner = done.owner, !caches.names.inLabelledByTraversal, done.departures == caches.names.departures {
          caches.names.contributions[owner] = value
        }
        stack[stack.count - 1].text += done.spaced ? " " + value + " " : value
        continue
      }
      let child = table.children[stack[top].position]
      stack[top].position += 1
      switch child {
      case .text(let text): stack[top].text += text
      case .element(let inner):
        let innerTag = name(inner)
        if innerTag == "title" || innerTag == "desc" { continue }
        let spaced = Self.blockElements.contains(innerTag)
        if let known = caches.names.contributions[inner],
          caches.names.reuse(inner, subtreeEnd: shared.subtreeEnds[inner])
        {
          stack[top].text += spaced ? " " + known + " " : known
          continue
        }
        switch step(inner, referenced: false, recursing: true) {
        case .name(let part): stack[top].text += spaced ? " " + part + " " : part
        case .content(let element, let fallback):
          stack.append(frame(element, fallback: fallback, spaced: spaced, owner: inner))
        }
      }
    }
  }

  private static let blockElements: Set<String> = [
    "p", "div", "br", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "td", "th", "tr", "table", "section",
    "article", "header", "footer", "nav", "blockquote", "img",
  ]

  /// The text of the labels of a form control: `<label for=id>` and an enclosing `<label>`.
  private func labelText(_ index: Int) -> String? {
    var labels: [Int] = []
    if let id = attribute(index, "id"), let found = labelsFor[id] { labels += found }
    let byFor = Set(labels)
    // The enclosing labels, innermost first, one step each (not a climb through every ancestor).
    var ancestor = shared.enclosingLabels[index]
    while ancestor >= 0 {
      if !byFor.contains(ancestor) { labels.append(ancestor) }
      ancestor = shared.enclosingLabels[ancestor]
    }
    var parts: [String] = []
    if !labels.isEmpty { caches.names.leavesSubtree() }
    for label in labels where !excluded[label] || ariaHidden[label] == false {
      _ = visit(index)
      let text = content(of: label, orElse: nil)
      if !text.isBlank { parts.append(text) }
    }
    return parts.isEmpty ? nil : parts.joined(separator: " ")
  }

  /// The first child element named `tag`.
  package func firstChild(_ index: Int, named tag: String) -> Int? { table.firstChild(index, named: tag) }
}
