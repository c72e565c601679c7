internal import UnicodeSupport

/// Every phrase browse says, from one table per language (en, zh, ja, vi, ar), with counts in the
/// grammatical form ICU's CLDR plural rules pick ("1 link", "2 links"; Arabic's six forms).
///
/// A counted noun has one template per plural category (`one`, `two`, `few`, `many`, `other`) and may
/// have an exact `=0` form ("no links"), as in ICU MessageFormat; `{n}` is the count. Phrases use
/// named placeholders (`{name}`, `{i}`…).
///
/// ```swift
/// let messages = BrowseMessages(language: "ar")
/// messages.count(.links, 3)  // "3 روابط"
/// ```
package struct BrowseMessages: Sendable {
  /// The languages with a table.
  package static let languages = ["en", "zh", "ja", "vi", "ar"]

  /// The language in use (one of ``languages``).
  package let language: String
  private let table: Table
  private let rules: PluralRules?

  /// The table for `language` (a BCP 47 tag or POSIX locale: "ar", "zh-Hant", "vi_VN.UTF-8"), English
  /// when there is none.
  package init(language: String?) {
    let primary = String((language ?? "en").lowercased().prefix { $0.isLetter })
    let chosen = Self.languages.contains(primary) ? primary : "en"
    self.language = chosen
    self.table = Self.tables[chosen] ?? Self.english
    self.rules = try? PluralRules(locale: chosen)
  }

  /// Whether a language tag or locale has a table of its own.
  package static func hasTable(for language: String) -> Bool {
    languages.contains(String(language.lowercased().prefix { $0.isLetter }))
  }

  // MARK: lookups

  /// A phrase with its placeholders filled.
  package func phrase(_ id: Phrase, _ values: [String: String] = [:]) -> String {
    fill(table.phrases[id] ?? Self.english.phrases[id] ?? id.rawValue, values)
  }

  /// The name of a kind of item as announced before it ("heading level 2", "navigation landmark").
  package func name(_ noun: Noun, level: Int? = nil) -> String {
    fill(nounTable(noun).name, ["level": level.map(String.init) ?? ""])
  }

  /// A rotor's title ("Headings", "Headings level 2").
  package func title(_ noun: Noun, level: Int? = nil) -> String {
    fill(nounTable(noun).title, ["level": level.map(String.init) ?? ""])
  }

  /// A count with its noun in the right plural form: "no links", "1 link", "2 links".
  package func count(_ noun: Noun, _ n: Int, level: Int? = nil) -> String {
    let forms = nounTable(noun).counted
    let category = rules?.category(for: n) ?? (n == 1 ? .one : .other)
    let template = (n == 0 ? forms["=0"] : nil) ?? forms[category.rawValue] ?? forms["other"] ?? "{n}"
    return fill(template, ["n": String(n), "level": level.map(String.init) ?? ""])
  }

  /// The plural category ICU gives `n` in this language (for tests and tools).
  package func pluralCategory(_ n: Int) -> String { (rules?.category(for: n) ?? .other).rawValue }

  /// Joins a list of phrases ("a, b, c"; "、" in Chinese and Japanese; "، " in Arabic).
  package func list(_ items: [String]) -> String { items.joined(separator: table.listSeparator) }

  /// Capitalizes the first letter of a line where the script has case.
  package static func sentenceCase(_ text: String) -> String {
    guard let first = text.first, first.isLowercase else { return text }
    return first.uppercased() + text.dropFirst()
  }

  private func nounTable(_ noun: Noun) -> NounForms {
    table.nouns[noun] ?? Self.english.nouns[noun]
      ?? NounForms(name: noun.rawValue, title: noun.rawValue, counted: ["other": "{n} " + noun.rawValue])
  }

  private func fill(_ template: String, _ values: [String: String]) -> String {
    guard template.contains("{") else { return template }
    var result = ""
    var rest = Substring(template)
    while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
      result += rest[..<open]
      let key = String(rest[rest.index(after: open)..<close])
      result += values[key] ?? "{\(key)}"
      rest = rest[rest.index(after: close)...]
    }
    return result + rest
  }

  // MARK: vocabulary

  /// The kinds of things browse names and counts.
  package enum Noun: String, Sendable, CaseIterable {
    case heading, headingLevel, link, email, phone, alert, warning, landmark, list, numberedList, table, image,
      blockQuote, listItem, item, row, column, match, formField, visitedLink, paragraph, bookmark
    case banner, navigation, main, complementary, contentinfo, region, search, form
  }

  /// The sentences browse says.
  package enum Phrase: String, Sendable, CaseIterable {
    case rotorSummary, position, noNext, noPrevious, emptyRotor, noRotors, topOfDocument, endOfDocument, goodbye
    case notOnItem, notALink, target, unknownCommand, unknownRotor, unusedKey, greeting, help, chooseRotor
    case elementsOpen, elementsItem, elementsNoMatch, elementsFilter, elementsClosed, sayAllStopped, sayAllEnd
    case critical, warningSeverity, info, notInDocument, rotors
    case capital, space, tab, blank, findPrompt, noSearch, notFound, wrappedToTop, wrappedToBottom, bookmarkPrompt
    case bookmarkSet, promptCancelled, resuming, underHeadings, inLandmark, listItemOf, percent, notInContainer
    case outOfList, outOfTable, nonLinkText, languageChange, searchMatch, tableRow, tableColumn, tableEdge, notInTable
    case notSaved, marksNotFound, placeNotFound
  }

  struct NounForms: Sendable {
    var name: String
    var title: String
    var counted: [String: String]
  }

  struct Table: Sendable {
    var nouns: [Noun: NounForms]
    var phrases: [Phrase: String]
    var listSeparator: String
  }

  static let tables: [String: Table] = ["en": english, "zh": chinese, "ja": japanese, "vi": vietnamese, "ar": arabic]
}
