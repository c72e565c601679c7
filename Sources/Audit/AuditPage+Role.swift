extension AuditPage {
  /// The first valid token of the element's `role` attribute, lowercased, or nil.
  public func explicitRole(_ index: Int) -> String? { explicitRoles[index] }

  func computeExplicitRole(_ index: Int) -> String? {
    guard let role = facts.elements[index]["role"] else { return nil }
    for token in role.lowercased().tokens where ARIA.roles.contains(String(token)) { return String(token) }
    return nil
  }

  /// Whether the element is marked decorative: `role="none"`/`"presentation"`, or an `<img>` with `alt=""`.
  public func isMarkedDecorative(_ index: Int) -> Bool {
    if let role = explicitRole(index) { return role == "none" || role == "presentation" }
    return name(index) == "img" && facts.elements[index]["alt"] == ""
  }

  /// The element's role: its explicit role (a presentational one only where no conflict overrides
  /// it), else the role HTML gives it (HTML-AAM), or nil for a generic element.
  public func role(_ index: Int) -> String? { roles[index] }

  func computeRole(_ index: Int) -> String? {
    if let role = explicitRole(index) {
      if role == "none" || role == "presentation" {
        if isFocusable(index) || hasGlobalARIA(index) { return implicitRole(index) }
        return "presentation"
      }
      return role
    }
    return implicitRole(index)
  }

  /// The role HTML gives the element (HTML-AAM), nil for a generic one.
  public func implicitRole(_ index: Int) -> String? {
    let element = facts.elements[index]
    switch name(index) {
    case "a", "area": return element.has("href") ? "link" : nil
    case "button": return "button"
    case "img":
      if element["alt"] == "" { return (isFocusable(index) || hasGlobalARIA(index)) ? "img" : "presentation" }
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
      case "search": return element.has("list") ? "combobox" : "searchbox"
      // No ARIA role maps them, but they take typed text as a text box does.
      case "date", "datetime-local", "month", "time", "week": return "textbox"
      case "color", "file": return nil
      default: return element.has("list") ? "combobox" : "textbox"
      }
    case "select":
      let size = Int(keyword(index, "size") ?? "") ?? 0
      return element.has("multiple") || size > 1 ? "listbox" : "combobox"
    case "textarea": return "textbox"
    case "table": return "table"
    case "td": return "cell"
    case "th": return element["scope"]?.trimmed.lowercased() == "row" ? "rowheader" : "columnheader"
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
  public func headingLevel(_ index: Int) -> Int {
    if let level = keyword(index, "aria-level").flatMap({ Int($0) }), level > 0 { return level }
    let tag = name(index)
    if tag.count == 2, tag.hasPrefix("h"), let level = Int(tag.dropFirst()) { return level }
    return 2
  }

  /// The text of element `index` a reader sees: its text and its descendants' that are not
  /// hidden, without image alternatives.
  func visibleText(of index: Int) -> String {
    var result = ""
    func walk(_ index: Int) {
      if excluded[index] { return }
      for child in facts.elements[index].children {
        switch child {
        case .text(let text): result += text
        case .element(let inner): walk(inner)
        }
      }
    }
    walk(index)
    return result
  }
}
