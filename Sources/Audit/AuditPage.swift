internal import Detection
public import TextModel

/// One document as the rules see it: the text model, the markup facts, and what every rule asks of
/// them, worked out once: which elements are hidden from assistive technologies, each element's
/// role, the elements by id, and accessible names (AuditPage+Name.swift).
///
/// A document read without markup facts (text, Markdown…) has no elements: the markup rules find
/// nothing to check and the text rules still run.
public final class AuditPage {
  public let document: TextDocument
  public let facts: MarkupFacts
  /// Elements excluded from the accessibility tree (hidden, aria-hidden, not rendered, inside
  /// `<head>`, a closed `<details>`…), self or through an ancestor.
  public private(set) var excluded: [Bool] = []
  /// Elements marked `aria-hidden="true"` themselves or through an ancestor (a subset of ``excluded``).
  public private(set) var ariaHidden: [Bool] = []
  /// The first element of each id.
  public private(set) var byID: [String: Int] = [:]
  /// Every id and how many elements carry it.
  public private(set) var idCounts: [String: Int] = [:]
  /// The `<label>` elements by their `for` id.
  private(set) var labelsFor: [String: [Int]] = [:]
  /// E-mail addresses, links and phone numbers found in the text (made when a rule first asks).
  lazy var detections: [Detection] = DocumentDetector(
    options: DocumentDetector.Options(kinds: [.email, .link, .phone], identifiesLanguages: false)
  ).detect(in: document).map { $0 }
  /// Each element's name, lowercased once.
  public private(set) var names: [String] = []
  /// Each element's explicit role (``explicitRole(_:)``), worked out once when a rule first asks.
  lazy var explicitRoles: [String?] = facts.elements.indices.map { computeExplicitRole($0) }
  /// Each element's role (``role(_:)``), worked out once when a rule first asks.
  lazy var roles: [String?] = facts.elements.indices.map { computeRole($0) }
  /// Whether the page's document element is `<html>` (the page-level rules apply).
  public var isHTMLPage: Bool { facts.elements.first.map { $0.name.lowercased() == "html" } ?? false }

  public init(document: TextDocument) {
    self.document = document
    facts = document.markupFacts ?? MarkupFacts()
    names = facts.elements.map { element in
      element.name.utf8.contains { $0 >= 0x41 && $0 <= 0x5A } ? element.name.lowercased() : element.name
    }
    excluded = Array(repeating: false, count: facts.elements.count)
    ariaHidden = excluded
    for index in facts.elements.indices { prepare(index) }
  }

  private static let notRendered: Set<String> = [
    "head", "script", "style", "template", "noscript", "title", "meta", "link", "base",
  ]

  private func prepare(_ index: Int) {
    let element = facts.elements[index]
    let name = names[index]
    if let id = element["id"], !id.isEmpty {
      idCounts[id, default: 0] += 1
      if byID[id] == nil { byID[id] = index }
    }
    if name == "label", let target = element["for"] { labelsFor[target, default: []].append(index) }
    var hidden = false
    var aria = false
    if let parent = element.parent {
      hidden = excluded[parent]
      aria = ariaHidden[parent]
      let parentName = facts.elements[parent].name.lowercased()
      if parentName == "details", !facts.elements[parent].has("open"), !isFirstSummary(index, of: parent) {
        hidden = true
      }
    }
    if element["aria-hidden"]?.trimmed.lowercased() == "true" { aria = true }
    if aria || Self.notRendered.contains(name) || element.has("hidden") || Self.styleHides(element["style"])
      || (name == "input" && element["type"]?.trimmed.lowercased() == "hidden")
    {
      hidden = true
    }
    // SVG's <title> and <desc> name their parent; they are not content of their own.
    excluded[index] = hidden
    ariaHidden[index] = aria
  }

  /// Whether element `index` is the first `<summary>` child of `details`.
  func isFirstSummary(_ index: Int, of details: Int) -> Bool {
    for child in facts.elements[details].children {
      if case .element(let inner) = child, facts.elements[inner].name.lowercased() == "summary" {
        return inner == index
      }
    }
    return false
  }

  /// Whether an inline style hides the element (`display: none`, `visibility: hidden`).
  static func styleHides(_ style: String?) -> Bool {
    guard let style else { return false }
    for declaration in style.lowercased().split(separator: ";") {
      let parts = declaration.split(separator: ":", maxSplits: 1)
      guard parts.count == 2 else { continue }
      let property = parts[0].trimmed
      let value = parts[1].replacingImportant.trimmed
      if (property == "display" && value == "none")
        || (property == "visibility" && (value == "hidden" || value == "collapse"))
      {
        return true
      }
    }
    return false
  }

  /// The element's name, lowercased.
  public func name(_ index: Int) -> String { names[index] }

  /// The value of an attribute, trimmed of ASCII whitespace and lowercased (for keywords).
  public func keyword(_ index: Int, _ attribute: String) -> String? {
    facts.elements[index][attribute]?.trimmed.lowercased()
  }

  /// The element's start tag as a snippet, shortened to 120 characters.
  public func snippet(of index: Int) -> String {
    let element = facts.elements[index]
    var result = "<" + element.name
    for attribute in element.attributes {
      result += " " + attribute.name + "=\"" + attribute.value.replacingQuotes + "\""
      if result.count > 120 { break }
    }
    result += ">"
    if result.count > 120 { result = String(result.prefix(119)) + "…" }
    return result
  }

  /// Whether the element can take keyboard focus (natively or through `tabindex`).
  public func isFocusable(_ index: Int) -> Bool {
    let element = facts.elements[index]
    if element.has("disabled") { return false }
    if let tabindex = element["tabindex"]?.trimmed, Int(tabindex) != nil { return true }
    switch name(index) {
    case "a", "area": return element.has("href")
    case "button", "select", "textarea", "iframe": return true
    case "input": return keyword(index, "type") != "hidden"
    case "summary":
      if let parent = element.parent { return name(parent) == "details" && isFirstSummary(index, of: parent) }
      return false
    default: return element["contenteditable"].map { $0.trimmed.lowercased() != "false" } ?? false
    }
  }

  /// Whether the element carries a global ARIA state or property (which makes a presentational role
  /// be ignored).
  public func hasGlobalARIA(_ index: Int) -> Bool {
    facts.elements[index].attributes.contains {
      ARIA.hasPrefixIgnoringCase($0.name) && ARIA.globalAttributes.contains(ARIA.lowercasedName($0.name))
    }
  }
}

extension StringProtocol {
  /// The string without ASCII whitespace at either end.
  var trimmed: String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !Self.isASCIISpace($0) }) else { return "" }
    let last = scalars.lastIndex(where: { !Self.isASCIISpace($0) })!
    return String(String.UnicodeScalarView(scalars[first...last]))
  }

  static func isASCIISpace(_ scalar: Unicode.Scalar) -> Bool {
    scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0C}"
  }

  /// The whitespace-separated tokens.
  var tokens: [Substring] {
    String(self).split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" })
  }

  var replacingImportant: String {
    String(split(separator: "!", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
  }

  var replacingQuotes: String {
    String(self).split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "&quot;")
  }
}
