internal import TextModel

/// What elements of XML notes mean: TextRotor's note vocabulary, DocBook, DITA, and XHTML.
enum XMLSemantics {
  static func meaning(of qualifiedName: String, _ attributes: ElementAttributes, depth: Int) -> ElementMeaning {
    let name = localName(qualifiedName).lowercased()
    var meaning = ElementMeaning()
    if HTMLSemantics.isHidden(HTMLElementKind(named: name), attributes) {
      meaning.skip = true
      return meaning
    }
    switch name {
    // TextRotor notes, DocBook and DITA share many names.
    case "title":
      // The first title at the top is the document title; others are section headings.
      if depth <= 1 {
        meaning.isTitle = true
        meaning.block = .heading(level: 1)
      } else {
        meaning.block = .heading(level: min(depth, 6))
      }
    case "heading", "bridgehead":
      let level =
        attributes["level"].flatMap { Int($0) } ?? attributes["renderas"].flatMap { Int($0.filter(\.isNumber)) } ?? 2
      meaning.block = .heading(level: min(max(level, 1), 6))
    case "para", "p", "simpara", "paragraph", "shortdesc", "abstract", "entry-text":
      meaning.block = .paragraph
    case "list", "itemizedlist", "ul", "sl", "simplelist", "variablelist":
      meaning.block = .list(ordered: false)
    case "orderedlist", "ol", "steps", "procedure":
      meaning.block = .list(ordered: attributes["ordered"] != "false")
    case "item", "listitem", "li", "step", "sli", "member", "varlistentry":
      meaning.block = .listItem
    case "table", "informaltable", "simpletable": meaning.block = .table
    case "row", "tr", "strow", "sthead": meaning.block = .tableRow
    case "entry", "td", "stentry": meaning.block = .tableCell(header: false)
    case "th": meaning.block = .tableCell(header: true)
    case "blockquote", "quote-block", "lq": meaning.block = .blockQuote
    case "pre", "programlisting", "screen", "literallayout", "codeblock", "example-code":
      meaning.block = .preformatted
    case "section", "sect1", "sect2", "sect3", "chapter", "article", "topic", "concept", "task", "reference",
      "body", "conbody", "taskbody", "refbody", "div", "note-body", "sidebar", "figure", "example":
      meaning.block = .group
    case "h1", "h2", "h3", "h4", "h5", "h6":
      meaning.block = .heading(level: Int(String(name.dropFirst()))!)
    default:
      inlineMeaning(name, attributes, into: &meaning)
    }

    if let alert = alertMarking(name, attributes, depth: depth) {
      meaning.runs.append(.alert(severity: alert.0, kind: alert.1))
      if meaning.block == nil { meaning.block = .paragraph }
    }
    if let label = attributes["aria-label"] ?? attributes["label"], case .group = meaning.block {
      meaning.label = label
    }
    return meaning
  }

  /// The meaning of an element that is not a block: links, emphasis, code, keys, abbreviations,
  /// line breaks, images and their alternatives, and what is never read.
  private static func inlineMeaning(_ name: String, _ attributes: ElementAttributes, into meaning: inout ElementMeaning)
  {
    switch name {
    case "link", "ulink", "a", "xref", "xref-link", "uri":
      let target = attributes["href"] ?? attributes["xlink:href"] ?? attributes["url"] ?? attributes["linkend"]
      if let target, !target.isEmpty { meaning.runs.append(.link(target: target, name: attributes["aria-label"])) }
    case "email":
      // DocBook <email>: its content is an address.
      break
    case "emphasis", "em", "i", "b", "strong":
      let role = attributes["role"]?.lowercased()
      meaning.runs.append(
        .emphasis(role == "strong" || role == "bold" || name == "b" || name == "strong" ? .strong : .emphasis))
    case "code", "literal", "command", "filename", "codeph", "option", "userinput", "computeroutput", "varname":
      meaning.runs.append(.code)
    case "kbd", "keycap", "keycombo", "uicontrol":
      meaning.runs.append(.code)
      meaning.runs.append(.speech(.speakPunctuation))
    case "abbrev", "acronym", "abbr":
      if let title = attributes["title"] ?? attributes["expansion"], !title.isEmpty {
        meaning.runs.append(.abbreviation(expansion: title))
      }
    case "lang", "foreignphrase", "span":
      break  // the language, if any, comes from xml:lang / lang
    case "br", "sbr": meaning.lineBreak = true
    case "img", "image", "imagedata", "graphic", "mediaobject-alt":
      let alt = attributes["alt"] ?? attributes["aria-label"] ?? ""
      if alt.trimmingSpaces().isEmpty {
        meaning.skip = !(name == "mediaobject-alt")
      } else {
        meaning.runs.append(.image(source: attributes["src"] ?? attributes["fileref"] ?? attributes["href"]))
        meaning.replacement = alt.trimmingSpaces()
      }
    case "alt", "textobject", "phrase-alt":
      // DocBook image alternatives: read as an image description.
      meaning.runs.append(.image(source: nil))
    case "script", "style", "remark", "indexterm", "comment", "draft-comment", "metadata", "info-hidden", "prolog":
      meaning.skip = true
    default:
      break
    }
  }

  /// Alerts in notes: `<alert severity>`, DocBook admonitions, DITA `<note type>`, `role="alert"`, class tokens.
  static func alertMarking(_ name: String, _ attributes: ElementAttributes, depth: Int) -> (AlertSeverity, String)? {
    switch name {
    case "alert", "warning-note":
      let severity =
        attributes["severity"].flatMap { AlertSeverity(rawValue: $0.lowercased()) }
        ?? attributes["type"].flatMap { AlertVocabulary.severity(forToken: $0) } ?? .warning
      return (severity, "note:alert")
    case "warning": return (.warning, "docbook:warning")
    case "caution": return (.warning, "docbook:caution")
    case "danger": return (.critical, "docbook:danger")
    case "important": return (.warning, "docbook:important")
    case "hazardstatement":
      let severity = attributes["type"].flatMap { AlertVocabulary.severity(forToken: $0) } ?? .critical
      return (severity, "dita:hazardstatement")
    case "tip": return (.info, "docbook:tip")
    case "note":
      // A DITA note with a type, or a DocBook note; the note vocabulary's root <note> is not an alert.
      if let type = attributes["type"]?.lowercased() {
        return (AlertVocabulary.severity(forToken: type) ?? .info, "dita:note type=\(type)")
      }
      if depth == 0 { return nil }
      return (.info, "docbook:note")
    default:
      break
    }
    if let role = attributes["role"]?.lowercased(), role == "alert" || role == "alertdialog" {
      return (.warning, "role=\(role)")
    }
    if let classes = attributes["class"] ?? attributes["outputclass"],
      let severity = AlertVocabulary.severity(forClassList: classes)
    {
      return (severity, "class=\(classes)")
    }
    return nil
  }

  static func localName(_ qualified: String) -> String {
    if let colon = qualified.lastIndex(of: ":") { return String(qualified[qualified.index(after: colon)...]) }
    return qualified
  }
}
