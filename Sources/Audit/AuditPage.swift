internal import Detection
internal import ParallelSupport
@_spi(Plumbing) package import TextModel

/// One document as the rules see it: the text model, the markup facts, and what every rule asks of
/// them, worked out once: which elements are hidden from assistive technologies, each element's
/// role, the elements by id, and accessible names (AuditPage+Name.swift, each worked out when a rule
/// first asks and kept).
///
/// A page is two parts with their owners in their types: ``Shared``, immutable and `Sendable`, the
/// facts every thread of an audit reads; and its caches (names, detections), which one thread fills
/// as its rules ask. A page value is used by one thread; ``forAnotherThread()`` gives another
/// thread the same facts with caches of its own.
///
/// The rules read the facts through the page (``attribute(_:_:)``, ``children(of:)``…), which keeps
/// them flat (``ElementTable``) rather than as one value per element.
///
/// A document read without markup facts (text, Markdown…) has no elements: the markup rules find
/// nothing to check and the text rules still run.
package struct AuditPage {
  /// The page's facts, immutable: what the audit's threads share.
  package let shared: Shared
  /// This thread's caches: names and detections as the rules ask for them.
  let caches: Caches

  /// The facts of a page, worked out once and never changed: shared by the threads of an audit.
  package final class Shared: Sendable {
    package let document: TextDocument
    package let facts: MarkupFacts
    /// The facts, one array per field.
    let table: ElementTable
    /// Elements excluded from the accessibility tree (hidden, aria-hidden, not rendered, inside
    /// `<head>`, a closed `<details>`…), self or through an ancestor.
    package let excluded: [Bool]
    /// Elements marked `aria-hidden="true"` themselves or through an ancestor (a subset of ``excluded``).
    package let ariaHidden: [Bool]
    /// The first element of each id.
    package let byID: [String: Int]
    /// Every id and how many elements carry it.
    package let idCounts: [String: Int]
    /// The `<label>` elements by their `for` id.
    let labelsFor: [String: [Int]]
    /// Each element's explicit role (``explicitRole(_:)``).
    let explicitRoles: [String?]
    /// Each element's role (``role(_:)``).
    let roles: [String?]
    /// Whether the page's document element is `<html>` (the page-level rules apply).
    package let isHTMLPage: Bool
    /// Each element's nearest ancestor named `label`, or -1.
    let enclosingLabels: [Int]
    /// The index after each element's last descendant (its descendants are `index + 1 ..<` that).
    let subtreeEnds: [Int]
    /// The document's content type (``Auditor/contentType(forPath:)``).
    package let contentType: String
    /// Detections a caller already made (``Auditor/audit(_:detections:)``), else nil.
    let givenDetections: DetectionList?
    /// The threads the page's own detection may use.
    let parallelism: Parallelism

    init(document: TextDocument, detections: [Detection]?, contentType: String, parallelism: Parallelism) {
      self.document = document
      self.parallelism = parallelism
      self.contentType = contentType
      facts = document.markupFacts ?? MarkupFacts()
      let table = ElementTable(facts)
      self.table = table
      givenDetections = detections.map { DetectionList($0.filter { AuditPage.detectionKinds.contains($0.kind) }) }
      var excluded = Array(repeating: false, count: table.count)
      var ariaHidden = excluded
      var byID: [String: Int] = [:]
      var idCounts: [String: Int] = [:]
      var labelsFor: [String: [Int]] = [:]
      for index in table.indices {
        AuditPage.prepare(
          index, table, excluded: &excluded, ariaHidden: &ariaHidden, byID: &byID, idCounts: &idCounts,
          labelsFor: &labelsFor)
      }
      self.excluded = excluded
      self.ariaHidden = ariaHidden
      self.byID = byID
      self.idCounts = idCounts
      self.labelsFor = labelsFor
      let explicitRoles = table.indices.map { table.explicitRole($0) }
      self.explicitRoles = explicitRoles
      roles = table.indices.map { table.role($0, explicit: explicitRoles[$0]) }
      isHTMLPage = table.names.first == "html"
      // A parent comes before its children: one pass from the end carries each subtree's end up.
      var subtreeEnds = Array(table.indices.map { $0 + 1 })
      for index in table.indices.reversed() {
        let parent = table.parents[index]
        if parent >= 0 { subtreeEnds[parent] = max(subtreeEnds[parent], subtreeEnds[index]) }
      }
      self.subtreeEnds = subtreeEnds
      // A parent comes before its children: its nearest label is known when they are reached.
      var enclosingLabels = Array(repeating: -1, count: table.count)
      for index in table.indices {
        let parent = table.parents[index]
        if parent >= 0 { enclosingLabels[index] = table.names[parent] == "label" ? parent : enclosingLabels[parent] }
      }
      self.enclosingLabels = enclosingLabels
    }
  }

  /// What one thread has worked out of a page: filled as its rules ask, never shared.
  final class Caches {
    /// Accessible names worked out so far (``accessibleName(_:)``).
    var accessibleNames: [String?]
    /// The bookkeeping of the name computation (AuditPage+Name.swift).
    var names: NameState
    /// E-mail addresses, links and phone numbers found in the text, made when a rule first asks.
    var detectionList: DetectionList?
    /// ``detectionList`` as values.
    var detections: [Detection]?

    init(count: Int) {
      accessibleNames = Array(repeating: nil, count: count)
      names = NameState(count: count)
    }
  }

  package var document: TextDocument { shared.document }
  package var facts: MarkupFacts { shared.facts }
  var table: ElementTable { shared.table }
  package var excluded: [Bool] { shared.excluded }
  package var ariaHidden: [Bool] { shared.ariaHidden }
  package var byID: [String: Int] { shared.byID }
  package var idCounts: [String: Int] { shared.idCounts }
  var labelsFor: [String: [Int]] { shared.labelsFor }
  var explicitRoles: [String?] { shared.explicitRoles }
  var roles: [String?] { shared.roles }
  package var isHTMLPage: Bool { shared.isHTMLPage }
  package var contentType: String { shared.contentType }
  /// Whether the page is an HTML page with the content type `text/html` (not XHTML).
  package var isTextHTMLPage: Bool { isHTMLPage && contentType == "text/html" }
  var parallelism: Parallelism { shared.parallelism }

  /// E-mail addresses, links and phone numbers found in the text: the caller's, or made when a
  /// rule first asks (the list the speech renderer takes as it is).
  var detectionList: DetectionList {
    if let known = caches.detectionList { return known }
    var options = DocumentDetector.Options(kinds: Self.detectionKinds, identifiesLanguages: false)
    options.parallelism = parallelism
    let list = shared.givenDetections ?? DocumentDetector(options: options).detect(in: document)
    caches.detectionList = list
    return list
  }
  /// ``detectionList`` as values.
  var detections: [Detection] {
    if let known = caches.detections { return known }
    let values = Array(detectionList)
    caches.detections = values
    return values
  }
  /// The detection kinds the rules read.
  static let detectionKinds: Set<DetectionKind> = [.email, .link, .phone]

  /// Each element's name, lowercased.
  package var names: [String] { table.names }

  package init(document: TextDocument) { self.init(document: document, detections: nil) }

  /// A page whose detections (links, e-mail addresses, phone numbers) are `detections`, in start
  /// order, when not nil (other kinds are left out); else they are made on up to `parallelism`'s
  /// threads when a rule first asks.
  init(
    document: TextDocument, detections: [Detection]?, contentType: String = "text/html",
    parallelism: Parallelism = .default
  ) {
    self.init(
      shared: Shared(document: document, detections: detections, contentType: contentType, parallelism: parallelism))
  }

  /// A page of `shared`'s facts with caches of its own.
  init(shared: Shared) {
    self.shared = shared
    caches = Caches(count: shared.table.count)
  }

  /// The same page for another thread: the same facts, caches of its own.
  package func forAnotherThread() -> AuditPage { AuditPage(shared: shared) }

  private static let notRendered: Set<String> = [
    "head", "script", "style", "template", "noscript", "title", "meta", "link", "base",
  ]

  private static func prepare(
    _ index: Int, _ table: ElementTable, excluded: inout [Bool], ariaHidden: inout [Bool], byID: inout [String: Int],
    idCounts: inout [String: Int], labelsFor: inout [String: [Int]]
  ) {
    let name = table.names[index]
    if let id = table.attribute(index, "id"), !id.isEmpty {
      idCounts[id, default: 0] += 1
      if byID[id] == nil { byID[id] = index }
    }
    if name == "label", let target = table.attribute(index, "for") { labelsFor[target, default: []].append(index) }
    var hidden = false
    var aria = false
    if let parent = table.parent(index) {
      hidden = excluded[parent]
      aria = ariaHidden[parent]
      if table.names[parent] == "details", !table.has(parent, "open"), !table.isFirstSummary(index, of: parent) {
        hidden = true
      }
    }
    if table.attribute(index, "aria-hidden")?.trimmed.lowercased() == "true" { aria = true }
    if aria || notRendered.contains(name) || table.has(index, "hidden") || styleHides(table.attribute(index, "style"))
      || table.facts.hiddenByStyleSheet.contains(index)
      || (name == "input" && table.attribute(index, "type")?.trimmed.lowercased() == "hidden")
    {
      hidden = true
    }
    // SVG's <title> and <desc> name their parent; they are not content of their own.
    excluded[index] = hidden
    ariaHidden[index] = aria
  }

  /// Whether element `index` is the first `<summary>` child of `details`.
  func isFirstSummary(_ index: Int, of details: Int) -> Bool { table.isFirstSummary(index, of: details) }

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

  /// The number of elements.
  package var elementCount: Int { table.count }

  /// The element indices, in start-tag order.
  package var elementIndices: Range<Int> { table.indices }

  /// The element's name, lowercased.
  package func name(_ index: Int) -> String { table.names[index] }

  /// The value of the element's first attribute named `attribute` (exact match), or nil.
  package func attribute(_ index: Int, _ attribute: String) -> String? { table.attribute(index, attribute) }

  /// Whether the element has an attribute named `attribute`.
  package func has(_ index: Int, _ attribute: String) -> Bool { table.has(index, attribute) }

  /// The element's attributes as (name, value), in source order.
  package func attributes(of index: Int) -> [(name: String, value: String)] {
    table.attributePositions(index).map { (table.attributeNames[$0], table.attributeValues[$0]) }
  }

  /// The element's parent, or nil.
  package func parent(_ index: Int) -> Int? { table.parent(index) }

  /// The indices of the element's ancestors, innermost first.
  package func ancestors(of index: Int) -> UnfoldSequence<Int, Int> { table.ancestors(of: index) }

  /// The element's descendant elements (the contiguous run after it).
  package func descendants(of index: Int) -> Range<Int> { table.descendants(of: index) }

  /// The element's children, in order.
  package func children(of index: Int) -> ArraySlice<MarkupFacts.Child> { table.children[table.childPositions(index)] }

  /// The text content of an element (every descendant text node, in order).
  package func textContent(of index: Int) -> String { table.textContent(of: index) }

  /// The value of an attribute, trimmed of ASCII whitespace and lowercased (for keywords).
  package func keyword(_ index: Int, _ attribute: String) -> String? { table.keyword(index, attribute) }

  /// The element's start tag as a snippet, shortened to 120 characters.
  package func snippet(of index: Int) -> String {
    var result = "<" + facts.names[index]
    for position in table.attributePositions(index) {
      result += " " + table.attributeNames[position] + "=\"" + table.attributeValues[position].replacingQuotes + "\""
      if result.count > 120 { break }
    }
    result += ">"
    if result.count > 120 { result = String(result.prefix(119)) + "…" }
    return result
  }

  /// Whether the element can take keyboard focus (natively or through `tabindex`).
  package func isFocusable(_ index: Int) -> Bool { table.isFocusable(index) }

  /// Whether the element carries a global ARIA state or property (which makes a presentational role
  /// be ignored).
  package func hasGlobalARIA(_ index: Int) -> Bool { table.hasGlobalARIA(index) }
}

extension StringProtocol {
  /// The string without ASCII whitespace at either end.
  var trimmed: String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !Self.isASCIISpace($0) }) else { return "" }
    let last = scalars.lastIndex(where: { !Self.isASCIISpace($0) })!
    return String(String.UnicodeScalarView(scalars[first...last]))
  }

  /// Whether the string is empty or only ASCII white space (`trimmed.isEmpty` without the copy).
  var isBlank: Bool { utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0x0C } }

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
