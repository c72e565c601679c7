internal import TextModel

/// Reads one `<math>` element's presentation markup into a ``MathExpression`` while the document
/// goes on taking its characters as text (the reading view shows what Chromium's accessibility tree
/// exposes: the formula's characters). ``MarkupAssembler`` feeds it the elements and text between
/// `<math>` and `</math>`, HTML's and XML's alike (an XML name's prefix, `m:mfrac`, is dropped).
///
/// - Complexity: O(n) in the formula's elements and text.
struct MathMLReader {
  /// One open element: its local name, what it holds so far, and the attributes the tree needs.
  private struct Open {
    var name: Substring
    var children: [MathNode] = []
    var text: [UInt8] = []
    /// `<mfrac linethickness="0">`: no line (a binomial coefficient).
    var lineless = false
    /// `<mfenced>`'s fences and separators.
    var fences: (open: String, close: String, separators: String)?
  }

  /// The elements open inside the formula, `<math>` first.
  private var stack: [Open]
  /// The deepest nesting kept as structure inside a formula: the reader's `--max-depth`, at most
  /// ``deepestFormula``. Deeper elements give their text to the element at the limit, so no tree is
  /// deeper (a tree 100,000 deep overflowed the stack when it was said or freed).
  private let maximumDepth: Int
  /// Elements open beyond ``maximumDepth`` (their end tags close nothing kept).
  private var ignoredDepth = 0
  /// The author's wording of the formula (`alttext`, else `aria-label`).
  let alttext: String?
  /// Where the formula's text starts in the document.
  let textStart: Int
  /// Where `<math>` starts in the input (the spoken form's text maps there).
  var sourceOffset = 0
  /// The language tag in force at `<math>` (its own `lang`, an enclosing one, the document's).
  var language: String?

  /// The deepest formula kept as a tree whatever `--max-depth` allows (MathSpeech and the tree's
  /// own release recurse once per level; real formulas nest a few dozen levels).
  static let deepestFormula = 256

  /// Whether an element named `name` opens a formula.
  static func opensFormula(_ name: String) -> Bool { localName(name) == "math" }

  /// A reader for a `<math>` element with `attributes`, whose text starts at `textStart`.
  init(_ attributes: ElementAttributes, textStart: Int, maximumDepth: Int = 256) {
    self.maximumDepth = max(1, min(maximumDepth, Self.deepestFormula))
    let wording = (attributes["alttext"] ?? attributes["aria-label"])?.split(whereSeparator: \.isWhitespace)
      .joined(separator: " ")
    alttext = wording?.isEmpty == false ? wording : nil
    self.textStart = textStart
    stack = [Open(name: "math")]
  }

  /// An element inside the formula starts.
  mutating func start(_ name: String, _ attributes: ElementAttributes) {
    if ignoredDepth > 0 || stack.count >= maximumDepth {
      ignoredDepth += 1
      return
    }
    var open = Open(name: Self.localName(name))
    if open.name == "mfrac", let thickness = attributes["linethickness"] {
      open.lineless = thickness.allSatisfy { $0 == "0" || $0 == "." || $0.isLetter || $0 == " " }
    }
    if open.name == "mfenced" {
      open.fences = (
        attributes["open"] ?? "(", attributes["close"] ?? ")", attributes["separators"] ?? ","
      )
    }
    stack.append(open)
  }

  /// Text inside the formula.
  mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard !stack.isEmpty else { return }
    stack[stack.count - 1].text.append(contentsOf: bytes)
  }

  /// An element ends; the formula when it is the `<math>` element (a stray end tag is ignored, an
  /// element left open is closed, as the document's stack does).
  mutating func end(_ name: String) -> MathExpression? {
    if ignoredDepth > 0 {
      ignoredDepth -= 1
      return nil
    }
    let local = Self.localName(name)
    guard let index = stack.lastIndex(where: { $0.name == local }) else { return nil }
    while stack.count > index + 1 { close() }
    if index == 0 { return finish() }
    close()
    return nil
  }

  /// The formula so far, every element still open closed (the document ended inside it).
  mutating func finish() -> MathExpression {
    while stack.count > 1 { close() }
    let top = stack.removeLast()
    return MathExpression(root: .row(Self.withText(top)), alttext: alttext)
  }

  /// Closes the innermost open element into a node of its parent.
  private mutating func close() {
    let open = stack.removeLast()
    if let node = Self.node(of: open) { stack[stack.count - 1].children.append(node) }
  }

  /// What an element makes, from its name and content (nil for elements that show nothing).
  private static func node(of open: Open) -> MathNode? {
    let children = open.children
    func child(_ index: Int) -> MathNode { index < children.count ? children[index] : .row([]) }
    func optional(_ index: Int) -> MathNode? {
      guard index < children.count else { return nil }
      if case .row(let items) = children[index], items.isEmpty { return nil }
      return children[index]
    }
    switch open.name {
    case "mi", "mn", "mo", "mtext", "ms":
      let text = trimmed(open.text) + children.map(\.characters).joined()
      guard !text.isEmpty else { return nil }
      switch open.name {
      case "mi": return .identifier(text)
      case "mn": return .number(text)
      case "mo": return .operator(text)
      default: return .text(text)
      }
    case "mspace", "none", "mprescripts", "annotation", "annotation-xml", "mphantom", "malignmark", "maligngroup":
      return nil
    case "semantics": return children.first
    case "mfrac": return .fraction(numerator: child(0), denominator: child(1), line: !open.lineless)
    case "msqrt": return .root(radicand: grouped(children), index: nil)
    case "mroot": return .root(radicand: child(0), index: optional(1))
    case "msub": return .scripts(base: child(0), sub: optional(1), sup: nil)
    case "msup": return .scripts(base: child(0), sub: nil, sup: optional(1))
    case "msubsup", "mmultiscripts": return .scripts(base: child(0), sub: optional(1), sup: optional(2))
    case "munder": return .limits(base: child(0), under: optional(1), over: nil)
    case "mover": return .limits(base: child(0), under: nil, over: optional(1))
    case "munderover": return .limits(base: child(0), under: optional(1), over: optional(2))
    case "mtd": return .row(withText(open))
    case "mtr", "mlabeledtr":
      let cells = open.name == "mlabeledtr" ? Array(children.dropFirst()) : children
      return .table([cells])
    case "mtable":
      return .table(
        children.flatMap { node -> [[MathNode]] in
          if case .table(let rows) = node { return rows }
          return [[node]]
        })
    case "mfenced":
      let fences = open.fences ?? ("(", ")", ",")
      let separators = Array(fences.separators.filter { !$0.isWhitespace })
      var items: [MathNode] = fences.open.isEmpty ? [] : [.operator(fences.open)]
      for (index, node) in children.enumerated() {
        if index > 0, !separators.isEmpty {
          items.append(.operator(String(separators[min(index - 1, separators.count - 1)])))
        }
        items.append(node)
      }
      if !fences.close.isEmpty { items.append(.operator(fences.close)) }
      return .row(items)
    default:
      return grouped(withText(open))
    }
  }

  /// One node for a group: its only child, or a row.
  private static func grouped(_ children: [MathNode]) -> MathNode {
    children.count == 1 ? children[0] : .row(children)
  }

  /// An element's children, with text written directly inside it (outside any token) as text.
  private static func withText(_ open: Open) -> [MathNode] {
    let text = trimmed(open.text)
    return text.isEmpty ? open.children : open.children + [.text(text)]
  }

  /// Text with its whitespace collapsed and trimmed (MathML token content).
  private static func trimmed(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// A name without its namespace prefix (`m:mfrac` → `mfrac`).
  private static func localName(_ name: String) -> Substring {
    guard let colon = name.lastIndex(of: ":") else { return name[...] }
    return name[name.index(after: colon)...]
  }
}
