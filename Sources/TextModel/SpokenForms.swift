/// How a reader writes into the reading text what speech reads specially from structure: a formula
/// (MathML) as its spoken form, an edit (`<del>`, `<ins>`) between marks. Every output (reading
/// view, braille, browse, preview) is written from that one text; speech says the same ranges from
/// the structure kept beside it (``MathRun``, ``TextDocument/editMarks``). See docs/ARCHITECTURE.md,
/// "One spoken form".
///
/// The reading layer cannot say a formula itself (the words live in Speech, above it), so the
/// facade and the CLI hand it ``math``; a reader given none keeps a formula's characters.
package struct SpokenForms: Sendable, Hashable {
  /// Names the wording, for equality: two values with one name say the same.
  package var name: String
  /// The spoken form of a formula in the language tag in force (nil: none declared); the author's
  /// `alttext` when there is one.
  package var math: @Sendable (MathExpression, String?) -> String

  /// Forms named `name` whose formulas read as `math` says them.
  package init(name: String, math: @escaping @Sendable (MathExpression, String?) -> String) {
    self.name = name
    self.math = math
  }

  /// The mark written before an edit's text: NVDA's braille role labels ("del", "ins").
  package static func startMark(_ kind: EditKind) -> String {
    switch kind {
    case .deletion: "del"
    case .insertion: "ins"
    }
  }

  /// The mark written after an edit's text: NVDA's braille field end ("del end", "ins end").
  package static func endMark(_ kind: EditKind) -> String { startMark(kind) + " end" }

  package static func == (lhs: SpokenForms, rhs: SpokenForms) -> Bool { lhs.name == rhs.name }
  package func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
