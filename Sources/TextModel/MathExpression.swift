/// A formula as MathML wrote it, kept as a tree so that speech can say its structure ("3 quarters",
/// "x squared", "the square root of x") instead of its glued characters ("34", "x2").
///
/// The reading view keeps the formula's characters as Chromium's accessibility tree exposes them;
/// ``MathRun`` ties this tree to that text.
public struct MathExpression: Hashable, Sendable {
  /// The formula's content: a ``MathNode/row(_:)`` of the `<math>` element's children.
  public package(set) var root: MathNode
  /// The author's own wording (`alttext`), said instead of the structure when given.
  public package(set) var alttext: String?

  /// A formula from its tree and its `alttext`.
  package init(root: MathNode, alttext: String? = nil) {
    self.root = root
    self.alttext = alttext
  }
}

/// One node of a ``MathExpression``: MathML's presentation elements, reduced to what speech needs.
public indirect enum MathNode: Hashable, Sendable {
  /// A number (`<mn>`), as written.
  case number(String)
  /// An identifier (`<mi>`): a variable, a function or a unit name.
  case identifier(String)
  /// An operator, fence or separator (`<mo>`), including the invisible ones (U+2061–U+2064).
  case `operator`(String)
  /// Text (`<mtext>`, `<ms>`, text directly inside an element).
  case text(String)
  /// A horizontal group (`<mrow>`, `<mstyle>`, `<mpadded>`, `<mphantom>`' content, unknown elements).
  case row([MathNode])
  /// A fraction (`<mfrac>`); `line` is false for `linethickness="0"` (a binomial coefficient).
  case fraction(numerator: MathNode, denominator: MathNode, line: Bool)
  /// A root (`<msqrt>`: no index; `<mroot>`: its index).
  case root(radicand: MathNode, index: MathNode?)
  /// A base with scripts (`<msub>`, `<msup>`, `<msubsup>`; `<mmultiscripts>`' first pair).
  case scripts(base: MathNode, sub: MathNode?, sup: MathNode?)
  /// A base with limits or accents (`<munder>`, `<mover>`, `<munderover>`).
  case limits(base: MathNode, under: MathNode?, over: MathNode?)
  /// A table (`<mtable>`): rows of cells.
  case table([[MathNode]])

  /// The characters the node shows, in order (what the reading view holds for it).
  package var characters: String {
    switch self {
    case .number(let text), .identifier(let text), .operator(let text), .text(let text): text
    case .row(let children): children.map(\.characters).joined()
    case .fraction(let numerator, let denominator, _): numerator.characters + denominator.characters
    case .root(let radicand, let index): radicand.characters + (index?.characters ?? "")
    case .scripts(let base, let sub, let sup): base.characters + (sub?.characters ?? "") + (sup?.characters ?? "")
    case .limits(let base, let under, let over):
      base.characters + (under?.characters ?? "") + (over?.characters ?? "")
    case .table(let rows): rows.map { $0.map(\.characters).joined() }.joined()
    }
  }
}

/// A formula over a range of the document's text (the range holds its characters).
public struct MathRun: Hashable, Sendable {
  /// The text the formula shows.
  public package(set) var range: TextRange
  /// The formula.
  public package(set) var expression: MathExpression

  /// A formula over `range`.
  package init(range: TextRange, expression: MathExpression) {
    self.range = range
    self.expression = expression
  }
}
