public import TextModel
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
public struct BrowseSession: Sendable {
  /// How much an announcement says.
  public enum Verbosity: String, Sendable, CaseIterable {
    /// Role and name, then content: no position, no counts.
    case brief
    /// Role and name, position ("3 of 6"), then content.
    case normal
    /// As normal, plus a link's target after its content.
    case full
  }

  /// What say all reads as one line.
  public enum SayAllUnit: String, Sendable, CaseIterable { case sentence, paragraph }

  /// The rotors of the document.
  public let index: RotorIndex
  /// The rotor in use.
  public private(set) var rotorKind: RotorKind
  /// The current position (UTF-8 offset); moves keep it at the start of the current item.
  public private(set) var position: Int = 0
  /// The current item, if a move landed on one.
  public private(set) var current: RotorEntry?
  /// The rotor and index of `current`, so a move steps from the very entry it is on (several entries
  /// can share a range: nested landmarks, a heading that is also a link).
  private var currentIndex: (kind: RotorKind, index: Int)?
  /// The document's title (or file name) for the greeting.
  public var title = ""
  /// Whether the session has been asked to end.
  public private(set) var isFinished = false
  /// The phrases of announcements, in the user's language.
  public var messages = BrowseMessages(language: "en")
  /// How much each announcement says.
  public var verbosity: Verbosity = .normal
  /// What say all reads as one line.
  public var sayAllUnit: SayAllUnit = .sentence
  /// How an item's content is turned into words (the speech-friendly form, or the text itself);
  /// `whole` is false for an announcement, which may shorten it.
  public var speechForm: @Sendable (RotorEntry, TextDocument, _ whole: Bool) -> String = { entry, document, whole in
    RotorEntry.label(from: document[entry.range], limit: whole ? Int.max : 160)
  }
  /// How running text is turned into words for say all; defaults to the text itself.
  public var textForm: @Sendable (TextRange, TextDocument) -> String = { range, document in
    RotorEntry.label(from: document[range], limit: Int.max)
  }

  /// The elements list, while it is open.
  private var elements: ElementsList?
  /// Say all: where the next line starts, and where the line last read started.
  private var sayAllCursor: Int?
  private var sayAllLineStart = 0
  /// The sentence boundaries of the paragraph say all is in (cached: one ICU pass per paragraph).
  private var sentenceCache: (paragraph: Range<Int>, boundaries: [Int])?

  /// Quick navigation: NVDA's browse-mode letters where NVDA has a meaning, TextRotor's own kinds on
  /// the digits NVDA leaves free (7 e-mail, 8 phone, 9 alert, 0 warning).
  public static let letters: [Character: RotorKind] = [
    "h": .headings, "k": .links, "u": .links, "l": .lists, "i": .listItems, "t": .tables, "d": .landmarks,
    "g": .images, "q": .blockQuotes, "1": .heading(level: 1), "2": .heading(level: 2), "3": .heading(level: 3),
    "4": .heading(level: 4), "5": .heading(level: 5), "6": .heading(level: 6), "7": .emails, "8": .phones,
    "9": .alerts, "0": .warnings,
  ]

  /// NVDA's letters for form controls, which TextRotor's documents do not have.
  public static let formControlLetters: Set<Character> = ["f", "b", "x", "c", "e", "r"]

  /// Shift+digit on a US keyboard, for the previous item of a digit's kind.
  public static let shiftedDigits: [Character: Character] = [
    "!": "1", "@": "2", "#": "3", "$": "4", "%": "5", "^": "6", "&": "7", "*": "8", "(": "9", ")": "0",
  ]

  public init(index: RotorIndex, rotor: RotorKind = .headings) {
    self.index = index
    self.rotorKind = rotor
  }

  /// Whether the elements list is open (the terminal sends typed characters to its filter).
  public var isListingElements: Bool { elements != nil }

  /// The greeting: the title and how many items each main rotor has, empty ones named ("no tables").
  public func greeting(title: String) -> String {
    let counts = Self.greetingKinds.compactMap { kind -> String? in
      index.rotor(kind).map { messages.count(Self.noun(for: kind), $0.count) }
    }
    return messages.phrase(.greeting, ["title": title, "counts": messages.list(counts)])
  }

  /// The rotors the greeting counts.
  public static let greetingKinds: [RotorKind] = [
    .headings, .links, .emails, .phones, .alerts, .landmarks, .lists, .tables, .images,
  ]

  /// Runs one command and returns the line to print (several lines for say all and the elements list).
  public mutating func perform(_ command: String) -> String {
    let words = command.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    guard let verb = words.first else { return "" }
    if elements != nil, let reply = performInList(verb: verb, words: words, command: command) { return reply }
    switch verb.lowercased() {
    case "rotor":
      guard words.count > 1 else { return messages.phrase(.chooseRotor, ["rotors": rotorNames()]) }
      return choose(RotorKind(words[1].lowercased()))
    case "rotors": return messages.phrase(.rotors, ["rotors": rotorNames()])
    case "right": return cycleRotor(by: 1)
    case "left": return cycleRotor(by: -1)
    case "next", "down", "n": return move(in: rotorKind, forward: true)
    case "previous", "prev", "up": return move(in: rotorKind, forward: false)
    case "first", "home": return jump(in: rotorKind, toEnd: false)
    case "last", "end": return jump(in: rotorKind, toEnd: true)
    case "pagedown": return move(in: rotorKind, forward: true, steps: 10)
    case "pageup": return move(in: rotorKind, forward: false, steps: 10)
    case "top":
      leaveItem(at: 0)
      return messages.phrase(.topOfDocument)
    case "bottom":
      leaveItem(at: index.document.text.utf8.count)
      return messages.phrase(.endOfDocument)
    case "enter", "activate", "open": return activate()
    case "say", "sayall", "say-all":
      if words.count > 1, let unit = SayAllUnit(rawValue: words[1].lowercased()) { sayAllUnit = unit }
      return sayAllAtOnce()
    case "where", "current": return whereAmI()
    case "read": return readWhole()
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

  private mutating func quickNavigation(_ letter: Character) -> String? {
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

  private func rotorNames() -> String { index.kinds.map(\.rawValue).joined(separator: ", ") }

  private mutating func choose(_ kind: RotorKind) -> String {
    guard let rotor = index.rotor(kind) else {
      return messages.phrase(.unknownRotor, ["rotor": kind.rawValue, "rotors": rotorNames()])
    }
    rotorKind = kind
    return summary(rotor)
  }

  private func summary(_ rotor: Rotor) -> String {
    let noun = Self.noun(for: rotor.kind)
    return messages.phrase(.rotorSummary, [
      "title": messages.title(noun, level: rotor.kind.headingLevel), "count": messages.count(.item, rotor.count),
    ])
  }

  /// The next or previous rotor with items (empty rotors are skipped, as VoiceOver does).
  private mutating func cycleRotor(by offset: Int) -> String {
    let kinds = index.kinds.filter { index.rotor($0).map { $0.count > 0 } ?? false }
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

  private mutating func leaveItem(at offset: Int) {
    position = offset
    current = nil
    currentIndex = nil
  }

  private mutating func move(in kind: RotorKind, forward: Bool, steps: Int = 1) -> String {
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

  private mutating func jump(in kind: RotorKind, toEnd: Bool) -> String {
    guard let rotor = index.rotor(kind) else {
      return messages.phrase(.unknownRotor, ["rotor": kind.rawValue, "rotors": rotorNames()])
    }
    guard !rotor.entries.isEmpty else { return emptyLine(Self.noun(for: kind), kind) }
    return land(on: toEnd ? rotor.entries.count - 1 : 0, in: rotor)
  }

  private mutating func land(on target: Int, in rotor: Rotor) -> String {
    let entry = rotor.entries[target]
    current = entry
    currentIndex = (rotor.kind, target)
    position = entry.range.start
    return announcement(entry, in: rotor.kind, position: (target + 1, rotor.count), whole: false)
  }

  private func emptyLine(_ noun: BrowseMessages.Noun, _ kind: RotorKind) -> String {
    messages.phrase(.emptyRotor, ["none": messages.count(noun, 0, level: kind.headingLevel)]).capitalizedFirst
  }

  // MARK: announcements

  /// Role and name first, then position, then content: "Heading level 2, 3 of 10: Trails",
  /// "Navigation landmark, Site, 1 of 6: Park home Permits Trails", "Table, 4 rows, 3 columns, 1 of 1: …".
  public func announcement(_ entry: RotorEntry, in kind: RotorKind, position: (Int, Int)?, whole: Bool) -> String {
    var parts = [roleAndName(entry, in: kind)]
    if verbosity != .brief, let (at, count) = position {
      parts.append(messages.phrase(.position, ["i": String(at), "n": String(count)]))
    }
    var line = parts.joined(separator: clause).capitalizedFirst
    let content = speechForm(entry, index.document, whole)
    // A named item (aria-label) whose text only repeats its name says it once.
    let name = index.facts(of: entry, in: kind)?.name ?? ""
    if !content.isEmpty && content != name { line += colon + content }
    if verbosity == .full, let value = entry.value, entry.kind.hasTarget {
      line += " (" + messages.phrase(.target, ["value": value]) + ")"
    }
    return line
  }

  private var colon: String { messages.language == "zh" || messages.language == "ja" ? "：" : ": " }

  private func roleAndName(_ entry: RotorEntry, in kind: RotorKind) -> String {
    var parts: [String] = []
    let facts = index.facts(of: entry, in: kind)
    if let landmark = facts?.landmark {
      parts.append(messages.name(BrowseMessages.Noun(rawValue: landmark.rawValue) ?? .landmark))
    } else if entry.kind == .list {
      parts.append(messages.name(facts?.ordered == true ? .numberedList : .list))
    } else {
      parts.append(messages.name(Self.noun(for: entry.kind, level: entry.level), level: entry.level))
    }
    if let name = facts?.name, !name.isEmpty { parts.append(name) }
    if let severity = entry.severity, entry.kind == .alert, severity != .warning {
      switch severity {
      case .critical: parts.append(messages.phrase(.critical))
      case .warning: parts.append(messages.phrase(.warningSeverity))
      case .info: parts.append(messages.phrase(.info))
      }
    }
    if let items = facts?.items { parts.append(messages.count(.item, items)) }
    if let rows = facts?.rows, let columns = facts?.columns {
      parts.append(messages.count(.row, rows))
      parts.append(messages.count(.column, columns))
    }
    return parts.joined(separator: clause)
  }

  /// Between the parts of an announcement: "，" in Chinese and Japanese, "، " in Arabic.
  private var clause: String {
    switch messages.language {
    case "zh", "ja": return "，"
    case "ar": return "، "
    default: return ", "
    }
  }

  /// The noun that names a rotor.
  static func noun(for kind: RotorKind) -> BrowseMessages.Noun {
    if kind.headingLevel != nil { return .headingLevel }
    switch kind {
    case .headings: return .heading
    case .links: return .link
    case .emails: return .email
    case .phones: return .phone
    case .alerts: return .alert
    case .warnings: return .warning
    case .landmarks: return .landmark
    case .lists: return .list
    case .tables: return .table
    case .images: return .image
    case .blockQuotes: return .blockQuote
    case .listItems: return .listItem
    default: return .item
    }
  }

  /// The noun that names an entry.
  static func noun(for kind: RotorEntry.Kind, level: Int?) -> BrowseMessages.Noun {
    switch kind {
    case .heading: return level == nil ? .heading : .headingLevel
    case .link: return .link
    case .email: return .email
    case .phone: return .phone
    case .alert: return .alert
    case .list: return .list
    case .table: return .table
    case .image: return .image
    case .blockQuote: return .blockQuote
    case .listItem: return .listItem
    case .match: return .match
    default: return BrowseMessages.Noun(rawValue: kind.rawValue) ?? .item
    }
  }

  private func whereAmI() -> String {
    if let current, let currentIndex, let rotor = index.rotor(currentIndex.kind) {
      return announcement(current, in: currentIndex.kind, position: (currentIndex.index + 1, rotor.count), whole: false)
    }
    let end = index.document.text.utf8.count
    if position == 0 { return messages.phrase(.topOfDocument) }
    if position >= end { return messages.phrase(.endOfDocument) }
    return textForm(paragraphRange(containing: position), index.document)
  }

  /// The current item's content in full (an announcement may cut it).
  private func readWhole() -> String {
    guard let current, let currentIndex else { return messages.phrase(.notOnItem) }
    return announcement(current, in: currentIndex.kind, position: nil, whole: true)
  }

  private func activate() -> String {
    guard let current else { return messages.phrase(.notOnItem) }
    if let value = current.value, current.kind.hasTarget {
      return messages.phrase(.target, ["value": value])
    }
    // An item inside a link (a heading that is a link, say).
    if let link = index.rotor(.links)?.entries.first(where: { $0.range.overlaps(current.range) }), let value = link.value {
      return messages.phrase(.target, ["value": value])
    }
    return messages.phrase(.notALink)
  }

  // MARK: paragraphs

  /// The paragraph (text between line breaks) around an offset.
  func paragraphRange(containing offset: Int) -> TextRange {
    let utf8 = index.document.text.utf8
    var range = TextRange(start: 0, end: utf8.count)
    utf8.withContiguousStorageIfAvailable { bytes in
      var start = min(offset, bytes.count)
      while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
      var end = min(offset, bytes.count)
      while end < bytes.count, bytes[end] != 0x0A { end += 1 }
      range = TextRange(start: start, end: end)
    }
    return range
  }

  private mutating func paragraph(forward: Bool) -> String {
    let text = index.document.text.utf8
    let count = text.count
    var found: TextRange?
    text.withContiguousStorageIfAvailable { bytes in
      func isBlank(_ range: Range<Int>) -> Bool { bytes[range].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D } }
      if forward {
        // Past the current paragraph, then past blank lines, to the next paragraph with text.
        var at = current == nil && position == 0 ? 0 : min(position, count)
        if !(current == nil && position == 0) {
          while at < count, bytes[at] != 0x0A { at += 1 }
        }
        while at < count {
          while at < count, bytes[at] == 0x0A { at += 1 }
          var end = at
          while end < count, bytes[end] != 0x0A { end += 1 }
          if end > at, !isBlank(at..<end) { found = TextRange(start: at, end: end); return }
          at = end
        }
      } else {
        var at = min(position, count)
        while at > 0, bytes[at - 1] != 0x0A { at -= 1 }
        while at > 0 {
          var end = at - 1  // the line break before this paragraph
          while end > 0, bytes[end - 1] == 0x0A { end -= 1 }
          var start = end
          while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
          if end > start, !isBlank(start..<end) { found = TextRange(start: start, end: end); return }
          at = start
        }
      }
    }
    guard let found else {
      return messages.phrase(forward ? .noNext : .noPrevious, ["name": messages.name(.paragraph)])
    }
    leaveItem(at: found.start)
    return sayAllLine(found)
  }

  // MARK: say all

  /// Starts say all at the current position; false at the end of the document.
  public mutating func beginSayAll() -> Bool {
    let end = index.document.text.utf8.count
    guard position < end else { return false }
    sayAllCursor = position
    sayAllLineStart = position
    current = nil
    currentIndex = nil
    return true
  }

  /// The next line of say all (a sentence or paragraph, with the headings, links and alerts it passes
  /// announced), or nil at the end of the document, where the position then is.
  public mutating func nextSayAllLine() -> String? {
    guard let cursor = sayAllCursor else { return nil }
    guard let range = nextChunk(from: cursor) else {
      sayAllCursor = nil
      position = index.document.text.utf8.count
      return nil
    }
    sayAllLineStart = range.start
    position = range.start
    sayAllCursor = range.end
    return sayAllLine(range)
  }

  /// Stops say all: the position stays at the start of the line being read when it stopped.
  public mutating func stopSayAll() {
    sayAllCursor = nil
    position = sayAllLineStart
  }

  /// Say all without a terminal: every line to the end of the document.
  private mutating func sayAllAtOnce() -> String {
    guard beginSayAll() else { return messages.phrase(.endOfDocument) }
    var lines: [String] = []
    while let line = nextSayAllLine() { lines.append(line) }
    lines.append(messages.phrase(.sayAllEnd))
    return lines.joined(separator: "\n")
  }

  /// The next sentence or paragraph with text, from `offset`.
  private mutating func nextChunk(from offset: Int) -> TextRange? {
    let text = index.document.text
    let utf8 = text.utf8
    let count = utf8.count
    var start = offset
    var paragraphEnd = offset
    var blank = true
    utf8.withContiguousStorageIfAvailable { bytes in
      while start < count, bytes[start] == 0x0A || bytes[start] == 0x20 || bytes[start] == 0x09 || bytes[start] == 0x0D {
        start += 1
      }
      paragraphEnd = start
      while paragraphEnd < count, bytes[paragraphEnd] != 0x0A { paragraphEnd += 1 }
      blank = start >= count
    }
    if blank { return nil }
    if sayAllUnit == .paragraph { return TextRange(start: start, end: paragraphEnd) }
    // Sentences: ICU's sentence breaks of the paragraph, computed once per paragraph.
    let paragraph = paragraphRange(containing: start)
    if sentenceCache?.paragraph != paragraph.offsets {
      let slice = String(index.document[paragraph])
      let breaker = try? TextBreaker(.sentence, locale: index.document.language)
      let boundaries = (try? breaker?.boundaries(in: slice)) ?? nil
      sentenceCache = (paragraph.offsets, (boundaries ?? [0, paragraph.length]).map { $0 + paragraph.start })
    }
    let boundaries = sentenceCache?.boundaries ?? []
    let end = boundaries.first { $0 > start } ?? paragraphEnd
    return TextRange(start: start, end: min(max(end, start + 1), paragraphEnd))
  }

  /// One line of say all: the text of `range`, with the role of a heading or alert starting in it
  /// before it, and "link" (e-mail address, phone number) before each link it passes.
  private func sayAllLine(_ range: TextRange) -> String {
    let document = index.document
    var prefixes: [String] = []
    for kind in [RotorKind.headings, .alerts] {
      guard let rotor = index.rotor(kind), var at = rotor.indexOfEntry(after: range.start - 1) else { continue }
      while at < rotor.count, rotor.entries[at].range.start < range.end {
        let entry = rotor.entries[at]
        if entry.range.start >= range.start {
          prefixes.append(roleAndName(entry, in: kind).capitalizedFirst)
          break
        }
        at += 1
      }
    }
    // Links, e-mail addresses and phone numbers starting in the line, outermost first.
    var inline: [RotorEntry] = []
    for kind in [RotorKind.links, .emails, .phones] {
      guard let rotor = index.rotor(kind), var at = rotor.indexOfEntry(after: range.start - 1) else { continue }
      while at < rotor.count, rotor.entries[at].range.start < range.end {
        if rotor.entries[at].range.start >= range.start { inline.append(rotor.entries[at]) }
        at += 1
      }
    }
    inline.sort { ($0.range.start, -$0.range.end) < ($1.range.start, -$1.range.end) }
    // Pieces keep the document's spacing: "the map." stays "link the map." with no space before the period.
    var body = ""
    var cursor = range.start
    func append(_ range: TextRange) {
      // Punctuation alone ("." after a link) stays as written: spoken alone it would be "dot".
      let raw = document[range]
      let piece = raw.contains(where: { $0.isLetter || $0.isNumber }) ? textForm(range, document) : raw.trimmingSpaces
      let offset = range.start
      guard !piece.isEmpty else { return }
      if !body.isEmpty && hasSpace(around: offset) { body += " " }
      body += piece
    }
    for entry in inline where entry.range.start >= cursor {
      let end = min(entry.range.end, range.end)
      if entry.range.start > cursor {
        append(TextRange(start: cursor, end: entry.range.start))
      }
      let role = messages.name(Self.noun(for: entry.kind, level: nil))
      let named = entry.kind == .link ? index.facts(of: entry, in: .links)?.name : nil
      let text = named ?? textForm(TextRange(start: entry.range.start, end: end), document)
      if !body.isEmpty { body += " " }
      body += role + " " + text
      cursor = end
    }
    if cursor < range.end { append(TextRange(start: cursor, end: range.end)) }
    return prefixes.isEmpty ? body : prefixes.joined(separator: clause) + colon + body
  }

  /// Whether the document has whitespace just before or at `offset`.
  private func hasSpace(around offset: Int) -> Bool {
    let utf8 = index.document.text.utf8
    var result = true
    utf8.withContiguousStorageIfAvailable { bytes in
      func isSpace(_ at: Int) -> Bool { at >= 0 && at < bytes.count && (bytes[at] == 0x20 || (0x09...0x0D).contains(bytes[at])) }
      result = isSpace(offset - 1) || isSpace(offset)
    }
    return result
  }

  // MARK: elements list

  private struct ElementsList: Sendable {
    var kind: RotorKind
    var filter = ""
    var matches: [Int] = []
    var selected = 0
  }

  private mutating func openElements(_ kind: RotorKind?) -> String {
    let chosen = kind ?? rotorKind
    guard let rotor = index.rotor(chosen) else {
      return messages.phrase(.unknownRotor, ["rotor": chosen.rawValue, "rotors": rotorNames()])
    }
    elements = ElementsList(kind: chosen, matches: Array(rotor.entries.indices))
    let noun = Self.noun(for: chosen)
    let head = messages.phrase(.elementsOpen, [
      "title": messages.title(noun, level: chosen.headingLevel), "count": messages.count(.item, rotor.count),
    ])
    return head + (rotor.count > 0 ? "\n" + elementsLine() : "")
  }

  private func elementsLine() -> String {
    guard let elements, let rotor = index.rotor(elements.kind) else { return "" }
    guard !elements.matches.isEmpty else { return messages.phrase(.elementsNoMatch, ["filter": elements.filter]) }
    let entry = rotor.entries[elements.matches[elements.selected]]
    var content = entry.label
    if let name = index.facts(of: entry, in: elements.kind)?.name, !content.contains(name) { content = name + ", " + content }
    return messages.phrase(.elementsItem, [
      "i": String(elements.selected + 1), "n": String(elements.matches.count), "content": content,
    ])
  }

  private mutating func refilter(_ filter: String) -> String {
    guard var list = elements, let rotor = index.rotor(list.kind) else { return "" }
    list.filter = filter
    let needle = filter.lowercased()
    // The filter looks at what the list shows: the accessible name and the label.
    list.matches = rotor.entries.indices.filter { at in
      let entry = rotor.entries[at]
      let name = index.facts(of: entry, in: list.kind)?.name ?? ""
      return needle.isEmpty || entry.label.lowercased().contains(needle) || name.lowercased().contains(needle)
    }
    list.selected = 0
    elements = list
    guard !list.matches.isEmpty else { return messages.phrase(.elementsNoMatch, ["filter": filter]) }
    return messages.phrase(.elementsFilter, ["filter": filter, "count": messages.count(.match, list.matches.count)])
      + "\n" + elementsLine()
  }

  /// A command while the elements list is open, or nil for one that closes it and runs as usual.
  private mutating func performInList(verb: String, words: [String], command: String) -> String? {
    guard var list = elements else { return nil }
    switch verb.lowercased() {
    case "down", "next":
      guard !list.matches.isEmpty else { return messages.phrase(.elementsNoMatch, ["filter": list.filter]) }
      list.selected = min(list.selected + 1, list.matches.count - 1)
      elements = list
      return elementsLine()
    case "up", "previous":
      guard !list.matches.isEmpty else { return messages.phrase(.elementsNoMatch, ["filter": list.filter]) }
      list.selected = max(list.selected - 1, 0)
      elements = list
      return elementsLine()
    case "first", "home", "last", "end":
      guard !list.matches.isEmpty else { return messages.phrase(.elementsNoMatch, ["filter": list.filter]) }
      list.selected = ["first", "home"].contains(verb.lowercased()) ? 0 : list.matches.count - 1
      elements = list
      return elementsLine()
    case "left", "right":
      let kinds = index.kinds.filter { index.rotor($0).map { $0.count > 0 } ?? false }
      guard !kinds.isEmpty else { return messages.phrase(.noRotors) }
      let here = kinds.firstIndex(of: list.kind) ?? 0
      let next = kinds[((here + (verb.lowercased() == "right" ? 1 : -1)) % kinds.count + kinds.count) % kinds.count]
      return openElements(next)
    case "type":
      // One typed character (the terminal sends "type x"); "type space" for a space.
      let typed = words.count > 1 ? (words[1] == "space" ? " " : words.dropFirst().joined(separator: " ")) : ""
      return refilter(list.filter + typed)
    case "filter":
      return refilter(words.dropFirst().joined(separator: " "))
    case "backspace":
      return refilter(String(list.filter.dropLast()))
    case "enter", "activate", "open":
      elements = nil
      guard !list.matches.isEmpty, let rotor = index.rotor(list.kind) else { return messages.phrase(.elementsClosed) }
      return land(on: list.matches[list.selected], in: rotor)
    case "rotor":
      guard words.count > 1 else { return nil }
      return openElements(RotorKind(words[1].lowercased()))
    case "escape", "cancel", "close":
      elements = nil
      return messages.phrase(.elementsClosed)
    case "quit", "exit", "help", "?", "unused", "where":
      return nil
    default:
      return nil
    }
  }

  // MARK: names for other commands

  /// "Heading", "Link", "E-mail address"… (English, for `rotor` output).
  public static func singularName(_ kind: RotorKind) -> String {
    if let level = kind.headingLevel { return "Heading level \(level)" }
    switch kind.rawValue {
    case "headings": return "Heading"
    case "links": return "Link"
    case "emails": return "E-mail address"
    case "phones": return "Phone number"
    case "alerts": return "Alert"
    case "warnings": return "Warning"
    case "landmarks": return "Landmark"
    case "lists": return "List"
    case "tables": return "Table"
    case "images": return "Image"
    case "blockquotes": return "Block quote"
    case "listitems": return "List item"
    default: return kind.rawValue.capitalizedFirst
    }
  }

  /// "Headings", "Links", "E-mail addresses"… (English, for `rotor` output).
  public static func pluralName(_ kind: RotorKind) -> String {
    if let level = kind.headingLevel { return "Headings level \(level)" }
    switch kind.rawValue {
    case "emails": return "E-mail addresses"
    case "phones": return "Phone numbers"
    default:
      let singular = singularName(kind)
      return singular.hasSuffix("s") ? singular : singular + "s"
    }
  }
}

extension Substring {
  /// Without leading and trailing whitespace.
  var trimmingSpaces: String {
    String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
  }
}

extension String {
  /// The string with its first character uppercased ("alert" → "Alert"); unchanged in scripts
  /// without case.
  var capitalizedFirst: String { BrowseMessages.sentenceCase(self) }
}
