internal import TextModel

/// What HTML elements and ARIA attributes mean to a screen reader.
enum HTMLSemantics {
  /// Elements whose content is never read.
  static let droppedElements: Set<String> = [
    "script", "style", "template", "noscript", "iframe", "object", "embed", "canvas", "audio", "video",
    "meta", "link", "base", "datalist", "param", "source", "track", "select", "textarea",
  ]

  static let blockElements: Set<String> = [
    "p", "div", "address", "article", "section", "header", "footer", "nav", "main", "aside", "dl", "dt", "dd",
    "figure", "figcaption", "form", "fieldset", "legend", "details", "summary", "dialog", "center", "hgroup",
    "caption", "search", "option",
  ]

  static func meaning(of name: String, _ attributes: ElementAttributes, insideSectioning: Bool) -> ElementMeaning {
    var meaning = ElementMeaning()
    if droppedElements.contains(name) || isHidden(name, attributes) {
      meaning.skip = true
      return meaning
    }
    let role = attributes["role"]?.lowercased().split(separator: " ").first.map(String.init)
    let label = attributes["aria-label"].flatMap { $0.trimmingSpaces().isEmpty ? nil : $0.trimmingSpaces() }

    switch name {
    case "title": meaning.isTitle = true
    case "head": break
    case "h1", "h2", "h3", "h4", "h5", "h6":
      meaning.block = .heading(level: Int(String(name.dropFirst()))!)
    case "ul", "menu": meaning.block = .list(ordered: false)
    case "ol": meaning.block = .list(ordered: true)
    case "li": meaning.block = .listItem
    case "table": meaning.block = .table
    case "tr": meaning.block = .tableRow
    case "td": meaning.block = .tableCell(header: false)
    case "th": meaning.block = .tableCell(header: true)
    case "blockquote": meaning.block = .blockQuote
    case "pre", "listing", "xmp", "plaintext": meaning.block = .preformatted
    case "nav": meaning.block = .landmark(.navigation)
    case "main": meaning.block = .landmark(.main)
    case "aside": meaning.block = .landmark(.complementary)
    case "header": meaning.block = insideSectioning ? .group : .landmark(.banner)
    case "footer": meaning.block = insideSectioning ? .group : .landmark(.contentinfo)
    case "section":
      meaning.block = label != nil || attributes["aria-labelledby"] != nil ? .landmark(.region) : .paragraph
    case "form": meaning.block = label != nil ? .landmark(.form) : .group
    case "search": meaning.block = .landmark(.search)
    case "figure": meaning.block = .paragraph
    case "br": meaning.lineBreak = true
    case "hr": meaning.separator = true
    case "a":
      if let href = attributes["href"], !href.isEmpty { meaning.runs.append(.link(target: href, name: label)) }
    case "strong", "b": meaning.runs.append(.emphasis(.strong))
    case "em", "i", "cite", "dfn": meaning.runs.append(.emphasis(.emphasis))
    case "u", "ins": meaning.runs.append(.emphasis(.underline))
    case "mark": meaning.runs.append(.emphasis(.mark))
    case "s", "del", "strike": meaning.runs.append(.emphasis(.strikethrough))
    case "code", "samp", "tt", "var":
      meaning.runs.append(.code)
    case "kbd":
      meaning.runs.append(.code)
      meaning.runs.append(.speech(.speakPunctuation))
    case "abbr", "acronym":
      if let title = attributes["title"], !title.trimmingSpaces().isEmpty {
        meaning.runs.append(.abbreviation(expansion: title.trimmingSpaces()))
      }
    case "time":
      if let datetime = attributes["datetime"], !datetime.isEmpty { meaning.runs.append(.time(datetime: datetime)) }
    case "img", "area", "input":
      if name == "input" {
        // Image buttons read their alt; other controls are outside a reading view.
        guard attributes["type"]?.lowercased() == "image" else { return meaning }
      }
      let alt = (label ?? attributes["alt"])?.trimmingSpaces() ?? ""
      if alt.isEmpty {
        meaning.skip = true
        return meaning
      }
      meaning.runs.append(.image(source: attributes["src"]))
      meaning.replacement = alt
    default:
      if blockElements.contains(name) { meaning.block = .paragraph }
    }

    // ARIA roles override the element's own meaning.
    if let role {
      switch role {
      case "heading":
        let level = attributes["aria-level"].flatMap { Int($0.trimmingSpaces()) } ?? 2
        meaning.block = .heading(level: min(max(level, 1), 6))
      case "banner": meaning.block = .landmark(.banner)
      case "navigation": meaning.block = .landmark(.navigation)
      case "main": meaning.block = .landmark(.main)
      case "complementary": meaning.block = .landmark(.complementary)
      case "contentinfo": meaning.block = .landmark(.contentinfo)
      case "region": meaning.block = .landmark(.region)
      case "search": meaning.block = .landmark(.search)
      case "form": meaning.block = .landmark(.form)
      case "list": meaning.block = .list(ordered: false)
      case "listitem": meaning.block = .listItem
      case "table", "grid": meaning.block = .table
      case "row": meaning.block = .tableRow
      case "cell", "gridcell": meaning.block = .tableCell(header: false)
      case "columnheader", "rowheader": meaning.block = .tableCell(header: true)
      case "img", "image":
        if let label {
          meaning.runs.append(.image(source: nil))
          meaning.replacement = label
        }
      case "presentation", "none":
        if name == "img" { meaning.skip = true }
      default: break
      }
    }
    if let label, case .landmark = meaning.block { meaning.label = label }
    if let label, case .table = meaning.block { meaning.label = label }

    if let alert = alertMarking(name, role: role, attributes) {
      meaning.runs.append(.alert(severity: alert.0, kind: alert.1))
      if meaning.block == nil && (name == "div" || name == "section" || name == "p") { meaning.block = .paragraph }
    }
    return meaning
  }

  /// The alert an element carries, if any: `role="alert"`/`alertdialog`, `aria-live="assertive"`, or
  /// class tokens such as warning, danger, caution, notice.
  static func alertMarking(_ name: String, role: String?, _ attributes: ElementAttributes) -> (AlertSeverity, String)? {
    let classSeverity = attributes["class"].flatMap(AlertVocabulary.severity(forClassList:))
    if role == "alert" { return (classSeverity ?? .warning, "role=alert") }
    if role == "alertdialog" { return (max(classSeverity ?? .critical, .warning), "role=alertdialog") }
    if attributes["aria-live"]?.lowercased() == "assertive" {
      return (classSeverity ?? .warning, "aria-live=assertive")
    }
    if let classSeverity, name != "html", name != "body", name != "main" {
      let token = attributes["class"]!.split(separator: " ").first {
        AlertVocabulary.severity(forToken: String($0)) != nil
      }
      return (classSeverity, "class=\(token.map(String.init) ?? "alert")")
    }
    return nil
  }

  /// Whether the element is hidden from everyone: `hidden`, `aria-hidden="true"`, inline `display:none`
  /// or `visibility:hidden`, `<input type=hidden>`.
  static func isHidden(_ name: String, _ attributes: ElementAttributes) -> Bool {
    if attributes.has("hidden") { return true }
    if attributes["aria-hidden"]?.lowercased().trimmingSpaces() == "true" { return true }
    if name == "input", attributes["type"]?.lowercased() == "hidden" { return true }
    if let style = attributes["style"] {
      let compact = String(style.lowercased().filter { !$0.isWhitespace })
      if compact.contains("display:none") || compact.contains("visibility:hidden") { return true }
    }
    return false
  }
}

extension String {
  /// The string without leading and trailing ASCII whitespace.
  func trimmingSpaces() -> String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
    let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
    return String(scalars[first...last])
  }
}
