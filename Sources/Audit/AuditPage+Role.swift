extension AuditPage {
  /// The first valid token of the element's `role` attribute, lowercased, or nil.
  package func explicitRole(_ index: Int) -> String? { explicitRoles[index] }

  /// Whether the element is marked decorative: `role="none"`/`"presentation"`, or an `<img>` with `alt=""`.
  package func isMarkedDecorative(_ index: Int) -> Bool {
    if let role = explicitRole(index) { return role == "none" || role == "presentation" }
    return name(index) == "img" && attribute(index, "alt") == ""
  }

  /// The element's role: its explicit role (a presentational one only where no conflict overrides
  /// it), else the role HTML gives it (HTML-AAM), or nil for a generic element.
  package func role(_ index: Int) -> String? { roles[index] }

  /// The role HTML gives the element (HTML-AAM), nil for a generic one.
  package func implicitRole(_ index: Int) -> String? { table.implicitRole(index) }
}

extension ElementTable {
  /// The first valid token of the element's `role` attribute, lowercased, or nil.
  func explicitRole(_ index: Int) -> String? {
    guard let role = attribute(index, "role") else { return nil }
    for token in role.lowercased().tokens where ARIA.roles.contains(String(token)) { return String(token) }
    return nil
  }

  /// The element's role given its explicit role (``AuditPage/role(_:)``).
  func role(_ index: Int, explicit: String?) -> String? {
    if let role = explicit {
      if role == "none" || role == "presentation" {
        if isFocusable(index) || hasGlobalARIA(index) { return implicitRole(index) }
        return "presentation"
      }
      return role
    }
    return implicitRole(index)
  }

  /// Whether the element is focusable as ACT defines it: a `tabindex` value that is not null (HTML's
  /// rules for parsing integers), or a place in sequential focus navigation.
  func isFocusable(_ index: Int) -> Bool {
    if let tabindex = attribute(index, "tabindex"), Self.integerValue(tabindex) != nil { return true }
    switch names[index] {
    case "a", "area": return has(index, "href")
    case "button", "select", "textarea": return !has(index, "disabled")
    case "iframe": return true
    case "audio", "video": return has(index, "controls")
    case "input": return keyword(index, "type") != "hidden" && !has(index, "disabled")
    case "summary":
      if let parent = parent(index) { return names[parent] == "details" && isFirstSummary(index, of: parent) }
      return false
    default: return attribute(index, "contenteditable").map { $0.trimmed.lowercased() != "false" } ?? false
    }
  }

  /// HTML's rules for parsing integers: optional ASCII white space, a sign, then digits (what
  /// follows them is ignored); nil when no digit comes.
  static func integerValue(_ text: String) -> Int? {
    var bytes = text.utf8.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0C || $0 == 0x0D }
    var sign = 1
    if let first = bytes.first, first == 0x2D || first == 0x2B {
      if first == 0x2D { sign = -1 }
      bytes = bytes.dropFirst()
    }
    let digits = bytes.prefix { $0 >= 0x30 && $0 <= 0x39 }
    guard !digits.isEmpty else { return nil }
    var value = 0
    for digit in digits.prefix(18) { value = value * 10 + Int(digit - 0x30) }
    return sign * value
  }

  /// Whether the element carries a global ARIA state or property.
  func hasGlobalARIA(_ index: Int) -> Bool { globalARIAAttribute(index) != nil }

  /// The first global ARIA state or property the element carries, as written, or nil.
  func globalARIAAttribute(_ index: Int) -> String? {
    for position in attributePositions(index) {
      let name = attributeNames[position]
      if ARIA.hasPrefixIgnoringCase(name) && ARIA.globalAttributes.contains(ARIA.lowercasedName(name)) { return name }
    }
    return nil
  }

  /// The role HTML gives the element (HTML-AAM), nil for a generic one.
  func implicitRole(_ index: Int) -> String? {
    switch names[index] {
    case "a", "area": return has(index, "href") ? "link" : nil
    case "button": return "button"
    case "img":
      if attribute(index, "alt") == "" { return (isFocusable(index) || hasGlobalARIA(index)) ? "img" : "presentation" }
      return "img"
    case "h1", "h2", "h3", "h4", "h5", "h6": return "heading"
    case "input":
      let type = keyword(index, "type") ?? "text"
      switch type {
      case "button", "submit", "reset": return "button"
      case "image": return "button"
      case "checkbox": return "checkbox"
      case "radio": return "radio"
      case "range": return "slider"
      case "number": return "spinbutton"
      case "hidden": return nil
      case "search": return has(index, "list") ? "combobox" : "searchbox"
      // No ARIA role maps them, but they take typed text as a text box does.
      case "date", "datetime-local", "month", "time", "week": return "textbox"
      case "color", "file": return nil
      default: return has(index, "list") ? "combobox" : "textbox"
      }
    case "select":
      let size = Int(keyword(index, "size") ?? "") ?? 0
      return has(index, "multiple") || size > 1 ? "listbox" : "combobox"
    case "textarea": return "textbox"
    case "table": return "table"
    case "td": return "cell"
    case "th": return attribute(index, "scope")?.trimmed.lowercased() == "row" ? "rowheader" : "columnheader"
    case "tr": return "row"
    case "nav": return "navigation"
    case "main": return "main"
    case "ul", "ol", "menu": return "list"
    case "li": return "listitem"
    case "summary": return "summary"
    case "dialog": return "dialog"
    case "svg": return "graphics-document"
    case "math": return "math"
    case "option": return "option"
    case "p": return "paragraph"
    case "figure": return "figure"
    default: return nil
    }
  }
}

extension AuditPage {
  /// A heading's level: `aria-level`, else the `<hN>` number, else 2 (ARIA's default).
  package func headingLevel(_ index: Int) -> Int {
    if let level = keyword(index, "aria-level").flatMap({ Int($0) }), level > 0 { return level }
    let tag = name(index)
    if tag.count == 2, tag.hasPrefix("h"), let level = Int(tag.dropFirst()) { return level }
    return 2
  }

  /// The text of element `index` a reader sees: its text and its descendants' that are not
  /// hidden, without image alternatives.
  /// - Complexity: O(n) for the n children of the element and its descendants, through any depth
  ///   (a loop with its own stack).
  func visibleText(of index: Int) -> String {
    if excluded[index] { return "" }
    return table.facts.textContent(of: index, skipping: { excluded[$0] })
  }
}
