internal import ParallelSupport
internal import TextModel

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
/// ``SpeechLexicon/neutral(_:)``, made once per process (``NeutralLexicons``). A renderer resolves the
/// lexicons of its document's languages once, into a ``LexiconTable``.
@dynamicMemberLookup
final class SharedLexicon: Sendable {
  /// The lexicon itself.
  let lexicon: SpeechLexicon

  /// The openings of the month names (a word of ASCII letters that opens otherwise is none of them).
  let monthOpenings: LetterOpeningFilter
  /// The openings of the cue words before a Roman numeral.
  let romanCueOpenings: LetterOpeningFilter
  /// The units by their lower-cased spelling, where only one unit has it ("gb" → "GB"; "mb" is left
  /// out when both "mb" and "MB" exist): "2gb", "2ghz" written in another case.
  let foldedUnits: [String: String]

  init(_ lexicon: SpeechLexicon) {
    self.lexicon = lexicon
    monthOpenings = LetterOpeningFilter(lexicon.monthNumbers.keys)
    romanCueOpenings = LetterOpeningFilter(lexicon.romanCues)
    var folded: [String: String] = [:]
    var ambiguous: Set<String> = []
    for unit in lexicon.units.keys {
      let key = unit.lowercased()
      if folded[key] != nil { ambiguous.insert(key) } else { folded[key] = unit }
    }
    for key in ambiguous { folded[key] = nil }
    foldedUnits = folded
  }

  /// Always inlined, so that each use's literal key path folds into a plain read of the field: out
  /// of line, every read went through the key path runtime (`swift_getKeyPath` and a projection,
  /// ~800 instructions; about 1% of speaking a text, most of it in reading numbers).
  @inline(__always)
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

  /// The lexicon of a language without one of its own for a language key, made once per process
  /// (``NeutralLexicons/process``).
  static func neutral(_ key: String) -> SharedLexicon { NeutralLexicons.process.lexicon(key) }

  /// `lexicon` with the tables derived from its words taken from `template`, whose words they
  /// were made from (the neutral lexicons differ only in their language and decimal word).
  private init(_ lexicon: SpeechLexicon, derivedLike template: SharedLexicon) {
    self.lexicon = lexicon
    monthOpenings = template.monthOpenings
    romanCueOpenings = template.romanCueOpenings
    foldedUnits = template.foldedUnits
  }

  /// ``SpeechLexicon/neutral(_:)`` of `key`; its derived tables are shared by every neutral lexicon
  /// (each costs its ~45 fields, not two filters of 4 KiB).
  static func makeNeutral(_ key: String) -> SharedLexicon {
    SharedLexicon(.neutral(key), derivedLike: neutralTemplate)
  }
  private static let neutralTemplate = SharedLexicon(.neutral("und"))

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

/// The neutral lexicons (``SpeechLexicon/neutral(_:)``) made so far, by language key, behind a lock:
/// each made at its first use and kept, up to `limit` keys (a document may declare any number of
/// made-up languages); past it, one is made for each caller that asks (a ``LexiconTable`` holds it
/// for its renderer).
final class NeutralLexicons: Sendable {
  /// The process's table.
  static let process = NeutralLexicons(limit: 1024)
  /// At most this many lexicons are kept.
  let limit: Int
  private let made = LockedValue<[String: SharedLexicon]>([:])

  init(limit: Int) { self.limit = limit }

  /// The neutral lexicon of `key`: the one kept, else a new one (kept while fewer than `limit` are).
  func lexicon(_ key: String) -> SharedLexicon {
    if let kept = made.withValue({ $0[key] }) { return kept }
    // Made outside the lock: two threads may both make one; the first kept wins.
    let lexicon = SharedLexicon.makeNeutral(key)
    return made.withValue { table in
      if let kept = table[key] { return kept }
      if table.count < limit { table[key] = lexicon }
      return lexicon
    }
  }
}

/// The lexicons of a set of languages, resolved once (when a renderer's ``LanguageLookup`` is
/// made): the built-in ones are static, the others come from the process-wide table
/// (``NeutralLexicons/process``) and are held here, so a lookup takes no lock.
struct LexiconTable: Sendable {
  /// The neutral lexicons of the languages resolved, by language key.
  private let neutral: [String: SharedLexicon]

  private init(neutral: [String: SharedLexicon]) { self.neutral = neutral }

  /// The lexicons of the languages of `runs` (declared and detected) and of `fallback`.
  init(languagesOf runs: [AttributeRun], and fallback: String) {
    self.init(neutral: [:])
    self = adding(languagesOf: runs, tags: [fallback])
  }

  /// This table with the lexicons of the languages of `runs` and of `tags` added.
  func adding(languagesOf runs: [AttributeRun], tags: [String] = []) -> LexiconTable {
    var neutral = self.neutral
    var last: String?
    func add(_ tag: String) {
      // Runs in one language follow one another: each tag is keyed once per stretch.
      guard tag != last else { return }
      last = tag
      // What the lookup skips (``LanguageRuns`` keeps well-formed tags only) needs no lexicon.
      guard LanguageTag.isWellFormed(tag) else { return }
      let key = SpeechLexicon.key(tag)
      if SharedLexicon.builtIn(key) == nil, neutral[key] == nil { neutral[key] = SharedLexicon.neutral(key) }
    }
    for tag in tags { add(tag) }
    for run in runs {
      switch run.attribute {
      case .language(let tag), .detectedLanguage(let tag, _): add(tag)
      default: continue
      }
    }
    return LexiconTable(neutral: neutral)
  }

  /// The lexicon for a language key or tag: what `SpeechLexicon.forLanguage(_:)` gives, behind one
  /// reference (a tag no run declared, which the lookup never gives, takes the process-wide table).
  func lexicon(_ language: String) -> SharedLexicon {
    if let builtIn = SharedLexicon.builtIn(language) { return builtIn }
    let key = SpeechLexicon.key(language)
    if let builtIn = SharedLexicon.builtIn(key) { return builtIn }
    return neutral[key] ?? SharedLexicon.neutral(key)
  }
}

/// The openings (first three letters, ASCII, either case) of the words of a set that are all ASCII
/// letters, so that a word of ASCII letters is looked up in the set only when it opens like one of
/// them: a lookup makes a lower-cased string and hashes it, and most words of a text are in no set
/// (``SpeechBuilder/plainWords(_:_:language:languageEnd:)`` asks it of every word). A word shorter
/// than three letters opens with itself (and nothing after). Members with anything but ASCII letters
/// are left out: a word of ASCII letters never equals one. `SpeechWordRunTests` checks that it never
/// says no to a member.
struct LetterOpeningFilter: Sendable {
  /// One bit per opening, letters numbered 1…26 by their low five bits, 0 after a short word's end.
  private var bits = [UInt64](repeating: 0, count: 1 << 9)

  init(_ words: some Sequence<String>) {
    for word in words where !word.isEmpty && word.utf8.allSatisfy(Self.isLetter) {
      let letters = Array(word.utf8)
      let index = Self.opening(of: letters.count) { letters[$0] }
      bits[index >> 6] |= 1 << UInt64(index & 63)
    }
  }

  /// The opening of a word of `count` ASCII letters, its `k`th given by `letter`.
  @inline(__always) static func opening(of count: Int, _ letter: (Int) -> UInt8) -> Int {
    var index = 0
    for k in 0..<3 { index = index << 5 | (k < count ? Int(letter(k) & 0x1F) : 0) }
    return index
  }

  /// Whether a word with this ``opening(of:_:)`` may be a member, in either case.
  @inline(__always) func mayHold(opening index: Int) -> Bool { bits[index >> 6] & (1 << UInt64(index & 63)) != 0 }

  @inline(__always) static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
}
