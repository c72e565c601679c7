/// What the markup of a document said, element by element, for the audit: element names,
/// attributes, nesting, text and source positions. A reader collects it only when asked
/// (`ReaderOptions.collectsMarkupFacts`); a document read otherwise has none and pays nothing.
///
/// ```swift
/// for element in facts.elements where element.name == "img" && element["alt"] == nil { … }
/// ```
/// Elements are in document (start-tag) order; element 0 is the first element of the input.
///
/// The facts are kept flat, one array per field (the `@_spi(Plumbing)` storage the audit reads in
/// place): an ``Element`` value is made when asked for. Keeping one value per element, each with
/// its own attribute and child arrays, cost the audit of a 10 MB page three allocations per element
/// and a copy of every element per rule that read one.
///
/// - Complexity: a few array entries per start tag and attribute; the text is kept once per text node.
package struct MarkupFacts: Sendable {
  /// One child of an element: an element (an index into ``elements``) or a run of text.
  package enum Child: Sendable, Hashable {
    case element(Int)
    case text(String)
  }

  /// One attribute, its name as written (HTML names lowercased by the parser) and its value decoded.
  package struct Attribute: Sendable, Hashable {
    package var name: String
    package var value: String
    package init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }

  /// One element.
  package struct Element: Sendable {
    /// The element's name as the parser reported it (lowercase for HTML).
    package var name: String
    /// Its attributes in source order.
    package var attributes: [Attribute]
    /// The enclosing element's index, or nil for a top-level element.
    package var parent: Int?
    /// Its children in order.
    package var children: [Child] = []
    /// The input byte offset where the parser reported the element (the end of its start tag).
    package var sourceOffset: Int
    /// Line and column (1-based) of ``sourceOffset`` in the input.
    package var line = 0
    package var column = 0

    package init(name: String, attributes: [Attribute], parent: Int?, sourceOffset: Int) {
      self.name = name
      self.attributes = attributes
      self.parent = parent
      self.sourceOffset = sourceOffset
    }

    /// The value of the first attribute named `name` (exact match), or nil.
    package subscript(name: String) -> String? {
      for attribute in attributes where attribute.name == name { return attribute.value }
      return nil
    }

    /// Whether the element has an attribute named `name`.
    package func has(_ name: String) -> Bool { attributes.contains { $0.name == name } }
  }

  /// Each element's name as the parser reported it.
  @_spi(Plumbing) public internal(set) var names: [String] = []
  /// Each element's parent, or -1 for a top-level element.
  @_spi(Plumbing) public internal(set) var parents: [Int] = []
  /// Each element's input offset, line and column (``Element/sourceOffset``).
  @_spi(Plumbing) public internal(set) var sourceOffsets: [Int] = []
  @_spi(Plumbing) public internal(set) var lines: [Int] = []
  @_spi(Plumbing) public internal(set) var columns: [Int] = []
  /// Element `i`'s attributes are `attributeStarts[i]..<attributeStarts[i + 1]` of the two arrays below.
  @_spi(Plumbing) public internal(set) var attributeStarts: [Int] = [0]
  @_spi(Plumbing) public internal(set) var attributeNames: [String] = []
  @_spi(Plumbing) public internal(set) var attributeValues: [String] = []
  /// Element `i`'s children are `childStarts[i]..<childStarts[i + 1]` of ``children``.
  /// The elements a `<style>` sheet hides (`display: none`, `visibility: hidden`), as the HTML
  /// reader's cascade found them; their descendants are hidden with them. An inline `style` is in the
  /// attributes.
  @_spi(Plumbing) public internal(set) var hiddenByStyleSheet: Set<Int> = []
  @_spi(Plumbing) public internal(set) var childStarts: [Int] = [0]
  @_spi(Plumbing) public internal(set) var children: [Child] = []
  /// The text before or between top-level elements.
  package var topLevel: [Child] = []

  package init() {}

  /// Moves every element's input offset through `map` and works out its line and column anew
  /// (a reader that parsed markup it wrote itself, as Markdown's HTML, points the facts at its input).
  @_spi(Plumbing) public mutating func remapSources(
    _ map: (Int) -> Int, lineAndColumn: (Int) -> (line: Int, column: Int)
  ) {
    for index in sourceOffsets.indices {
      let offset = map(sourceOffsets[index])
      sourceOffsets[index] = offset
      (lines[index], columns[index]) = lineAndColumn(offset)
    }
  }

  /// The elements in start-tag order, each made when asked for.
  package var elements: Elements { Elements(facts: self) }

  /// The elements of some facts as values (``Element``), made on access.
  package struct Elements: RandomAccessCollection, Sendable {
    let facts: MarkupFacts
    package var startIndex: Int { 0 }
    package var endIndex: Int { facts.names.count }
    package subscript(index: Int) -> Element { facts[index] }
  }

  /// The element at `index`.
  package subscript(index: Int) -> Element {
    var element = Element(
      name: names[index],
      attributes: (attributeStarts[index]..<attributeStarts[index + 1]).map {
        Attribute(name: attributeNames[$0], value: attributeValues[$0])
      },
      parent: parents[index] < 0 ? nil : parents[index], sourceOffset: sourceOffsets[index])
    element.children = Array(children[childStarts[index]..<childStarts[index + 1]])
    element.line = lines[index]
    element.column = columns[index]
    return element
  }

  /// The indices of `index`'s ancestors, innermost first.
  package func ancestors(of index: Int) -> UnfoldSequence<Int, Int?> {
    sequence(state: parents[index] < 0 ? nil : parents[index]) { (state: inout Int?) -> Int? in
      guard let current = state else { return nil }
      state = parents[current] < 0 ? nil : parents[current]
      return current
    }
  }

  /// The indices of `index`'s descendant elements in document order (start-tag order makes them
  /// the contiguous run after it: the run ends at the first element whose parent comes before
  /// `index`, an ancestor of it or none).
  /// - Complexity: O(d) for d descendants, whatever the depth.
  package func descendants(of index: Int) -> Range<Int> {
    var end = index + 1
    while end < names.count, parents[end] >= index { end += 1 }
    return index + 1..<end
  }

  /// Whether `ancestor` encloses `index` (a parent comes before its children in start-tag order,
  /// so the climb stops below `ancestor`).
  package func isAncestor(_ ancestor: Int, of index: Int) -> Bool {
    var current = parents[index]
    while current >= 0 {
      if current == ancestor { return true }
      if current < ancestor { return false }
      current = parents[current]
    }
    return false
  }

  /// The text content of an element (every descendant text node, in order).
  /// - Complexity: O(n) for the n children of the element and its descendants; a loop with its
  ///   own stack, so any depth is walked without the call stack.
  package func textContent(of index: Int) -> String { textContent(of: index, skipping: { _ in false }) }

  /// The text content of an element without the descendants `skip` names (and all they hold): the
  /// audit's visible text leaves hidden elements out this way.
  /// - Complexity: O(n) for the n children walked; a loop with its own stack.
  package func textContent(of index: Int, skipping skip: (Int) -> Bool) -> String {
    var result = ""
    // The position of the next child to read in each open element, innermost last.
    var positions = [childStarts[index]]
    var ends = [childStarts[index + 1]]
    while let position = positions.last {
      if position == ends[ends.count - 1] {
        positions.removeLast()
        ends.removeLast()
        continue
      }
      positions[positions.count - 1] = position + 1
      switch children[position] {
      case .text(let text): result += text
      case .element(let inner):
        if skip(inner) { continue }
        positions.append(childStarts[inner])
        ends.append(childStarts[inner + 1])
      }
    }
    return result
  }
}

/// Collects ``MarkupFacts`` from a reader's element events (used by DocumentParsing).
///
/// The facts keep the reader's depth limit (`--max-depth`), as the document does: an element
/// nested deeper is not an element of the facts (its attributes are dropped), and its text is the
/// text of the innermost element kept. So every walk over the facts is bounded by the limit, and
/// the reader's one warning says where the structure stops.
@_spi(Plumbing) public struct MarkupFactsCollector: Sendable {
  package private(set) var facts = MarkupFacts()
  /// The deepest nesting kept (the reader's `maximumDepth`).
  package let maximumDepth: Int
  private var open: [Int] = []
  /// The names of the open elements nested past ``maximumDepth``, innermost last (not in the facts).
  private var tooDeep: [String] = []
  /// The children of elements in the order they came, each with its parent: an element's children
  /// are interleaved with its descendants', and are grouped by parent in ``finish(mapping:lineAndColumn:)``.
  private var childParents: [Int] = []
  private var childItems: [MarkupFacts.Child] = []

  /// A collector that keeps elements nested at most `maximumDepth` deep (1: only top-level ones).
  package init(maximumDepth: Int = .max) { self.maximumDepth = max(1, maximumDepth) }

  /// An attribute of the element that starts next (``start(_:sourceOffset:)``), in source order.
  package mutating func attribute(_ name: String, _ value: String) {
    facts.attributeNames.append(name)
    facts.attributeValues.append(value)
  }

  /// An element starts at `sourceOffset` (a parser offset, mapped later by
  /// ``finish(mapping:lineAndColumn:)``), with the attributes given since the last start.
  package mutating func start(_ name: String, sourceOffset: Int) {
    if open.count >= maximumDepth {
      // Too deep: not an element; the attributes given for it are dropped.
      let kept = facts.attributeStarts[facts.attributeStarts.count - 1]
      facts.attributeNames.removeSubrange(kept...)
      facts.attributeValues.removeSubrange(kept...)
      tooDeep.append(name)
      return
    }
    let index = facts.names.count
    let parent = open.last
    facts.names.append(name)
    facts.parents.append(parent ?? -1)
    facts.sourceOffsets.append(sourceOffset)
    facts.attributeStarts.append(facts.attributeNames.count)
    if let parent {
      childParents.append(parent)
      childItems.append(.element(index))
    } else {
      facts.topLevel.append(.element(index))
    }
    open.append(index)
  }

  /// The element that started last is hidden by a style sheet (the reader's cascade says so once
  /// the start is reported); nothing when it was too deep to be kept.
  package mutating func hideLastStartedByStyleSheet() {
    guard tooDeep.isEmpty, let last = open.last, last == facts.names.count - 1 else { return }
    facts.hiddenByStyleSheet.insert(last)
  }

  /// The innermost open element named `name` ends (and any opened inside it).
  package mutating func end(_ name: String) {
    if let position = tooDeep.lastIndex(of: name) {
      tooDeep.removeSubrange(position...)
      return
    }
    guard let position = open.lastIndex(where: { facts.names[$0] == name }) else { return }
    open.removeSubrange(position...)
    tooDeep.removeAll()
  }

  /// Text inside the innermost open element.
  package mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) {
    let text = String(decoding: bytes, as: UTF8.self)
    if let parent = open.last {
      childParents.append(parent)
      childItems.append(.text(text))
    } else {
      facts.topLevel.append(.text(text))
    }
  }

  /// Maps every parser offset to an input offset and its line and column; returns the facts.
  package mutating func finish(
    mapping map: (Int) -> Int, lineAndColumn: (Int) -> (line: Int, column: Int)
  ) -> MarkupFacts {
    let count = facts.names.count
    facts.lines = Array(repeating: 0, count: count)
    facts.columns = Array(repeating: 0, count: count)
    for index in 0..<count {
      let offset = map(facts.sourceOffsets[index])
      facts.sourceOffsets[index] = offset
      (facts.lines[index], facts.columns[index]) = lineAndColumn(offset)
    }
    // The children grouped by parent, each group in the order it came (a counting sort).
    var starts = Array(repeating: 0, count: count + 1)
    for parent in childParents { starts[parent + 1] += 1 }
    for index in 0..<count { starts[index + 1] += starts[index] }
    var next = starts
    var children = [MarkupFacts.Child](repeating: .element(0), count: childItems.count)
    for (parent, child) in zip(childParents, childItems) {
      children[next[parent]] = child
      next[parent] += 1
    }
    facts.childStarts = starts
    facts.children = children
    childParents = []
    childItems = []
    return facts
  }
}
