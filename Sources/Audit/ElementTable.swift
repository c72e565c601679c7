@_spi(Plumbing) internal import TextModel

/// The markup facts laid out flat for the rules: one array per field, indexed by element, and every
/// element's attributes and children in shared arrays cut by start offsets. A rule reads one field
/// of one element in place: a `MarkupFacts.Element` value holds three reference-counted fields, and
/// copying one per element per rule was the largest single cost of auditing a large page.
///
/// Built once per ``AuditPage`` from the facts' own flat arrays (shared, not copied); everything is
/// a `let`, so reads from the page (a class) need no exclusivity checks.
struct ElementTable {
  /// Each element's name, lowercased.
  let names: [String]
  /// Each element's parent, or -1 for a top-level element.
  let parents: [Int]
  /// Element `i`'s attributes are `attributeStarts[i]..<attributeStarts[i + 1]` of the two arrays below.
  let attributeStarts: [Int]
  let attributeNames: [String]
  let attributeValues: [String]
  /// Element `i`'s children are `childStarts[i]..<childStarts[i + 1]` of ``children``.
  let childStarts: [Int]
  let children: [MarkupFacts.Child]
  /// The facts themselves, for the tree walks they already answer (descendants, text content).
  let facts: MarkupFacts

  init(_ facts: MarkupFacts) {
    self.facts = facts
    // The facts' own arrays, shared (copy on write: nothing is copied); only names with a capital
    // (XHTML, XML) are lowercased.
    names =
      facts.names.contains { $0.utf8.contains { $0 >= 0x41 && $0 <= 0x5A } }
      ? facts.names.map { $0.utf8.contains { $0 >= 0x41 && $0 <= 0x5A } ? $0.lowercased() : $0 } : facts.names
    parents = facts.parents
    attributeStarts = facts.attributeStarts
    attributeNames = facts.attributeNames
    attributeValues = facts.attributeValues
    childStarts = facts.childStarts
    children = facts.children
  }

  var count: Int { names.count }
  var indices: Range<Int> { 0..<names.count }

  /// The value of element `index`'s first attribute named `name` (exact match), or nil.
  @inline(__always) func attribute(_ index: Int, _ name: String) -> String? {
    for position in attributeStarts[index]..<attributeStarts[index + 1] where attributeNames[position] == name {
      return attributeValues[position]
    }
    return nil
  }

  /// Whether element `index` has an attribute named `name`.
  @inline(__always) func has(_ index: Int, _ name: String) -> Bool {
    for position in attributeStarts[index]..<attributeStarts[index + 1] where attributeNames[position] == name {
      return true
    }
    return false
  }

  /// The positions of element `index`'s attributes in ``attributeNames`` and ``attributeValues``.
  @inline(__always) func attributePositions(_ index: Int) -> Range<Int> {
    attributeStarts[index]..<attributeStarts[index + 1]
  }

  /// The positions of element `index`'s children in ``children``.
  @inline(__always) func childPositions(_ index: Int) -> Range<Int> { childStarts[index]..<childStarts[index + 1] }

  /// Element `index`'s parent, or nil.
  @inline(__always) func parent(_ index: Int) -> Int? {
    let parent = parents[index]
    return parent < 0 ? nil : parent
  }

  /// The indices of `index`'s ancestors, innermost first.
  func ancestors(of index: Int) -> UnfoldSequence<Int, Int> {
    sequence(state: parents[index]) { (state: inout Int) -> Int? in
      guard state >= 0 else { return nil }
      defer { state = parents[state] }
      return state
    }
  }

  /// Whether `ancestor` encloses `index`.
  func isAncestor(_ ancestor: Int, of index: Int) -> Bool { facts.isAncestor(ancestor, of: index) }

  /// The indices of `index`'s descendant elements (the contiguous run after it in start-tag order).
  func descendants(of index: Int) -> Range<Int> { facts.descendants(of: index) }

  /// The text content of an element (every descendant text node, in order).
  func textContent(of index: Int) -> String { facts.textContent(of: index) }

  /// The first child element of `index` named `tag`.
  func firstChild(_ index: Int, named tag: String) -> Int? {
    for position in childPositions(index) {
      if case .element(let inner) = children[position], names[inner] == tag { return inner }
    }
    return nil
  }

  /// Whether element `index` is the first `<summary>` child of `details`.
  func isFirstSummary(_ index: Int, of details: Int) -> Bool {
    firstChild(details, named: "summary") == index
  }

  /// The value of an attribute, trimmed of ASCII whitespace and lowercased (for keywords).
  func keyword(_ index: Int, _ attribute: String) -> String? { self.attribute(index, attribute)?.trimmed.lowercased() }
}

/// The scalars of valid UTF-8 (a String's bytes), each with its byte offset and length, decoded in
/// place: the text rules walk a whole document's scalars, and the String view's checked decoding
/// cost more than the rules' own tests.
struct UTF8Scalars: Sequence, IteratorProtocol {
  let bytes: UnsafeBufferPointer<UInt8>
  var position = 0

  init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  /// Moves past the scalars whose UTF-8 lead byte is below `lead` (at most 0xC0 apart from the
  /// lead bytes: every scalar below a code point), and returns whether it moved.
  mutating func skip(below lead: UInt8) -> Bool {
    let start = position
    while position < bytes.count && bytes[position] < lead { position += 1 }
    return position > start
  }

  mutating func next() -> (scalar: Unicode.Scalar, offset: Int, length: Int)? {
    guard position < bytes.count else { return nil }
    let offset = position
    let lead = bytes[offset]
    let value: UInt32
    let length: Int
    if lead < 0x80 {
      value = UInt32(lead)
      length = 1
    } else if lead < 0xE0 {
      value = UInt32(lead & 0x1F) << 6 | UInt32(bytes[offset + 1] & 0x3F)
      length = 2
    } else if lead < 0xF0 {
      value = UInt32(lead & 0x0F) << 12 | UInt32(bytes[offset + 1] & 0x3F) << 6 | UInt32(bytes[offset + 2] & 0x3F)
      length = 3
    } else {
      value =
        UInt32(lead & 0x07) << 18 | UInt32(bytes[offset + 1] & 0x3F) << 12 | UInt32(bytes[offset + 2] & 0x3F) << 6
        | UInt32(bytes[offset + 3] & 0x3F)
      length = 4
    }
    position += length
    // Valid UTF-8 (a String's) decodes to a valid scalar.
    return (Unicode.Scalar(value)!, offset, length)
  }
}
