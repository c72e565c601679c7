/// What the markup of a document said, element by element, for the audit: element names,
/// attributes, nesting, text and source positions. A reader collects it only when asked
/// (`ReaderOptions.collectsMarkupFacts`); a document read otherwise has none and pays nothing.
///
/// ```swift
/// for element in facts.elements where element.name == "img" && element["alt"] == nil { … }
/// ```
/// Elements are in document (start-tag) order; element 0 is the first element of the input.
///
/// - Complexity: one element value per start tag; the text is kept once per text node.
public struct MarkupFacts: Sendable {
  /// One child of an element: an element (an index into ``elements``) or a run of text.
  public enum Child: Sendable, Hashable {
    case element(Int)
    case text(String)
  }

  /// One attribute, its name as written (HTML names lowercased by the parser) and its value decoded.
  public struct Attribute: Sendable, Hashable {
    public var name: String
    public var value: String
    public init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }

  /// One element.
  public struct Element: Sendable {
    /// The element's name as the parser reported it (lowercase for HTML).
    public var name: String
    /// Its attributes in source order.
    public var attributes: [Attribute]
    /// The enclosing element's index, or nil for a top-level element.
    public var parent: Int?
    /// Its children in order.
    public var children: [Child] = []
    /// The input byte offset where the parser reported the element (the end of its start tag).
    public var sourceOffset: Int
    /// Line and column (1-based) of ``sourceOffset`` in the input.
    public var line = 0
    public var column = 0

    public init(name: String, attributes: [Attribute], parent: Int?, sourceOffset: Int) {
      self.name = name
      self.attributes = attributes
      self.parent = parent
      self.sourceOffset = sourceOffset
    }

    /// The value of the first attribute named `name` (exact match), or nil.
    public subscript(name: String) -> String? {
      for attribute in attributes where attribute.name == name { return attribute.value }
      return nil
    }

    /// Whether the element has an attribute named `name`.
    public func has(_ name: String) -> Bool { attributes.contains { $0.name == name } }
  }

  /// The elements in start-tag order.
  public var elements: [Element] = []
  /// The text before or between top-level elements.
  public var topLevel: [Child] = []

  public init() {}

  /// The element at `index`.
  public subscript(index: Int) -> Element { elements[index] }

  /// The indices of `index`'s ancestors, innermost first.
  public func ancestors(of index: Int) -> UnfoldSequence<Int, Int?> {
    sequence(state: elements[index].parent) { (state: inout Int?) -> Int? in
      guard let current = state else { return nil }
      state = elements[current].parent
      return current
    }
  }

  /// The indices of `index`'s descendant elements in document order (start-tag order makes them
  /// the contiguous run after it).
  public func descendants(of index: Int) -> Range<Int> {
    var end = index + 1
    while end < elements.count, isAncestor(index, of: end) { end += 1 }
    return index + 1..<end
  }

  /// Whether `ancestor` encloses `index`.
  public func isAncestor(_ ancestor: Int, of index: Int) -> Bool {
    var current = elements[index].parent
    while let parent = current {
      if parent == ancestor { return true }
      if parent < ancestor { return false }
      current = elements[parent].parent
    }
    return false
  }

  /// The text content of an element (every descendant text node, in order).
  public func textContent(of index: Int) -> String {
    var result = ""
    appendText(of: index, to: &result)
    return result
  }

  private func appendText(of index: Int, to result: inout String) {
    for child in elements[index].children {
      switch child {
      case .text(let text): result += text
      case .element(let inner): appendText(of: inner, to: &result)
      }
    }
  }
}

/// Collects ``MarkupFacts`` from a reader's element events (used by DocumentParsing).
@_spi(Plumbing) public struct MarkupFactsCollector: Sendable {
  public private(set) var facts = MarkupFacts()
  private var open: [Int] = []

  public init() {}

  /// An element starts at `sourceOffset` (a parser offset, mapped later by ``mapOffsets(_:)``).
  public mutating func start(_ name: String, attributes: [MarkupFacts.Attribute], sourceOffset: Int) {
    let index = facts.elements.count
    let parent = open.last
    facts.elements.append(
      MarkupFacts.Element(name: name, attributes: attributes, parent: parent, sourceOffset: sourceOffset))
    if let parent {
      facts.elements[parent].children.append(.element(index))
    } else {
      facts.topLevel.append(.element(index))
    }
    open.append(index)
  }

  /// The innermost open element named `name` ends (and any opened inside it).
  public mutating func end(_ name: String) {
    guard let position = open.lastIndex(where: { facts.elements[$0].name == name }) else { return }
    open.removeSubrange(position...)
  }

  /// Text inside the innermost open element.
  public mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) {
    let text = String(decoding: bytes, as: UTF8.self)
    if let parent = open.last {
      facts.elements[parent].children.append(.text(text))
    } else {
      facts.topLevel.append(.text(text))
    }
  }

  /// Maps every parser offset to an input offset and its line and column; returns the facts.
  public mutating func finish(
    mapping map: (Int) -> Int, lineAndColumn: (Int) -> (line: Int, column: Int)
  ) -> MarkupFacts {
    for index in facts.elements.indices {
      let offset = map(facts.elements[index].sourceOffset)
      facts.elements[index].sourceOffset = offset
      (facts.elements[index].line, facts.elements[index].column) = lineAndColumn(offset)
    }
    return facts
  }
}
