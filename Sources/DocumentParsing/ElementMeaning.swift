internal import TextModel

/// What one element means to a reader of the document: the format-specific readers (HTML, XML)
/// decide it, and ``MarkupAssembler`` turns it into blocks, runs and text.
struct ElementMeaning {
  /// Drop the element and everything inside it (script, style, hidden content).
  var skip = false
  /// The block the element opens, if it is a block.
  var block: BlockKind?
  /// The block's accessible name.
  var label: String?
  /// Attribute runs over the element's content.
  var runs: [TextAttribute] = []
  /// Text that replaces the element's content (image alternative text); the content is then dropped.
  var replacement: String?
  /// A forced line break (`<br>`).
  var lineBreak = false
  /// The element ends a line without being a block (`<hr>`).
  var separator = false
  /// The element's content is the document title.
  var isTitle = false
  /// The element separates words on a line (table cells when cells are inline), as a space.
  var wordSeparator = false
  /// The element is a box of its own (CSS `display: block`, `inline-block`, `flex`… on an inline
  /// element): a space separates its text from the text before and after it.
  var separateWords = false
  /// Text read when the element ends without any visible text inside: its accessible name from
  /// `aria-label` or `title` (an icon link, a button with only an image that has no alt).
  var nameFallback: String?
  /// ``nameFallback`` comes from `title`: Chromium does not use it when the element holds an image
  /// without a name (the image counts as content, though it says nothing).
  var fallbackIsTitle = false
  /// An image without a name (not read): it still counts as content for ``fallbackIsTitle``.
  var unnamedImage = false
  /// Ids whose text names the element (`aria-labelledby`), resolved when the document is finished:
  /// they may point at elements later in the document.
  var labelledBy: [String] = []
  /// The element's `aria-label`: inside a link, it replaces the element's content in the link's
  /// name (accname computes a name from content child by child, and a child's own label wins).
  var ownLabel: String?
  /// The element's `id`, recorded with the range of its text for `aria-labelledby`.
  var elementID: String?
  /// Text directly inside the element is not read (a closed `<details>`: only its summary shows).
  var dropsOwnText = false
  /// A `<select>`: only its selected option shows (the HTML builder reads the options).
  var showsSelectedOption = false
}

/// Alert semantics shared by the readers: class tokens, DocBook admonitions and DITA note types.
enum AlertVocabulary {
  /// The severity that a class token or a note type names, if it names one.
  static func severity(forToken token: String) -> AlertSeverity? {
    switch token.lowercased() {
    case "danger", "critical", "error", "alert-danger", "alert-error", "alert-critical", "fatal", "emergency":
      return .critical
    case "alert", "warning", "warn", "caution", "alert-warning", "alert-caution", "important", "attention",
      "callout-warning", "admonition-warning":
      return .warning
    case "notice", "info", "alert-info", "note", "tip", "hint", "alert-notice", "remember", "restriction":
      return .info
    default:
      return nil
    }
  }

  /// The strongest severity among whitespace-separated class tokens; only tokens that name alerts count
  /// ("note" and "tip" count as info only with `includeInfo`).
  static func severity(forClassList classes: String) -> AlertSeverity? {
    var best: AlertSeverity?
    for token in classes.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
      let lowered = token.lowercased()
      // "note", "tip", "hint" as bare classes are too common in ordinary markup to be alerts.
      if lowered == "note" || lowered == "tip" || lowered == "hint" || lowered == "info" { continue }
      if let severity = severity(forToken: lowered) { best = max(best ?? severity, severity) }
    }
    return best
  }
}
