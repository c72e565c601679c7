internal import TextModel

/// What HTML elements and ARIA attributes mean to a screen reader.
enum HTMLSemantics {
  /// Roles that replace what an element means by itself (HTML-AAM: an explicit role wins): an
  /// `<a href role="menuitem">` is no link, a `<section role="tabpanel">` no region, an
  /// `<h2 role="tab">` no heading. The roles TextRotor maps itself are handled before.
  static let overridingRoles: Set<String> = [
    "alert", "alertdialog", "application", "article", "button", "cell", "checkbox", "columnheader", "combobox",
    "definition", "dialog", "directory", "document", "feed", "figure", "generic", "grid", "gridcell", "group",
    "img", "image", "link", "list", "listbox", "listitem", "log", "marquee", "math", "menu", "menubar", "menuitem",
    "menuitemcheckbox", "menuitemradio", "meter", "none", "note", "option", "paragraph", "presentation",
    "progressbar", "radio", "radiogroup", "row", "rowgroup", "rowheader", "scrollbar", "separator", "slider",
    "spinbutton", "status", "switch", "tab", "table", "tablist", "tabpanel", "term", "textbox", "timer",
    "toolbar", "tooltip", "tree", "treegrid", "treeitem",
  ]

  /// Roles whose accessible name is read when they hold no text (Chromium's reading order reads the
  /// name of an icon link or an icon button).
  static let namedControlRoles: Set<String> = [
    "link", "button", "tab", "menuitem", "menuitemcheckbox", "menuitemradio", "checkbox", "radio", "switch",
    "option", "treeitem",
  ]

  /// Where an element sits, for the roles that depend on it (HTML-AAM).
  struct Context {
    /// Inside article, aside, main, nav or section: header and footer are no landmarks there.
    var insideSectioning = false
    /// Inside article, aside, nav or section: an unnamed aside is no complementary landmark there.
    var insideSectioningContent = false
  }

  /// The accessible name an element's attributes give it, and its explicit role.
  struct Naming {
    /// The first token of `role`, lowercased.
    var role: String?
    /// `aria-label`, trimmed, when not empty.
    var label: String?
    /// The ids `aria-labelledby` names.
    var labelledBy: [String]
    /// `title`, trimmed, when not empty.
    var title: String?
    /// Whether the attributes name the element (content is the other source, for the roles that
    /// allow it).
    var named: Bool { label != nil || !labelledBy.isEmpty || title != nil }

    init(_ attributes: ElementAttributes) {
      role = attributes[.role]?.lowercased().split(separator: " ").first.map(String.init)
      label = HTMLSemantics.nonEmpty(attributes[.ariaLabel])
      labelledBy = attributes[.ariaLabelledby].map { $0.split(whereSeparator: \.isWhitespace).map(String.init) } ?? []
      title = HTMLSemantics.nonEmpty(attributes[.title])
    }
  }

  /// What an element means (HTML-AAM, then ARIA): hidden and dropped elements are skipped; the
  /// element's own meaning by kind (``replacedMeaning(_:_:_:_:)``, ``phrasingMeaning(_:_:_:_:)``,
  /// ``blockMeaning(_:_:_:_:)``), then its explicit role (``applyRole(_:_:_:_:)``), its labels and
  /// its alert marking.
  static func meaning(of element: ElementName, _ attributes: ElementAttributes, context: Context) -> ElementMeaning {
    var meaning = ElementMeaning()
    let kind = element.kind
    if kind.isDropped || isHidden(kind, attributes) {
      meaning.skip = true
      return meaning
    }
    let naming = Naming(attributes)
    if let id = nonEmpty(attributes[.id]) { meaning.elementID = id }
    meaning.ownLabel = naming.label

    switch kind {
    case .input, .area, .img, .image, .svg, .dialog, .details, .select:
      if replacedMeaning(kind, attributes, naming, &meaning) { return meaning }
    case .a, .button, .strong, .b, .em, .i, .cite, .dfn, .u, .ins, .mark, .s, .del, .strike, .code, .samp, .tt,
      .`var`, .kbd, .abbr, .acronym, .time:
      phrasingMeaning(kind, attributes, naming, &meaning)
    default:
      blockMeaning(kind, naming, context, &meaning)
    }
    if let role = naming.role { applyRole(role, attributes, naming, &meaning) }
    if case .landmark = meaning.block {
      meaning.label = naming.label ?? naming.title
      meaning.labelledBy = naming.labelledBy
    } else if case .table = meaning.block {
      meaning.label = naming.label
    }
    if meaning.runs.contains(where: { if case .link = $0 { true } else { false } }) {
      meaning.labelledBy = naming.labelledBy
    }
    if let alert = alertMarking(kind, role: naming.role, attributes) {
      meaning.runs.append(.alert(severity: alert.0, kind: alert.1))
      if meaning.block == nil && (kind == .div || kind == .section || kind == .p) { meaning.block = .paragraph }
    }
    return meaning
  }

  /// Elements replaced by a name or a control's text, or shown only in part: form controls, image
  /// map areas, images, SVGs, dialogs and `<details>`. True when `meaning` is final (no role, label
  /// or alert applies to it).
  private static func replacedMeaning(
    _ kind: HTMLElementKind, _ attributes: ElementAttributes, _ naming: Naming, _ meaning: inout ElementMeaning
  ) -> Bool {
    let (role, label, title) = (naming.role, naming.label, naming.title)
    switch kind {
    case .input:
      switch attributes[.type]?.lowercased().trimmingSpaces() {
      case "image":
        meaning = image(label ?? nonEmpty(attributes[.alt]) ?? title, attributes, meaning)
      case "submit", "reset", "button":
        // A push button reads its value (submit and reset have a default one).
        let type = attributes[.type]!.lowercased().trimmingSpaces()
        let value = attributes[.value] ?? (type == "submit" ? "Submit" : type == "reset" ? "Reset" : "")
        let text = label ?? value.trimmingSpaces()
        if text.isEmpty { return true }
        meaning.replacement = text
        meaning.separateWords = true
      case nil, "", "text", "search", "email", "tel", "url", "number":
        // A text field shows its value (Chromium's tree holds it as the field's text); an empty
        // field shows nothing (its placeholder is a hint, not content).
        let value = (attributes[.value] ?? "").trimmingSpaces()
        if value.isEmpty { return true }
        meaning.replacement = value
        meaning.separateWords = true
      default:
        // Other controls (checkboxes, radios, ranges, colors, passwords) show no text.
        break
      }
      return true
    case .area:
      // An image map's areas are exposed by browsers only through the image that uses the map, at
      // the image's place; the <map> itself is not rendered where it stands.
      meaning.skip = true
      return true
    case .img, .image:
      // An alt attribute, even empty, says what the image is; without one the title names it.
      let alt = label ?? (attributes.has(.alt) ? nonEmpty(attributes[.alt]) : title)
      if role == "presentation" || role == "none" {
        meaning.skip = true
      } else {
        meaning = image(alt, attributes, meaning)
      }
      return true
    case .svg:
      if role == "presentation" || role == "none" {
        meaning.skip = true
        return true
      }
      // A named SVG is an image; one named by its <title> child is finished by the HTML builder.
      guard let label else { return false }
      meaning = image(label, attributes, meaning)
      return true
    case .select:
      // A drop-down shows its selected option: the builder reads the options.
      meaning.showsSelectedOption = true
      meaning.separateWords = true
      return true
    case .dialog:
      if !attributes.has(.open) {
        meaning.skip = true
        return true
      }
      meaning.block = .paragraph
      return false
    case .details:
      meaning.block = .paragraph
      // Closed: only the summary shows (the builder skips the other children).
      if !attributes.has(.open) { meaning.dropsOwnText = true }
      return false
    default:
      return false
    }
  }

  /// Phrasing elements: links, buttons, emphasis, code, abbreviations and times, as runs.
  private static func phrasingMeaning(
    _ kind: HTMLElementKind, _ attributes: ElementAttributes, _ naming: Naming, _ meaning: inout ElementMeaning
  ) {
    let (label, title) = (naming.label, naming.title)
    switch kind {
    case .a:
      if let href = attributes[.href] {
        meaning.runs.append(.link(target: href, name: label))
        meaning.nameFallback = label ?? title
        meaning.fallbackIsTitle = label == nil
      }
    case .button:
      meaning.nameFallback = label ?? title
      meaning.fallbackIsTitle = label == nil
      meaning.separateWords = true
    case .strong, .b: meaning.runs.append(.emphasis(.strong))
    case .em, .i, .cite, .dfn: meaning.runs.append(.emphasis(.emphasis))
    case .u: meaning.runs.append(.emphasis(.underline))
    case .ins:
      meaning.runs.append(.emphasis(.underline))
      meaning.runs.append(.edit(.insertion))
    case .mark: meaning.runs.append(.emphasis(.mark))
    case .s, .strike: meaning.runs.append(.emphasis(.strikethrough))
    case .del:
      meaning.runs.append(.emphasis(.strikethrough))
      meaning.runs.append(.edit(.deletion))
    case .code, .samp, .tt, .`var`:
      meaning.runs.append(.code)
    case .kbd:
      meaning.runs.append(.code)
      meaning.runs.append(.speech(.speakPunctuation))
    case .abbr, .acronym:
      if let title {
        meaning.runs.append(.abbreviation(expansion: title))
      }
    case .time:
      if let datetime = attributes[.datetime], !datetime.isEmpty { meaning.runs.append(.time(datetime: datetime)) }
    default:
      break
    }
  }

  /// Every other element: the title, headings, lists, tables, landmarks (some by context and
  /// name), line breaks and separators, paragraph blocks.
  private static func blockMeaning(
    _ kind: HTMLElementKind, _ naming: Naming, _ context: Context, _ meaning: inout ElementMeaning
  ) {
    switch kind {
    case .title: meaning.isTitle = true
    case .head: break
    case .h1, .h2, .h3, .h4, .h5, .h6:
      meaning.block = .heading(level: Int(kind.rawValue - HTMLElementKind.h1.rawValue) + 1)
    case .ul, .menu: meaning.block = .list(ordered: false)
    case .ol: meaning.block = .list(ordered: true)
    case .li: meaning.block = .listItem
    case .table: meaning.block = .table
    case .tr: meaning.block = .tableRow
    case .td: meaning.block = .tableCell(header: false)
    case .th: meaning.block = .tableCell(header: true)
    case .blockquote: meaning.block = .blockQuote
    case .pre, .listing, .xmp, .plaintext: meaning.block = .preformatted
    case .nav: meaning.block = .landmark(.navigation)
    case .main: meaning.block = .landmark(.main)
    case .aside:
      // HTML-AAM: complementary when scoped to body or main, or when named.
      meaning.block = !context.insideSectioningContent || naming.named ? .landmark(.complementary) : .paragraph
    case .header: meaning.block = context.insideSectioning ? .group : .landmark(.banner)
    case .footer: meaning.block = context.insideSectioning ? .group : .landmark(.contentinfo)
    case .section: meaning.block = naming.named ? .landmark(.region) : .paragraph
    case .form: meaning.block = naming.named ? .landmark(.form) : .group
    case .search: meaning.block = .landmark(.search)
    case .figure: meaning.block = .paragraph
    case .br: meaning.lineBreak = true
    case .wbr: break
    case .hr: meaning.separator = true
    default:
      if kind.isParagraphBlock { meaning.block = .paragraph }
    }
  }

  /// An explicit ARIA role, which overrides the element's own meaning (HTML-AAM).
  private static func applyRole(
    _ role: String, _ attributes: ElementAttributes, _ naming: Naming, _ meaning: inout ElementMeaning
  ) {
    let (label, title) = (naming.label, naming.title)
    switch role {
    case "heading":
      let level = attributes[.ariaLevel].flatMap { Int($0.trimmingSpaces()) } ?? 2
      // ARIA allows any level; NVDA and JAWS announce and move by levels up to 9.
      meaning.block = .heading(level: min(max(level, 1), 9))
    case "banner": meaning.block = .landmark(.banner)
    case "navigation": meaning.block = .landmark(.navigation)
    case "main": meaning.block = .landmark(.main)
    case "complementary": meaning.block = .landmark(.complementary)
    case "contentinfo": meaning.block = .landmark(.contentinfo)
    case "region": meaning.block = naming.named ? .landmark(.region) : .paragraph
    case "search": meaning.block = .landmark(.search)
    case "form": meaning.block = naming.named ? .landmark(.form) : .group
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
        meaning.separateWords = true
      }
    case "link":
      // A link by its role (a scripted span): a link for the reader, with no target to follow.
      if !meaning.runs.contains(where: { if case .link = $0 { true } else { false } }) {
        meaning.runs.append(.link(target: attributes[.href] ?? "", name: label))
      }
      if meaning.nameFallback == nil {
        meaning.nameFallback = label ?? title
        meaning.fallbackIsTitle = label == nil
      }
    case "presentation", "none":
      // Ignored on a focusable element (a link stays a link: ARIA's conflict resolution).
      if !meaning.runs.contains(where: { if case .link = $0 { true } else { false } }) {
        dropImplicitRole(&meaning)
      }
    default:
      if overridingRoles.contains(role) { dropImplicitRole(&meaning) }
    }
    if namedControlRoles.contains(role) && meaning.nameFallback == nil {
      meaning.nameFallback = label ?? title
      meaning.fallbackIsTitle = label == nil
    }
  }

  /// An explicit role replaced the element's landmark, heading or link meaning: keep only that it is a
  /// block (its text still starts a line).
  private static func dropImplicitRole(_ meaning: inout ElementMeaning) {
    switch meaning.block {
    case .landmark?, .heading?: meaning.block = .paragraph
    default: break
    }
    meaning.runs.removeAll { if case .link = $0 { true } else { false } }
  }

  /// An image named `name` (alt, aria-label…): its name is read as text marked as an image; without a
  /// name the image is not read.
  private static func image(_ name: String?, _ attributes: ElementAttributes, _ meaning: ElementMeaning)
    -> ElementMeaning
  {
    var meaning = meaning
    guard let name, !name.isEmpty else {
      meaning.skip = true
      // alt="" says the image is decoration (presentational); an image without alt is content
      // that says nothing.
      meaning.unnamedImage = !attributes.has(.alt)
      return meaning
    }
    meaning.runs.append(.image(source: attributes[.src]))
    meaning.replacement = name
    // An image's name is a word of its own (browsers separate it from the text around it).
    meaning.separateWords = true
    return meaning
  }

  /// The value without surrounding whitespace, nil when nothing is left.
  static func nonEmpty(_ value: String?) -> String? {
    guard let value else { return nil }
    let trimmed = value.trimmingSpaces()
    return trimmed.isEmpty ? nil : trimmed
  }

  /// The alert an element carries, if any: `role="alert"`/`alertdialog`, `aria-live="assertive"`, or
  /// class tokens such as warning, danger, caution, notice.
  static func alertMarking(_ kind: HTMLElementKind, role: String?, _ attributes: ElementAttributes) -> (
    AlertSeverity, String
  )? {
    let classSeverity = attributes[.class].flatMap(AlertVocabulary.severity(forClassList:))
    if role == "alert" { return (classSeverity ?? .warning, "role=alert") }
    if role == "alertdialog" { return (max(classSeverity ?? .critical, .warning), "role=alertdialog") }
    if attributes[.ariaLive]?.lowercased() == "assertive" {
      return (classSeverity ?? .warning, "aria-live=assertive")
    }
    if let classSeverity, kind != .html, kind != .body, kind != .main {
      let token = attributes[.class]!.split(separator: " ").first {
        AlertVocabulary.severity(forToken: String($0)) != nil
      }
      return (classSeverity, "class=\(token.map(String.init) ?? "alert")")
    }
    return nil
  }

  /// Whether the element is hidden from everyone: `hidden`, `aria-hidden="true"`, inline `display:none`
  /// or `visibility:hidden`, `<input type=hidden>`.
  static func isHidden(_ kind: HTMLElementKind, _ attributes: ElementAttributes) -> Bool {
    if attributes.has(.hidden) { return true }
    if attributes[.ariaHidden]?.lowercased().trimmingSpaces() == "true" { return true }
    if kind == .input, attributes[.type]?.lowercased() == "hidden" { return true }
    if let style = attributes[.style], kind != .html, kind != .body {
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
