internal import CLibXML2
import TextModel

@testable import DocumentParsing

/// The visible text of a document computed independently of our reader: libxml2's own DOM parsers
/// (`htmlReadMemory`, `xmlReadMemory`, pull mode, not our push/SAX layer, not our filter, not our
/// assembler), walked in document order, skipping only the elements that the reading rules drop.
///
/// The rules are restated here on purpose rather than taken from `HTMLSemantics`/`XMLSemantics`, so
/// that a rule added to the reader by mistake makes the test fail.
///
/// One deviation from libxml2, also on purpose: libxml2 2.9 does not know HTML5's abruptly closed
/// comments (`<!-->`, `<!--->`, which end right there in a browser) and reads them to the next `-->`.
/// The reference rewrites them to `<!---->` before parsing, so it sees what a browser shows.
struct VisibleTextReference {
  /// A text node the reference considers visible, and the element names around it.
  struct Node {
    var text: String
    var path: [String]
  }

  private(set) var nodes: [Node] = []
  /// Elements the reference skipped (name and reason), for messages.
  private(set) var dropped: [String] = []

  // MARK: The rules

  /// HTML elements whose content is not read (scripts, styles, templates, embedded content, form
  /// controls that hold no reading text, metadata) — plus the title, which is the document's title
  /// and not part of its text.
  static let htmlDroppedElements: Set<String> = [
    "script", "style", "template", "noscript", "iframe", "object", "embed", "canvas", "audio", "video", "meta", "link",
    "base", "datalist", "param", "source", "track", "select", "textarea", "title",
  ]
  /// XML note elements whose content is not read.
  static let xmlDroppedElements: Set<String> = [
    "script", "style", "remark", "indexterm", "comment", "draft-comment", "metadata", "info-hidden", "prolog",
  ]

  /// Why an element is dropped by the rules, or nil when its content is read.
  static func dropReason(_ name: String, _ attributes: [(String, String)], html: Bool) -> String? {
    let local = html ? name.lowercased() : String(name.split(separator: ":").last ?? Substring(name)).lowercased()
    if html ? htmlDroppedElements.contains(local) : xmlDroppedElements.contains(local) { return "<\(local)>" }
    func value(_ key: String) -> String? { attributes.first { $0.0.lowercased() == key }?.1 }
    if value("hidden") != nil { return "hidden" }
    if value("aria-hidden")?.lowercased().filter({ !$0.isWhitespace }) == "true" { return "aria-hidden" }
    if let style = value("style")?.lowercased().filter({ !$0.isWhitespace }),
      style.contains("display:none") || style.contains("visibility:hidden")
    {
      return "style"
    }
    // Content replaced by an accessible name (an image's alt or label is read instead).
    if value("role")?.lowercased().split(separator: " ").first == "img", value("aria-label") != nil {
      return "role=img"
    }
    if ["img", "image", "imagedata", "graphic"].contains(local) { return "image" }
    return nil
  }

  // MARK: Building

  private final class Walk {
    var html: Bool
    var stack: [(name: String, attributes: [(String, String)], dropReason: String?)] = []
    var droppedDepth = 0
    var nodes: [Node] = []
    var dropped: [String] = []
    init(html: Bool) { self.html = html }

    /// Decides whether the element on top of the stack is dropped (once its attributes are known).
    func settle() {
      guard let top = stack.last, top.dropReason == nil, !top.name.isEmpty else { return }
      if let reason = VisibleTextReference.dropReason(top.name, top.attributes, html: html) {
        stack[stack.count - 1].dropReason = reason
        droppedDepth += 1
        dropped.append("\(top.name) (\(reason))")
      }
    }
  }

  init(html bytes: [UInt8]) {
    var input = Self.closingAbruptComments(bytes)
    // Decoded the way the readers decode (WHATWG rules), so both sides see the same characters.
    var decoder = InputDecoder(head: input.prefix(InputSource.headLength), format: .html, override: nil)
    input = decoder.decodeAll(input)
    let encoding: String? = "UTF-8"
    let walk = Walk(html: true)
    Self.visit(walk) { visitor, context in
      input.withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) { chars in
          if let encoding {
            _ = encoding.withCString {
              clx_dom_visit_html(chars.baseAddress!, Int32(chars.count), $0, visitor, context)
            }
          } else {
            _ = clx_dom_visit_html(chars.baseAddress!, Int32(chars.count), nil, visitor, context)
          }
        }
      }
    }
    nodes = walk.nodes
    dropped = walk.dropped
  }

  init(xml bytes: [UInt8]) {
    let walk = Walk(html: false)
    // Deep nesting needs XML_PARSE_HUGE; it is safe only where no entity is declared.
    let huge: Int32 = String(decoding: bytes, as: UTF8.self).contains("<!ENTITY") ? 0 : 1
    Self.visit(walk) { visitor, context in
      bytes.withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) { chars in
          _ = clx_dom_visit_xml(chars.baseAddress!, Int32(chars.count), huge, visitor, context)
        }
      }
    }
    nodes = walk.nodes
    dropped = walk.dropped
  }

  private static func visit(_ walk: Walk, _ body: (UnsafePointer<clx_dom_visitor>, UnsafeMutableRawPointer) -> Void) {
    var visitor = clx_dom_visitor()
    visitor.start = { context, name in
      let walk = Unmanaged<Walk>.fromOpaque(context!).takeUnretainedValue()
      walk.settle()
      walk.stack.append((String(cString: name), [], nil))
    }
    visitor.attribute = { context, name, value in
      let walk = Unmanaged<Walk>.fromOpaque(context!).takeUnretainedValue()
      walk.stack[walk.stack.count - 1].attributes.append((String(cString: name), String(cString: value)))
    }
    visitor.text = { context, text in
      let walk = Unmanaged<Walk>.fromOpaque(context!).takeUnretainedValue()
      walk.settle()
      guard walk.droppedDepth == 0 else { return }
      walk.nodes.append(Node(text: String(cString: text), path: walk.stack.map(\.name)))
    }
    visitor.end = { context in
      let walk = Unmanaged<Walk>.fromOpaque(context!).takeUnretainedValue()
      walk.settle()
      if walk.stack.removeLast().dropReason != nil { walk.droppedDepth -= 1 }
    }
    withUnsafePointer(to: &visitor) { body($0, Unmanaged.passUnretained(walk).toOpaque()) }
  }

  /// `<!-->` and `<!--->` → `<!---->` (HTML5: an abruptly closed empty comment).
  static func closingAbruptComments(_ bytes: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    var index = 0
    let open: [UInt8] = Array("<!--".utf8)
    while index < bytes.count {
      if bytes[index] == 0x3C, bytes[index...].starts(with: open) {
        let after = index + 4
        if after < bytes.count, bytes[after] == 0x3E {
          result.append(contentsOf: Array("<!---->".utf8))
          index = after + 1
          continue
        }
        if after + 1 < bytes.count, bytes[after] == 0x2D, bytes[after + 1] == 0x3E {
          result.append(contentsOf: Array("<!---->".utf8))
          index = after + 2
          continue
        }
        // A real comment: copy it whole, so that a "<!-->" inside it is left alone.
        var end = after
        while end + 2 < bytes.count, !(bytes[end] == 0x2D && bytes[end + 1] == 0x2D && bytes[end + 2] == 0x3E) {
          end += 1
        }
        let stop = min(bytes.count, end + 3)
        result.append(contentsOf: bytes[index..<stop])
        index = stop
        continue
      }
      result.append(bytes[index])
      index += 1
    }
    return result
  }

  // MARK: Checking

  /// The first visible text node whose characters (whitespace aside) do not appear in `text` in
  /// order, each node contiguously after the previous one; nil when every node does.
  func firstMissingNode(in text: String) -> (node: Node, index: Int)? {
    let haystack = Array(text.unicodeScalars.filter { !$0.properties.isWhitespace })
    var cursor = 0
    for (index, node) in nodes.enumerated() {
      let needle = Array(node.text.unicodeScalars.filter { !$0.properties.isWhitespace })
      if needle.isEmpty { continue }
      guard let found = Self.find(needle, in: haystack, from: cursor) else { return (node, index) }
      cursor = found + needle.count
    }
    return nil
  }

  private static func find(_ needle: [Unicode.Scalar], in haystack: [Unicode.Scalar], from start: Int) -> Int? {
    guard needle.count <= haystack.count else { return nil }
    let first = needle[0]
    var index = start
    while index + needle.count <= haystack.count {
      if haystack[index] == first && haystack[index..<index + needle.count].elementsEqual(needle) { return index }
      index += 1
    }
    return nil
  }
}
