/// A ``SpeechLexicon`` kept once per language behind one reference, for the renderer's hot paths.
///
/// `SpeechLexicon` is a struct of ~45 reference-counted fields (strings, closures, dictionaries).
/// `SpeechLexicon.forLanguage(_:)` returns a copy of a static one: a retain of every field, and a
/// release of every field when the copy goes away. Asked for once per word from about fifteen
/// places, that was 15% of speaking a text (issue 15). A `SharedLexicon` is handed around as one
/// reference, and `lexicon.units` reads one field (the key path is a literal, folded to a field
/// access by the optimizer), so a lookup costs one retain.
///
/// The built-in languages are static; a language without a lexicon of its own (French…) gets
/// ``SpeechLexicon/neutral(_:)``, made once per renderer (`SpeechBuilder.lexicon(_:)`).
@dynamicMemberLookup
final class SharedLexicon: Sendable {
  /// The lexicon itself.
  let lexicon: SpeechLexicon

  init(_ lexicon: SpeechLexicon) { self.lexicon = lexicon }

  subscript<Value>(dynamicMember member: KeyPath<SpeechLexicon, Value>) -> Value { lexicon[keyPath: member] }

  /// ``SpeechLexicon/join(_:)``.
  func join(_ parts: [String]) -> String { lexicon.join(parts) }

  /// Read directly: the optimizer left this optional closure's key path to the runtime (it was
  /// instantiated per number, 0.7% of speaking a text).
  var decimalReading: (@Sendable (_ whole: String, _ fraction: String) -> String)? { lexicon.decimalReading }

  static let english = SharedLexicon(.english)
  static let chinese = SharedLexicon(.chinese)
  static let japanese = SharedLexicon(.japanese)
  static let vietnamese = SharedLexicon(.vietnamese)
  static let arabic = SharedLexicon(.arabic)

  /// The built-in lexicon for a language key (``SpeechLexicon/key(_:)``), nil for a language that
  /// has none (its neutral lexicon is made by the caller, once).
  static func builtIn(_ key: String) -> SharedLexicon? {
    switch key {
    case "en": english
    case "zh": chinese
    case "ja": japanese
    case "vi": vietnamese
    case "ar": arabic
    default: nil
    }
  }
}
