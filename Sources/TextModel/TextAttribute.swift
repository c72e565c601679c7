/// How urgent an alert is. Ordered: `info < warning < critical`.
public enum AlertSeverity: String, Hashable, Sendable, CaseIterable, Comparable {
  case info, warning, critical

  private var rank: Int {
    switch self {
    case .info: 0
    case .warning: 1
    case .critical: 2
    }
  }
  /// Severities order from info to error.
  public static func < (lhs: AlertSeverity, rhs: AlertSeverity) -> Bool { lhs.rank < rhs.rank }
}

/// A visual emphasis that a screen reader may announce.
public enum EmphasisStyle: String, Hashable, Sendable {
  case strong, emphasis, underline, mark, strikethrough
}

/// A hint for speech rendering attached to a range.
public enum SpeechHint: String, Hashable, Sendable {
  /// Spell the range character by character.
  case spellOut
  /// Speak every punctuation mark in the range (code, keyboard input).
  case speakPunctuation
  /// Read digits one by one.
  case digits
}

/// An edit marked in the document: HTML's `<del>` and `<ins>` (a price struck through and its new
/// value), which screen readers announce ("deleted", "inserted": NVDA's editor revisions).
public enum EditKind: String, Hashable, Sendable, CaseIterable {
  case deletion, insertion
}

/// An attribute carried by a range of text.
public enum TextAttribute: Hashable, Sendable {
  /// A link; `target` as written in the markup, `name` its accessible name when it differs from its text.
  case link(target: String, name: String?)
  /// Visual emphasis.
  case emphasis(EmphasisStyle)
  /// Computer code or keyboard input.
  case code
  /// A language (BCP 47 tag) for the range, as the document or the caller declared it.
  case language(String)
  /// A language (BCP 47 tag) identified from the text itself where nothing declared one, with how
  /// sure the identification is (0…1). A declared ``language(_:)`` always wins over it.
  case detectedLanguage(String, confidence: Double)
  /// An alert; `kind` is what marked it ("role=alert", "class=warning", "docbook:caution"…).
  case alert(severity: AlertSeverity, kind: String)
  /// An abbreviation and its expansion (`<abbr title>`).
  case abbreviation(expansion: String)
  /// Image alternative text (the range is the alternative text itself).
  case image(source: String?)
  /// A hint for speech rendering.
  case speech(SpeechHint)
  /// A time or duration in machine-readable form (`<time datetime>`).
  case time(datetime: String)
  /// Text removed or added by an edit (`<del>`, `<ins>`); the visual emphasis is a separate run.
  case edit(EditKind)

  /// A short, stable name for JSON and rotors ("link", "alert"…).
  public var name: String {
    switch self {
    case .link: "link"
    case .emphasis: "emphasis"
    case .code: "code"
    case .language, .detectedLanguage: "language"
    case .alert: "alert"
    case .abbreviation: "abbreviation"
    case .image: "image"
    case .speech: "speech"
    case .time: "time"
    case .edit: "edit"
    }
  }
}

extension TextAttribute {
  /// What a screen reader calls a link that has neither text nor a name (an icon link whose image has
  /// no alternative text, an empty `<a href>`): the last segment of its target's path, without query
  /// or fragment, as NVDA names an unlabelled graphic link by its URL's file name
  /// (`"/feeds/rss.xml?x=1"` → `"rss.xml"`); the target as written when it has no such segment
  /// (`"#top"`, `"mailto:ann@example.org"`).
  package static func unnamedLinkName(target: String) -> String {
    let trimmed = target.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    let path = trimmed.prefix { $0 != "?" && $0 != "#" }
    if path.contains("/"), let last = path.split(separator: "/").last, !last.isEmpty, last.last != ":" {
      return String(last)
    }
    return trimmed
  }
}

/// An attribute over a range of the document's text.
public struct AttributeRun: Hashable, Sendable {
  /// The text the attribute covers.
  public package(set) var range: TextRange
  /// The attribute.
  public package(set) var attribute: TextAttribute

  /// A run of `attribute` over `range`.
  package init(range: TextRange, attribute: TextAttribute) {
    self.range = range
    self.attribute = attribute
  }
}
