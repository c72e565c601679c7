package import TextModel
internal import UnicodeSupport

/// The state of an interactive browse: the rotor in use and the position, moved by commands that each
/// produce one line to show or speak (no screen redraws, so a terminal screen reader reads each move as
/// one new line). Say all produces one line per sentence or paragraph.
///
/// Commands are words (read from standard input when there is no terminal; ``BrowseKeyMap`` turns
/// terminal keys into the same words):
/// - `rotor NAME` choose a rotor; `left`/`right` the previous/next rotor that has items
/// - `next`/`previous` (also `down`/`up`), `first`/`last`, `pagedown`/`pageup` (ten items) in the rotor
/// - quick navigation letters (``letters``): the next item of that kind, without changing the rotor;
///   the uppercase letter for the previous one
/// - `top`/`bottom` the start or end of the document; `p`/`P` the next/previous paragraph
/// - `enter` the current link's target; `say` say all from here; `where` where am I; `read` the
///   current item whole; `elements [ROTOR]` the elements list; `help`; `quit`
package struct BrowseSession: Sendable {
  /// How much an announcement says.
  package enum Verbosity: String, Sendable, CaseIterable {
    /// Role and name, then content: no position, no counts.
    case brief
    /// Role and name, position ("3 of 6"), then content.
    case normal
    /// As normal, plus a link's target after its content.
    case full
  }

  /// What say all reads as one line.
  package enum SayAllUnit: String, Sendable, CaseIterable { case sentence, paragraph }

  /// The rotors of the document (and the bookmarks rotor, once a bookmark is set).
  package internal(set) var index: RotorIndex
  /// The rotor in use.
  package private(set) var rotorKind: RotorKind
  /// The current position (UTF-8 offset); moves keep it at the start of the current item.
  package internal(set) var position: Int = 0 {
    didSet { isAtUnreadStart = false }
  }
  /// Nothing has moved the session yet: it is at the start of the document and has read nothing
  /// there, so "next paragraph" reads the first paragraph (after any move, even one that lands on
  /// offset 0, it reads the one after).
  var isAtUnreadStart = true
  /// The current item, if a move landed on one.
  package internal(set) var current: RotorEntry?
  /// The rotor and index of `current`, so a move steps from the very entry it is on (several entries
  /// can share a range: nested landmarks, a heading that is also a link).
  var currentIndex: (kind: RotorKind, index: Int)?
  /// The document's title (or file name) for the greeting.
  package var title = ""
  /// Whether the session has been asked to end.
  package private(set) var isFinished = false
  /// The phrases of announcements, in the user's language.
  package var messages = BrowseMessages(language: "en")
  /// How much each announcement says.
  package var verbosity: Verbosity = .normal
  /// What say all reads as one line.
  package var sayAllUnit: SayAllUnit = .sentence
  /// How an item's content is turned into words (the speech-friendly form, or the text itself);
  /// `whole` is false for an announcement, which may shorten it.
  package var speechForm: @Sendable (RotorEntry, TextDocument, _ whole: Bool) -> String = { entry, document, whole in
    RotorEntry.label(from: document[entry.range], limit: whole ? Int.max : 160)
  }
  /// How running text is turned into words for say all; defaults to the text itself.
  package var textForm: @Sendable (TextRange, TextDocument) -> String = { range, document in
    RotorEntry.label(from: document[range], limit: Int.max)
  }

  /// The elements list, while it is open.
  var elements: ElementsList?
  /// Say all: where the next line starts, and where the line last read started.
  var sayAllCursor: Int?
  var sayAllLineStart = 0
  /// The sentence boundaries of the paragraph say all is in (cached: one ICU pass per paragraph).
  var sentenceCache: (paragraph: Range<Int>, boundaries: [Int])?
  /// The line starts and word ranges of the paragraph the text cursor is in (one ICU pass each).
  var lineCache: (paragraph: Range<Int>, starts: [Int])?
  var wordCache: (paragraph: Range<Int>, words: [Range<Int>])?
  /// A line being typed (a search text, a bookmark's name), while it is open.
  var prompt: Prompt?
  /// The last search: its text and its matches (UTF-8 ranges, in order).
  var search: (text: String, matches: [Range<Int>])?
  /// Named bookmarks, by position.
  package internal(set) var bookmarks: [Bookmark] = []
  /// Whether the text cursor has moved (at the top, the first line, word or character is the next one).
  var hasReadText = false
  /// The language of the last line said, for announcing a change (nil: the document's own).
  var spokenLanguage: String?
  /// The cell cursor in a table, the last table's grid, and the furthest end of the tables up to each
  /// table (see ``tableStructure(containing:)``).
  var tableCursor: TableCursor?
  var tableCache: (block: Int, table: TableStructure)?
  var tableEnds: [Int] = []

  /// Quick navigation: NVDA's browse-mode letters, heading levels 1–9 on the digits (as NVDA since
  /// 2025 and JAWS), and 0 for warnings (no screen reader uses 0 in browse mode). E-mail addresses,
  /// phone numbers and alerts are on Alt+e, Alt+p and Alt+a (``altLetters``).
  package static let letters: [Character: RotorKind] = [
    "h": .headings, "k": .links, "u": .links, "l": .lists, "i": .listItems, "t": .tables, "d": .landmarks,
    "g": .images, "q": .blockQuotes, "1": .heading(level: 1), "2": .heading(level: 2), "3": .heading(level: 3),
    "4": .heading(level: 4), "5": .heading(level: 5), "6": .heading(level: 6), "7": .heading(level: 7),
    "8": .heading(level: 8), "9": .heading(level: 9), "0": .warnings,
  ]

  /// TextRotor's own kinds on Alt+letter (Alt+Shift for the previous one): NVDA, JAWS and VoiceOver
  /// pass Alt+letter to the application in browse mode (menu access keys), so no habit lands here.
  package static let altLetters: [Character: RotorKind] = [
    "e": .emails, "p": .phones, "a": .alerts, "w": .warnings,
  ]

  /// NVDA's letters for form controls, which TextRotor's documents do not have.
  package static let formControlLetters: Set<Character> = ["f", "b", "x", "c", "e", "r"]

  /// Shift+digit on a US keyboard, for the previous item of a digit's kind.
  package static let shiftedDigits: [Character: Character] = [
    "!": "1", "@": "2", "#": "3", "$": "4", "%": "5", "^": "6", "&": "7", "*": "8", "(": "9", ")": "0",
  ]

  /// A session at the start of the document with `rotor` selected.
  package init(index: RotorIndex, rotor: RotorKind = .headings) {
    self.index = index
    self.rotorKind = rotor
  }

  /// Whether the elements list is open (the terminal sends typed characters to its filter).
  package var isListingElements: Bool { elements != nil }

  /// The greeting: the title and how many items each main rotor has, empty ones named ("no tables").
  package func greeting(title: String) -> String {
    let counts = Self.greetingKinds.compactMap { kind -> String? in
      index.entryCount(of: kind).map { messages.count(Self.noun(for: kind), $0) }
    }
    return messages.phrase(.greeting, ["title": title, "counts": messages.list(counts)])
  }

  /// The rotors the greeting counts.
  package static let greetingKinds: [RotorKind] = [
    .headings, .links, .emails, .phones, .alerts, .landmarks, .lists, .tables, .images,
  ]

  /// Runs one command and returns the line to print (several lines for say all and the elements list).
  /// A move into a passage of another language says so first, at verbosity normal and full.
  package mutating func perform(_ command: String) -> String {
    let before = (position, current?.range)
    let reply = performCommand(command)
    guard before != (position, current?.range) else { return reply }
    return announcingLanguage(reply)
  }

  mutating func performCommand(_ command: String) -> String {
    let words = command.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    guard let verb = words.first else { return "" }
    if elements != nil, let reply = performInList(verb: verb, words: words, command: command) { return reply }
    if prompt != nil, let reply = performInPrompt(verb: verb, words: words) { return reply }
    if let reply = performReading(verb: verb.lowercased(), words: words) { return reply }
    if let reply = performTable(verb: verb.lowercased()) { return reply }
    switch verb.lowercased() {
    case "rotor":
      guard words.count > 1 else { return messages.phrase(.chooseRotor, ["rotors": rotorNames()]) }
      return choose(RotorKind(words[1].lowercased()))
    case "rotors": return messages.phrase(.rotors, ["rotors": rotorNames()])
    case "right": return cycleRotor(by: 1)
    case "left": return cycleRotor(by: -1)
    case "next", "down": return move(in: rotorKind, forward: true)
    case "previous", "prev", "up": return move(in: rotorKind, forward: false)
    case "first", "home": return jump(in: rotorKind, toEnd: false)
    case "last", "end": return jump(in: rotorKind, toEnd: true)
    case "pagedown": return move(in: rotorKind, forward: true, steps: 10)
    case "pageup": return move(in: rotorKind, forward: false, steps: 10)
    case "top":
      leaveItem(at: 0)
      hasReadText = false
      return messages.phrase(.topOfDocument)
    case "bottom":
      leaveItem(at: index.document.text.utf8.count)
      return messages.phrase(.endOfDocument)
    case "enter", "activate", "open": return activate()
    case "say", "sayall", "say-all":
      if words.count > 1, let unit = SayAllUnit(rawValue: words[1].lowercased()) { sayAllUnit = unit }
      return sayAllAtOnce()
    case "where", "current": return whereAmIInContext()
    case "alt":
      // "alt e": TextRotor's own kinds on Alt+letter; the uppercase letter for the previous one.
      guard words.count > 1, words[1].count == 1, let letter = words[1].first,
        let kind = Self.altLetters[Character(letter.lowercased())]
      else { return messages.phrase(.unknownCommand, ["command": command]) }
      return move(in: kind, forward: letter.isLowercase)
    case "read":
      if current == nil, let cell = readCell() { return cell }
      return readWhole()
    case "elements", "list": return openElements(words.count > 1 ? RotorKind(words[1].lowercased()) : nil)
    case "verbosity":
      if words.count > 1, let level = Verbosity(rawValue: words[1].lowercased()) { verbosity = level }
      return "Verbosity " + verbosity.rawValue
    case "help", "?": return messages.phrase(.help)
    case "quit", "exit":
      isFinished = true
      return messages.phrase(.goodbye)
    case "escape", "backspace", "type", "filter":
      // Keys of the elements list and say all, pressed outside them.
      let key = ["escape": "Escape", "backspace": "Backspace"][verb.lowercased()] ?? verb
      return messages.phrase(.unusedKey, ["key": key])
    case "greeting": return greeting(title: title)
    case "unused":
      return messages.phrase(.unusedKey, ["key": words.dropFirst().joined(separator: " ")])
    default:
      if verb.count == 1, let letter = verb.first { if let reply = quickNavigation(letter) { return reply } }
      return messages.phrase(.unknownCommand, ["command": command])
    }
  }

  // MARK: moving

  mutating func quickNavigation(_ letter: Character) -> String? {
    if letter == "n" || letter == "N" { return nonLinkText(forward: letter == "n") }
    if letter == "," { return containerEdge(toEnd: true) }
    if letter == "<" { return containerEdge(toEnd: false) }
    if letter == "'" || letter == "\"" {
      guard !bookmarks.isEmpty else { return emptyLine(.bookmark, .bookmarks) }
      return move(in: .bookmarks, forward: letter == "'")
    }
    if let digit = Self.shiftedDigits[letter], let kind = Self.letters[digit] { return move(in: kind, forward: false) }
    let lower = Character(letter.lowercased())
    let forward = letter == lower
    if let kind = Self.letters[lower] { return move(in: kind, forward: forward) }
    if lower == "p" { return paragraph(forward: forward) }
    if lower == "v" {
      return messages.phrase(.emptyRotor, ["none": messages.count(.visitedLink, 0)]).capitalizedFirst
    }
    if Self.formControlLetters.contains(lower) {
      return messages.phrase(.notInDocument, ["none": messages.count(.formField, 0)]).capitalizedFirst
    }
    return nil
  }

  func rotorNames() -> String { index.kinds.map(\.rawValue).joined(separator: ", ") }

  mutating func choose(_ kind: RotorKind) -> String {
    guard let rotor = index.rotor(kind) else {
      return messages.phrase(.unknownRotor, ["rotor": kind.rawValue, "rotors": rotorNames()])
    }
    rotorKind = kind
    return summary(rotor)
  }

  func summary(_ rotor: Rotor) -> String {
    let noun = Self.noun(for: rotor.kind)
    // A book's navigation rotor has no noun of its own in the message tables: English names it.
    let title =
      noun == .item && messages.language == "en" && RotorIndex.navigationNames.contains(rotor.kind.rawValue)
      ? Self.pluralName(rotor.kind) : messages.title(noun, level: rotor.kind.headingLevel)
    return messages.phrase(.rotorSummary, ["title": title, "count": messages.count(.item, rotor.count)])
  }

  /// The next or previous rotor with items (empty rotors are skipped, as VoiceOver does).
  mutating func cycleRotor(by offset: Int) -> String {
    let kinds = index.kinds.filter { (index.entryCount(of: $0) ?? 0) > 0 }
    guard !kinds.isEmpty else { return messages.phrase(.noRotors) }
    let next: RotorKind
    if let here = kinds.firstIndex(of: rotorKind) {
      next = kinds[((here + offset) % kinds.count + kinds.count) % kinds.count]
    } else {
      // On an empty rotor: the nearest non-empty one in that direction, in rotor order.
      let order = index.kinds
      let here = order.firstIndex(of: rotorKind) ?? 0
      let candidates = (1...order.count).map { order[((here + $0 * offset) % order.count + order.count) % order.count] }
      next = candidates.first { kinds.contains($0) } ?? kinds[0]
    }
    return choose(next)
  }

  mutating func leaveItem(at offset: Int) {
    position = offset
    current = nil
    currentIndex = nil
  }

  mutating func move(in kind: RotorKind, forward: Bool, steps: Int = 1) -> String {
    guard let rotor = index.rotor(kind) else {
      return messages.phrase(.unknownRotor, ["rotor": kind.rawValue, "rotors": rotorNames()])
    }
    let noun = Self.noun(for: kind)
    guard !rotor.entries.isEmpty else { return emptyLine(noun, kind) }
    let end = index.document.text.utf8.count
    // From the current item when it belongs to this rotor, else from the position (so switching rotors
    // keeps the place: the next heading after the alert you were on).
    // Not on an item (at the top, after say all): an entry that starts right here is the next one.
    var target: Int?
    if let currentIndex, currentIndex.kind == kind, rotor.entries.indices.contains(currentIndex.index) {
      target = rotor.step(from: currentIndex.index, by: forward ? 1 : -1)
    } else if let current, let at = rotor.indexOfEntry(containing: position), rotor.entries[at].range == current.range {
      target = rotor.step(from: at, by: forward ? 1 : -1)
    } else if current == nil && forward {
      target = rotor.indexOfEntry(after: position - 1)
    } else if current == nil && position >= end {
      target = rotor.entries.count - 1
    } else {
      target = forward ? rotor.indexOfEntry(after: position) : rotor.indexOfEntry(before: position)
    }
    guard var found = target else {
      let name = messages.name(noun, level: kind.headingLevel)
      return messages.phrase(forward ? .noNext : .noPrevious, ["name": name])
    }
    // Page Up/Down: further steps, stopping at the boundary.
    for _ in 1..<max(steps, 1) {
      guard let further = rotor.step(from: found, by: forward ? 1 : -1) else { break }
      found = further
    }
    return land(on: found, in: rotor)
  }

  mutating func jump(in kind: RotorKind, toEnd: Bool) -> String {
    guard let rotor = index.rotor(kind) else {
      return messages.phrase(.unknownRotor, ["rotor": kind.rawValue, "rotors": rotorNames()])
    }
    guard !rotor.entries.isEmpty else { return emptyLine(Self.noun(for: kind), kind) }
    return land(on: toEnd ? rotor.entries.count - 1 : 0, in: rotor)
  }

  mutating func land(on target: Int, in rotor: Rotor) -> String {
    let entry = rotor.entries[target]
    current = entry
    currentIndex = (rotor.kind, target)
    position = entry.range.start
    // A table says its first cell, where NVDA's t lands, after its caption or description.
    let content = entry.kind == .table ? tableEntryContent(entry) : nil
    return announcement(entry, in: rotor.kind, position: (target + 1, rotor.count), whole: false, content: content)
  }

  func emptyLine(_ noun: BrowseMessages.Noun, _ kind: RotorKind) -> String {
    messages.phrase(.emptyRotor, ["none": messages.count(noun, 0, level: kind.headingLevel)]).capitalizedFirst
  }
}
