internal import TextModel

/// What a move says: role and name, position, content.
extension BrowseSession {
  // MARK: announcements

  /// Role and name first, then position, then content: "Heading level 2, 3 of 10: Trails",
  /// "Navigation landmark, Site, 1 of 6: Park home Permits Trails", "Table, 4 rows, 3 columns, 1 of 1: …".
  /// `content` replaces the entry's text (a table's first cell).
  package func announcement(
    _ entry: RotorEntry, in kind: RotorKind, position: (Int, Int)?, whole: Bool, content replacement: String? = nil
  ) -> String {
    var parts = [roleAndName(entry, in: kind)]
    if verbosity != .brief, let (at, count) = position {
      parts.append(messages.phrase(.position, ["i": String(at), "n": String(count)]))
    }
    var line = parts.joined(separator: clause).capitalizedFirst
    var content = replacement ?? speechForm(entry, index.document, whole)
    // An item with no text (a `mailto:` link around an unnamed icon) says its label: the address.
    if content.isEmpty && entry.range.isEmpty && entry.kind.hasTarget { content = entry.label }
    // A named item (aria-label) whose text only repeats its name says it once.
    // A book's navigation entry is named by its label ("page 12", "Chapter One").
    let isNavigation = RotorIndex.navigationEntryKinds.contains(entry.kind)
    let name = isNavigation ? entry.label : index.facts(of: entry, in: kind)?.name ?? ""
    if !content.isEmpty && content != name && !(isNavigation && name.contains(content)) { line += colon + content }
    if verbosity == .full, let value = entry.value, entry.kind.hasTarget {
      line += " (" + messages.phrase(.target, ["value": value]) + ")"
    }
    return line
  }

  var colon: String { messages.language == "zh" || messages.language == "ja" ? "：" : ": " }

  func roleAndName(_ entry: RotorEntry, in kind: RotorKind) -> String {
    var parts: [String] = []
    let facts = index.facts(of: entry, in: kind)
    if let landmark = facts?.landmark {
      parts.append(messages.name(BrowseMessages.Noun(rawValue: landmark.rawValue) ?? .landmark))
    } else if entry.kind == .bookmark {
      parts.append(messages.name(.bookmark))
      parts.append(entry.label)
    } else if RotorIndex.navigationEntryKinds.contains(entry.kind) {
      parts.append(entry.label)
    } else if entry.kind == .list {
      parts.append(messages.name(facts?.ordered == true ? .numberedList : .list))
    } else {
      parts.append(messages.name(Self.noun(for: entry.kind, level: entry.level), level: entry.level))
    }
    if let name = facts?.name, !name.isEmpty { parts.append(name) }
    if let severity = entry.severity, entry.kind == .alert, severity != .warning {
      switch severity {
      case .critical: parts.append(messages.phrase(.critical))
      case .warning: parts.append(messages.phrase(.warningSeverity))
      case .info: parts.append(messages.phrase(.info))
      }
    }
    if let items = facts?.items { parts.append(messages.count(.item, items)) }
    if let rows = facts?.rows, let columns = facts?.columns {
      parts.append(messages.count(.row, rows))
      parts.append(messages.count(.column, columns))
    }
    return parts.joined(separator: clause)
  }

  /// Between the parts of an announcement: "，" in Chinese and Japanese, "، " in Arabic.
  var clause: String {
    switch messages.language {
    case "zh", "ja": return "，"
    case "ar": return "، "
    default: return ", "
    }
  }

  /// The noun that names a rotor.
  static func noun(for kind: RotorKind) -> BrowseMessages.Noun {
    if kind.headingLevel != nil { return .headingLevel }
    switch kind {
    case .headings: return .heading
    case .links: return .link
    case .emails: return .email
    case .phones: return .phone
    case .alerts: return .alert
    case .warnings: return .warning
    case .landmarks: return .landmark
    case .lists: return .list
    case .tables: return .table
    case .images: return .image
    case .blockQuotes: return .blockQuote
    case .listItems: return .listItem
    case .bookmarks: return .bookmark
    default: return .item
    }
  }

  /// The noun that names an entry.
  static func noun(for kind: RotorEntry.Kind, level: Int?) -> BrowseMessages.Noun {
    switch kind {
    case .heading: return level == nil ? .heading : .headingLevel
    case .link: return .link
    case .email: return .email
    case .phone: return .phone
    case .alert: return .alert
    case .list: return .list
    case .table: return .table
    case .image: return .image
    case .blockQuote: return .blockQuote
    case .listItem: return .listItem
    case .match: return .match
    case .bookmark: return .bookmark
    default: return BrowseMessages.Noun(rawValue: kind.rawValue) ?? .item
    }
  }

  func whereAmI() -> String {
    if let current, let currentIndex, let rotor = index.rotor(currentIndex.kind) {
      return announcement(current, in: currentIndex.kind, position: (currentIndex.index + 1, rotor.count), whole: false)
    }
    let end = index.document.text.utf8.count
    if position == 0 { return messages.phrase(.topOfDocument) }
    if position >= end { return messages.phrase(.endOfDocument) }
    return textForm(paragraphRange(containing: position), index.document)
  }

  /// The current item's content in full (an announcement may cut it).
  func readWhole() -> String {
    guard let current, let currentIndex else { return messages.phrase(.notOnItem) }
    return announcement(current, in: currentIndex.kind, position: nil, whole: true)
  }

  func activate() -> String {
    guard let current else { return messages.phrase(.notOnItem) }
    if let value = current.value, current.kind.hasTarget {
      return messages.phrase(.target, ["value": value])
    }
    // An item inside a link (a heading that is a link, say).
    if let links = index.rotor(.links)?.entries,
      let at = links.indices.first(where: { links.range(at: $0).overlaps(current.range) }),
      let value = links[at].value
    {
      return messages.phrase(.target, ["value": value])
    }
    return messages.phrase(.notALink)
  }

  // MARK: names for other commands

  /// "Heading", "Link", "E-mail address"… (English, for `rotor` output).
  package static func singularName(_ kind: RotorKind) -> String {
    if let level = kind.headingLevel { return "Heading level \(level)" }
    switch kind.rawValue {
    case "headings": return "Heading"
    case "links": return "Link"
    case "emails": return "E-mail address"
    case "phones": return "Phone number"
    case "alerts": return "Alert"
    case "warnings": return "Warning"
    case "landmarks": return "Landmark"
    case "lists": return "List"
    case "tables": return "Table"
    case "images": return "Image"
    case "blockquotes": return "Block quote"
    case "listitems": return "List item"
    // A book's navigation rotors (EPUB).
    case "contents": return "Contents entry"
    case "pages": return "Page"
    case "guide": return "Guide landmark"
    case "notes": return "Note"
    default: return kind.rawValue.capitalizedFirst
    }
  }

  /// "Headings", "Links", "E-mail addresses"… (English, for `rotor` output).
  package static func pluralName(_ kind: RotorKind) -> String {
    if let level = kind.headingLevel { return "Headings level \(level)" }
    switch kind.rawValue {
    case "emails": return "E-mail addresses"
    case "phones": return "Phone numbers"
    case "contents": return "Contents entries"
    default:
      let singular = singularName(kind)
      return singular.hasSuffix("s") ? singular : singular + "s"
    }
  }
}

extension Substring {
  /// Without leading and trailing whitespace.
  var trimmingSpaces: String {
    String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
  }
}

extension String {
  /// The string with its first character uppercased ("alert" → "Alert"); unchanged in scripts
  /// without case.
  var capitalizedFirst: String { BrowseMessages.sentenceCase(self) }
}
