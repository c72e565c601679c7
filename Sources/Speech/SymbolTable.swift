@_spi(Plumbing) internal import TextModel
internal import UnicodeSupport

/// How much punctuation is spoken, as screen readers offer it (NVDA's levels; VoiceOver's none,
/// some and all map to the same names).
public enum PunctuationLevel: String, Sendable, CaseIterable, Comparable {
  /// No mark is named; sentence and phrase marks still shape pauses.
  case none
  /// Marks that change meaning in prose: # % & * + / = @ ° and the like.
  case some
  /// Also brackets, quotes, dashes, colons and semicolons.
  case most
  /// Every mark, including commas, full stops and question marks.
  case all
  /// Every character, as when reading character by character.
  case char

  private var rank: Int { Self.allCases.firstIndex(of: self)! }
  /// Levels order from none to all.
  public static func < (lhs: PunctuationLevel, rhs: PunctuationLevel) -> Bool { lhs.rank < rhs.rank }
}

/// What a symbol is called in one language, from which level on it is named, and whether the mark
/// itself stays in the text handed to a synthesizer (so it still shapes a pause).
public struct SymbolInfo: Hashable, Sendable {
  /// What is said for the symbol.
  public package(set) var name: String
  /// The lowest punctuation level at which the symbol is spoken.
  public package(set) var level: PunctuationLevel
  /// Whether the symbol is also kept in the text after its name is spoken (NVDA's "preserve").
  public package(set) var preserve: Bool
  /// A symbol entry.
  package init(name: String, level: PunctuationLevel, preserve: Bool) {
    self.name = name
    self.level = level
    self.preserve = preserve
  }
}

/// Spoken symbol names for one language: CLDR's text-to-speech names (generated table), shortened
/// for speech where CLDR's are typographers' names ("hyphen-minus" → "dash"), with levels that
/// follow NVDA's defaults, optionally overridden by NVDA-format `symbols.dic` files.
public struct SymbolTable: Sendable {
  /// The language key the names are in.
  public let language: String
  /// The built-in names (CLDR's, then the speech names over them), looked up when asked.
  fileprivate let names: SymbolNames
  /// Entries set on this table (a symbols.dic, a caller): nil where one was removed.
  private var overrides: [Character: SymbolInfo?] = [:]

  /// The built-in table for a BCP 47 tag ("zh-Hant" gets traditional Chinese names).
  public init(language tag: String?) {
    let key = SymbolTable.tableKey(tag)
    // The shared table's names (built once per process); a language without a table of its own has
    // CLDR's English names (not the English speech names).
    self.init(key: key, names: BuiltInTables.table(key)?.names ?? BuiltInTables.englishCLDRNames)
  }

  /// A table of `names` under the language key `key`, with nothing set on it.
  fileprivate init(key: String, names: SymbolNames) {
    language = key
    self.names = names
  }

  /// The built-in table for a tag, shared: each language's is built once per process, the first
  /// time it is asked for (building all seven up front cost every speech command 50 ms).
  public static func shared(language tag: String?) -> SymbolTable {
    BuiltInTables.table(tableKey(tag)) ?? SymbolTable(language: tag)
  }

  /// The symbol's entry, if it has a name.
  public subscript(character: Character) -> SymbolInfo? {
    get {
      if !overrides.isEmpty, let entry = overrides[character] { return entry }
      guard let name = names.name(of: character) else { return nil }
      let (level, preserve) = SymbolTable.defaultLevel(character)
      return SymbolInfo(name: name, level: level, preserve: preserve)
    }
    set { overrides[character] = .some(newValue) }
  }

  /// Reads an NVDA-format `symbols.dic` (the `symbols:` section: identifier, replacement, level,
  /// preserve, separated by tabs) and lets its entries override this table's. Complex (regular
  /// expression) symbols and multi-character identifiers are skipped; their count is returned.
  /// Lines that cannot be read (no tab, an unknown level) are skipped and their numbers returned,
  /// as NVDA skips them; a file with no `symbols:` section at all is an error.
  @discardableResult
  public mutating func load(symbolsDic contents: String) throws(SymbolFileError)
    -> (loaded: Int, skipped: Int, unreadableLines: [Int])
  {
    var inSymbols = false
    var sawSection = false
    var loaded = 0
    var skipped = 0
    var unreadable: [Int] = []
    for (number, rawLine) in contents.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
      let trimmed = line.drop { $0 == "\u{FEFF}" }
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      if trimmed == "complexSymbols:" { inSymbols = false; continue }
      if trimmed == "symbols:" { inSymbols = true; sawSection = true; continue }
      guard inSymbols else { continue }
      let fields = trimmed.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count >= 2 else {
        unreadable.append(number + 1)
        continue
      }
      let identifier = SymbolTable.unescape(fields[0])
      guard identifier.count == 1, let character = identifier.first else { skipped += 1; continue }
      var info = self[character] ?? SymbolInfo(name: "", level: .most, preserve: false)
      if !fields[1].isEmpty || fields.count < 3 { info.name = String(fields[1]) }
      let third = fields.count >= 3 ? String(fields[2].filter { $0 != " " }) : ""
      if ["always", "never", "norep"].contains(third) {
        // Some shipped files put the preserve field where the level goes ("?\t问号\talways").
        info.preserve = third == "always"
      } else if fields.count >= 3, !fields[2].isEmpty, !fields[2].hasPrefix("#") {
        guard let level = PunctuationLevel(rawValue: third) else {
          unreadable.append(number + 1)
          continue
        }
        info.level = level
      }
      if fields.count >= 4 {
        let preserve = String(fields[3].filter { $0 != " " })
        if preserve == "always" {
          info.preserve = true
        } else if preserve == "never" || preserve == "norep" {
          info.preserve = false
        }
      }
      self[character] = info
      loaded += 1
    }
    guard sawSection else {
      throw SymbolFileError(line: 1, message: "no \"symbols:\" section: not an NVDA-format symbols.dic")
    }
    return (loaded, skipped, unreadable)
  }

  static func unescape(_ field: Substring) -> String {
    var out = ""
    var iterator = field.makeIterator()
    while let c = iterator.next() {
      guard c == "\\", let next = iterator.next() else { out.append(c); continue }
      switch next {
      case "t": out.append("\t")
      case "n": out.append("\n")
      case "r": out.append("\r")
      case "f": out.append("\u{0C}")
      case "0": out.append("\u{0}")
      default: out.append(next)
      }
    }
    return out
  }

  static func tableKey(_ tag: String?) -> String {
    let key = SpeechLexicon.key(tag)
    if key == "zh", let tag, tag.contains("Hant") || tag.hasSuffix("TW") || tag.hasSuffix("HK") || tag.hasSuffix("MO") {
      return "zh_Hant"
    }
    return key
  }

  /// NVDA's default levels (symbols.dic for English), our own table; marks that end sentences and
  /// phrases are preserved for prosody.
  static func defaultLevel(_ character: Character) -> (PunctuationLevel, Bool) {
    // On the scalar, an integer switch: the same switch on `Character` compared strings one case
    // after another (each symbol without a table entry, and every entry of a table being built:
    // 2–3% of speaking a text). Every mark below is one scalar; anything longer is a pictograph.
    let scalars = character.unicodeScalars
    guard var scalar = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex else {
      return (.some, false)
    }
    // Characters compare by canonical equivalence: these singletons matched the marks they stand for.
    switch scalar.value {
    case 0x037E: scalar = ";"  // GREEK QUESTION MARK
    case 0x0387: scalar = "·"  // GREEK ANO TELEIA
    case 0x1FEF: scalar = "`"  // GREEK VARIA
    case 0x2329: scalar = "〈"
    case 0x232A: scalar = "〉"
    default: break
    }
    switch scalar {
    case ".", "!", "?", ",", "、", "。", "，", "！", "？", "،", "؟", "…": return (.all, true)
    case ";", "؛", "；": return (.most, true)
    case ":", "：": return (.most, false)
    // NVDA keeps parentheses and the en dash for the synthesizer ("always"): they shape pauses.
    case "(", ")", "（", "）", "–": return (.most, true)
    case "'", "$", "£", "€", "¥", "¢", "`": return (.all, false)
    // "§ 4" means "section 4": a mark that carries a word is named at "some", as % and & are.
    case "#", "%", "&", "*", "+", "/", "=", "@", "°", "§", "‰", "•", "′", "″", "™", "©", "®", "¡", "¿", "₹", "₫", "×",
      "÷",
      "±",
      "<", ">", "≤", "≥", "≠", "≈", "→", "←", "↑", "↓", "✓", "✔", "✗", "★", "☆", "■", "□", "◆", "●", "○", "½", "¼", "¾",
      "²", "³", "¹":
      return (.some, false)
    case "\"", "-", "[", "]", "\\", "^", "_", "{", "}", "|", "~", "·", "“", "”", "‘", "’", "„", "‚", "—",
      "«", "»", "‹", "›", "「", "」", "『", "』", "【", "】", "《", "》", "〈", "〉", "・", "¶", "‐":
      return (.most, false)
    default:
      // Emoji and other pictographs are named from "some" on, as NVDA's emoji dictionary does.
      return (.some, false)
    }
  }

  /// Names screen-reader users expect, where CLDR's are long typographic names or CLDR has none
  /// (CLDR 41 has no "(" or "\"" annotation).
  static let speechNames: [String: [Character: String]] = [
    "en": [
      "(": "left paren", ")": "right paren", "\"": "quote", "-": "dash", "_": "underscore", "'": "apostrophe",
      ".": "dot", "@": "at", "#": "number", "&": "and", "*": "star", "=": "equals", "+": "plus", "~": "tilde",
      "|": "bar", "^": "caret", "<": "less than", ">": "greater than", "[": "left bracket", "]": "right bracket",
      "{": "left brace", "}": "right brace", "“": "left quote", "”": "right quote", "‘": "left apostrophe",
      "’": "right apostrophe", "…": "dot dot dot", "›": "right angle quote", "‹": "left angle quote", "°": "degrees",
      "/": "slash", "!": "exclamation mark",
    ],
    "zh": [
      "(": "左括号", ")": "右括号", "\"": "双引号", "-": "横杠", "_": "下划线", "'": "单引号", "@": "at",
      "（": "左括号", "）": "右括号", ".": "点", "。": "句号", "，": "逗号", "、": "顿号",
    ],
    "zh_Hant": [
      "(": "左括號", ")": "右括號", "\"": "雙引號", "-": "橫槓", "_": "底線", "'": "單引號", "@": "at",
      "（": "左括號", "）": "右括號", ".": "點",
    ],
    "ja": [
      "(": "開き括弧", ")": "閉じ括弧", "\"": "ダブルクォート", "-": "ハイフン", "'": "アポストロフィ",
      "（": "開き括弧", "）": "閉じ括弧", "@": "アット", ".": "ドット",
    ],
    "vi": [
      "(": "mở ngoặc đơn", ")": "đóng ngoặc đơn", "\"": "ngoặc kép", "-": "gạch ngang", "'": "nháy đơn",
      "@": "a còng", ".": "chấm",
    ],
    "ar": [
      "(": "قوس فتح هلالي", ")": "قوس إغلاق هلالي", "\"": "علامة تنصيص", "-": "شرطة", "'": "فاصلة علوية",
      "@": "آت", ".": "نقطة", "٪": "بالمئة", "،": "فاصلة", "؛": "فاصلة منقوطة", "؟": "علامة استفهام",
    ],
    "fr": ["(": "parenthèse ouvrante", "\"": "guillemet droit", "-": "tiret", "'": "apostrophe"],
  ]
}

/// A problem in a `symbols.dic` file.
public struct SymbolFileError: Error, CustomStringConvertible {
  /// The line of the symbols file.
  public var line: Int
  /// What is wrong with that line.
  public var message: String
  /// The problem with its line.
  public var description: String { "line \(line): \(message)" }
}

/// The built-in tables, one lazily made constant per language of the generated CLDR tables (a
/// `static let` is made once, on first use, safely from any thread). `BuiltInTablesTests` checks
/// that every generated language is here.
enum BuiltInTables {
  static let languages = ["en", "zh", "zh_Hant", "ja", "vi", "ar", "fr"]

  static func table(_ key: String) -> SymbolTable? {
    switch key {
    case "en": Tables.en
    case "zh": Tables.zh
    case "zh_Hant": Tables.zhHant
    case "ja": Tables.ja
    case "vi": Tables.vi
    case "ar": Tables.ar
    case "fr": Tables.fr
    default: nil
    }
  }

  /// CLDR's English names alone: the names of a language without a table.
  static let englishCLDRNames = SymbolNames(lines: symbolNameTables["en"] ?? "", over: [:])

  private enum Tables {
    static let en = SymbolTable(key: "en", names: SymbolNames(key: "en"))
    static let zh = SymbolTable(key: "zh", names: SymbolNames(key: "zh"))
    static let zhHant = SymbolTable(key: "zh_Hant", names: SymbolNames(key: "zh_Hant"))
    static let ja = SymbolTable(key: "ja", names: SymbolNames(key: "ja"))
    static let vi = SymbolTable(key: "vi", names: SymbolNames(key: "vi"))
    static let ar = SymbolTable(key: "ar", names: SymbolNames(key: "ar"))
    static let fr = SymbolTable(key: "fr", names: SymbolNames(key: "fr"))
  }
}

/// The built-in names of one language: the generated CLDR table ("character<TAB>name" lines), then
/// ``SymbolTable/speechNames`` over them, sorted by each character's first scalar and found by a
/// binary search. A dictionary of Characters made of the whole table cost ~20 million
/// instructions per language (a Character hashed per line, twice), more than speaking a short note
/// and, on a text in several scripts, 7% of speaking it (issue 15); this index is a sort of
/// integers. Characters compare as the dictionary compared them (canonical equivalence): a
/// character not found under its first scalar is looked up again in NFC, under that form's first
/// scalar ("A\u{30A}" finds "Å"); the generated characters are in NFC (`BuiltInTablesTests`,
/// which also compares every lookup with the dictionary, the simple version).
struct SymbolNames: Sendable {
  private let firstScalars: [UInt32]
  private let characters: [Character]
  private let names: [String]

  init(key: String) {
    // Flags and keycaps (CLDR's annotationsDerived) after the single code points: no character is in both.
    self.init(
      lines: (symbolNameTables[key] ?? "") + "\n" + (symbolSequenceNameTables[key] ?? ""),
      over: SymbolTable.speechNames[key] ?? [:])
  }

  /// The names of `lines` (the generated format), with `speech` over them.
  init(lines: String, over speech: [Character: String]) {
    var rows: [(first: UInt32, order: Int, character: Character, name: String)] = []
    // Lines and fields found on the bytes (splitting the string by Characters was most of this).
    var text = lines
    text.withUTF8 { bytes in
      var start = 0
      while start < bytes.count {
        var end = start
        while end < bytes.count && bytes[end] != 0x0A { end += 1 }
        if let tab = bytes[start..<end].firstIndex(of: 0x09) {
          let key = String(decoding: bytes[start..<tab], as: UTF8.self)
          if key.count == 1, let character = key.first, let first = character.unicodeScalars.first {
            rows.append((first.value, rows.count, character, String(decoding: bytes[(tab + 1)..<end], as: UTF8.self)))
          }
        }
        start = end + 1
      }
    }
    for (character, name) in speech {
      guard let first = character.unicodeScalars.first else { continue }
      rows.append((first.value, rows.count, character, name))
    }
    // Equal first scalars stay in their order: the last row of a character wins, as it overwrote
    // the earlier in the dictionary.
    rows.sort { ($0.first, $0.order) < ($1.first, $1.order) }
    firstScalars = rows.map(\.first)
    characters = rows.map(\.character)
    names = rows.map(\.name)
  }

  /// The name of `character`, or nil.
  func name(of character: Character) -> String? {
    guard let first = character.unicodeScalars.first else { return nil }
    if let name = name(of: character, under: first.value) { return name }
    // An emoji written with its presentation selector ("❤️", "1️⃣"): CLDR names it without U+FE0F.
    if character.unicodeScalars.count > 1, character.unicodeScalars.contains("\u{FE0F}") {
      var bare = String.UnicodeScalarView()
      bare.append(contentsOf: character.unicodeScalars.lazy.filter { $0 != "\u{FE0F}" })
      if let plain = String(bare).first, let plainFirst = plain.unicodeScalars.first {
        return name(of: plain, under: plainFirst.value)
      }
    }
    // Only a character that is not in NFC can equal one under another first scalar.
    guard !character.isASCII, let composed = try? Normalizer(.nfc).normalize(String(character)),
      let composedFirst = composed.unicodeScalars.first, composedFirst != first
    else { return nil }
    return name(of: character, under: composedFirst.value)
  }

  private func name(of character: Character, under first: UInt32) -> String? {
    var index = firstScalars.partitioningIndex { $0 >= first }
    var found: String?
    while index < firstScalars.count && firstScalars[index] == first {
      if characters[index] == character { found = names[index] }
      index += 1
    }
    return found
  }
}
