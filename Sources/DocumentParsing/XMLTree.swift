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
    let parser = SAXParser(.xml, name: name)
    guard parser.context != nil else { return nil }
    parser.parseXML(bytes, isFinal: true)
    var batch = parser.takeBatch(leaving: SAXBatch())
    if parser.halted {
      // Recover as the XML reader does: the whole part again in libxml2's recover mode.
      _ = parser.rereadXML(bytes)
      batch = parser.takeBatch(leaving: SAXBatch())
    }
    var root: XMLTree?
    var stack: [XMLTree] = []
    for event in batch.events {
      switch event {
      case .start(let element, let attributes, let consumed):
        let node = XMLTree(name: element.string, attributes: attributes, offset: consumed)
        if let parent = stack.last { parent.children.append(.element(node)) } else if root == nil { root = node }
        stack.append(node)
      case .end:
        _ = stack.popLast()
      case .text(let range, _):
        stack.last?.children.append(.text(String(decoding: batch.text[range], as: UTF8.self)))
      default:
        break
      }
    }
    return root
  }
}
