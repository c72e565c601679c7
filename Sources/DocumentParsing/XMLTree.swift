internal import TextModel

/// A small element tree of a container's XML part (EPUB's container.xml and package document, a
/// DOCX part), built from libxml2's events (``SAXParser``, the XML dialect: no DTD, no external
/// entity, no network; entity expansion bounded).
///
/// Element names are qualified as written (`dc:title`, `w:p`); attribute names are lowercased, as
/// ``ElementAttributes`` keeps them. ``localName`` drops the prefix.
final class XMLTree {
  /// The element's qualified name.
  let name: String
  /// The attributes, lowercased names.
  let attributes: ElementAttributes
  /// The element children and text, in document order.
  private(set) var children: [Child] = []
  /// Where the element starts in the part's bytes (libxml2's position after its start tag).
  let offset: Int

  enum Child {
    case element(XMLTree)
    case text(String)
  }

  init(name: String, attributes: ElementAttributes, offset: Int) {
    self.name = name
    self.attributes = attributes
    self.offset = offset
  }

  /// The name without its prefix (`title` for `dc:title`).
  var localName: Substring { name.split(separator: ":").last ?? Substring(name) }

  /// The value of attribute `name` (lowercase, qualified as written: `full-path`, `w:val`).
  subscript(attribute name: String) -> String? { attributes[name] }

  /// The element children.
  var elements: [XMLTree] {
    children.compactMap {
      if case .element(let element) = $0 { return element }
      return nil
    }
  }

  /// The element children whose local name is `local`.
  func elements(_ local: String) -> [XMLTree] { elements.filter { $0.localName == local } }

  /// The first element child whose local name is `local`.
  func first(_ local: String) -> XMLTree? { elements.first { $0.localName == local } }

  /// Every descendant (depth first, document order) whose local name is `local`.
  func descendants(_ local: String) -> [XMLTree] {
    var found: [XMLTree] = []
    var stack: [XMLTree] = [self]
    while let node = stack.popLast() {
      if node !== self, node.localName == local { found.append(node) }
      stack.append(contentsOf: node.elements.reversed())
    }
    return found
  }

  /// The text of the element and its descendants.
  var text: String {
    var out = ""
    var stack: [Child] = children.reversed()
    while let child = stack.popLast() {
      switch child {
      case .text(let text): out += text
      case .element(let element): stack.append(contentsOf: element.children.reversed())
      }
    }
    return out
  }

  /// The root element of `bytes` (an XML part named `name`), or nil when libxml2 found none.
  static func parse(_ bytes: [UInt8], name: String) -> XMLTree? {
    var diagnostics: [Diagnostic] = []
    return parse(bytes, name: name, diagnostics: &diagnostics)
  }

  /// The root element of `bytes` (an XML part named `name`), or nil when libxml2 found none; what
  /// changed the text read is added to `diagnostics`, placed in entry `name`: an entity not
  /// expanded (an external one is never loaded), control characters read as spaces, a re-read in
  /// recover mode. The bytes go through the XML reader's ``MarkupFilter`` first, as its do.
  static func parse(_ bytes: [UInt8], name: String, diagnostics: inout [Diagnostic]) -> XMLTree? {
    let parser = SAXParser(.xml, name: name)
    guard parser.context != nil else { return nil }
    var filter = MarkupFilter(mode: .xml, maximumAttributes: ReaderOptions.default.maximumAttributes)
    let filtered = bytes.withUnsafeBytes { filter.filter($0, isFinal: true) }
    parser.parseXML(filtered, isFinal: true)
    var batch = parser.takeBatch(leaving: SAXBatch())
    if let first = filter.firstControl {
      let (line, column) = LineIndex(filtered).place(of: first.offset)
      var diagnostic = MarkupFilter.controlDiagnostic(
        count: filter.controlCount, first: first.byte, line: line, column: column)
      diagnostic.entry = name
      diagnostics.append(diagnostic)
    }
    if parser.halted {
      // Recover as the XML reader does: the whole part again in libxml2's recover mode.
      let stop = batch.events.lazy.compactMap { event -> Diagnostic? in
        if case .problem(let problem) = event, problem.severity == .error { return problem }
        return nil
      }.first
      _ = parser.rereadXML(filtered)
      batch = parser.takeBatch(leaving: SAXBatch())
      diagnostics.append(
        Diagnostic(
          .warning, "the XML is not well-formed here; it was re-read in libxml2's recover mode",
          line: stop?.line, column: stop?.column, entry: name, changesText: true))
    }
    var root: XMLTree?
    var stack: [XMLTree] = []
    // Elements past the depth limit are left out with what they hold, and said once: the tree's
    // readers walk it recursively, and a part nested 20,000 deep crashed them (issue 55).
    let maximumDepth = ReaderOptions.default.maximumDepth
    var skipped = 0
    var said = false
    for event in batch.events {
      switch event {
      case .start(let element, let attributes, let consumed):
        if skipped > 0 || stack.count >= maximumDepth {
          if !said {
            said = true
            let (line, column) = LineIndex(filtered).place(of: consumed)
            diagnostics.append(
              Diagnostic(
                .warning,
                "elements nested deeper than \(maximumDepth) levels are left out with their text (limit: --max-depth)",
                line: line, column: column, entry: name, changesText: true))
          }
          skipped += 1
          continue
        }
        let node = XMLTree(name: element.string, attributes: attributes, offset: consumed)
        if let parent = stack.last { parent.children.append(.element(node)) } else if root == nil { root = node }
        stack.append(node)
      case .end:
        if skipped > 0 { skipped -= 1 } else { _ = stack.popLast() }
      case .text(let range, _):
        guard skipped == 0 else { continue }
        stack.last?.children.append(.text(String(decoding: batch.text[range], as: UTF8.self)))
      case .problem(var problem) where problem.changesText:
        problem.entry = name
        diagnostics.append(problem)
      default:
        break
      }
    }
    return root
  }
}

/// Line starts of a part's bytes, for the line and column of an offset in it.
struct LineIndex {
  private var starts: [Int] = [0]

  init(_ bytes: [UInt8]) {
    for (index, byte) in bytes.enumerated() where byte == 0x0A { starts.append(index + 1) }
  }

  /// The 1-based line and column (UTF-8 bytes) of `offset`.
  /// - Complexity: O(log l) for l lines.
  func place(of offset: Int) -> (line: Int, column: Int) {
    var low = 0
    var high = starts.count
    while high - low > 1 {
      let middle = (low + high) / 2
      if starts[middle] <= offset { low = middle } else { high = middle }
    }
    return (low + 1, offset - starts[low] + 1)
  }
}
