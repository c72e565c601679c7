public import TextModel

/// The state of an interactive browse: the rotor in use and the position, moved by commands that each
/// produce exactly one line to show or speak (no screen redraws, so a terminal screen reader reads each
/// move as one new line).
///
/// Commands (words, as read from standard input when there is no terminal; the terminal key map in the
/// CLI produces the same words):
/// - `rotor NAME` choose a rotor; `left`/`right` the previous/next rotor
/// - `next`/`previous` (also `down`/`up`) move in the current rotor
/// - NVDA-style letters: `h` heading, `k` link, `1`…`6` heading level, `l` list, `t` table, `d` landmark,
///   `a` alert, `w` warning, `e` e-mail, `p` phone, `g` image; the uppercase letter moves to the previous one
/// - `enter` the current link's target; `say` say all from here; `where` the current item again;
///   `help`; `quit` or `q`
public struct BrowseSession: Sendable {
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
  /// Whether the session has been asked to end.
  public private(set) var isFinished = false
  /// How an item is turned into words (the speech-friendly form); defaults to its label.
  public var speechForm: @Sendable (RotorEntry, TextDocument) -> String = { entry, _ in entry.label }
  /// How running text is turned into words for "say all"; defaults to the text itself.
  public var textForm: @Sendable (TextRange, TextDocument) -> String = { range, document in
    RotorEntry.label(from: document[range], limit: Int.max)
  }

  /// The letter map of quick navigation.
  public static let letters: [Character: RotorKind] = [
    "h": .headings, "k": .links, "l": .lists, "t": .tables, "d": .landmarks, "a": .alerts, "w": .warnings,
    "e": .emails, "p": .phones, "g": .images, "1": .heading(level: 1), "2": .heading(level: 2),
    "3": .heading(level: 3), "4": .heading(level: 4), "5": .heading(level: 5), "6": .heading(level: 6),
  ]

  public init(index: RotorIndex, rotor: RotorKind = .headings) {
    self.index = index
    self.rotorKind = rotor
  }

  /// One line of help.
  public static let helpLine =
    "Keys: left/right choose a rotor, up/down previous/next item, h heading, k link, 1-6 heading level, "
    + "l list, t table, d landmark, a alert, w warning, e e-mail, p phone, g image (shift for previous), "
    + "Enter link target, s say all, ? help, q quit. Words: rotor NAME, next, previous, say, where, help, quit."

  /// Runs one command and returns the line to print.
  public mutating func perform(_ command: String) -> String {
    let words = command.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    guard let verb = words.first else { return "" }
    switch verb.lowercased() {
    case "rotor":
      guard words.count > 1 else { return "Say which rotor: " + rotorNames() }
      return choose(RotorKind(words[1].lowercased()))
    case "rotors": return "Rotors: " + rotorNames()
    case "right": return cycleRotor(by: 1)
    case "left": return cycleRotor(by: -1)
    case "next", "down", "n": return move(forward: true)
    case "previous", "prev", "up": return move(forward: false)
    case "enter", "activate", "open": return activate()
    case "say", "s", "sayall", "say-all": return sayAll()
    case "where", "current": return current.map { describe($0) } ?? "At the top of the document"
    case "help", "?": return Self.helpLine
    case "quit", "q", "exit":
      isFinished = true
      return "Goodbye"
    default:
      if verb.count == 1, let letter = verb.first {
        let lower = Character(letter.lowercased())
        if let kind = Self.letters[lower] {
          rotorKind = kind
          let forward = letter == lower
          return move(forward: forward)
        }
        if let kind = Self.shiftedDigits[letter] {
          rotorKind = kind
          return move(forward: false)
        }
      }
      return "Unknown command \"\(command)\"; type help"
    }
  }

  /// Shift+digit on a US keyboard, for previous heading of a level.
  private static let shiftedDigits: [Character: RotorKind] = [
    "!": .heading(level: 1), "@": .heading(level: 2), "#": .heading(level: 3), "$": .heading(level: 4),
    "%": .heading(level: 5), "^": .heading(level: 6),
  ]

  private func rotorNames() -> String { index.kinds.map(\.rawValue).joined(separator: ", ") }

  private mutating func choose(_ kind: RotorKind) -> String {
    guard let rotor = index.rotor(kind) else { return "No rotor named \(kind.rawValue); rotors: " + rotorNames() }
    rotorKind = kind
    return announce(rotor)
  }

  private func announce(_ rotor: Rotor) -> String {
    let name = Self.pluralName(rotor.kind)
    switch rotor.count {
    case 0: return "\(name), no items"
    case 1: return "\(name), 1 item"
    default: return "\(name), \(rotor.count) items"
    }
  }

  private mutating func cycleRotor(by offset: Int) -> String {
    let kinds = index.kinds
    guard !kinds.isEmpty else { return "No rotors" }
    let here = kinds.firstIndex(of: rotorKind) ?? 0
    let next = kinds[((here + offset) % kinds.count + kinds.count) % kinds.count]
    return choose(next)
  }

  private mutating func move(forward: Bool) -> String {
    guard let rotor = index.rotor(rotorKind) else { return "No rotor named \(rotorKind.rawValue)" }
    let singular = Self.singularName(rotorKind)
    guard !rotor.entries.isEmpty else { return "No \(singular.lowercased())s in this document" }
    // From the current item when it belongs to this rotor, else from the position (so switching rotors
    // keeps the place: the next heading after the alert you were on).
    // Not on an item (at the top, after say all): an entry that starts right here is the next one.
    let target: Int?
    if let currentIndex, currentIndex.kind == rotorKind, rotor.entries.indices.contains(currentIndex.index) {
      target = rotor.step(from: currentIndex.index, by: forward ? 1 : -1)
    } else if let current, let at = rotor.indexOfEntry(containing: position), rotor.entries[at].range == current.range {
      target = rotor.step(from: at, by: forward ? 1 : -1)
    } else if current == nil && forward {
      target = rotor.indexOfEntry(after: position - 1)
    } else {
      target = forward ? rotor.indexOfEntry(after: position) : rotor.indexOfEntry(before: position)
    }
    guard let target else { return "No \(forward ? "next" : "previous") \(singular.lowercased())" }
    let entry = rotor.entries[target]
    current = entry
    currentIndex = (rotorKind, target)
    position = entry.range.start
    let separator = singular.last?.isNumber == true ? ", " : " "
    return "\(singular)\(separator)\(target + 1) of \(rotor.count)\(details(entry)): " + speechForm(entry, index.document)
  }

  private func describe(_ entry: RotorEntry) -> String {
    "\(entry.kind.capitalizedFirst)\(details(entry)): " + speechForm(entry, index.document)
  }

  private func details(_ entry: RotorEntry) -> String {
    var parts: [String] = []
    if let level = entry.level, !rotorKind.rawValue.hasPrefix("heading") || rotorKind == .headings { parts.append("level \(level)") }
    if let severity = entry.severity, rotorKind == .alerts || rotorKind == .warnings, severity != .warning {
      parts.append(severity.rawValue)
    }
    return parts.map { ", " + $0 }.joined()
  }

  private func activate() -> String {
    guard let current else { return "Not on an item; move to a link first" }
    if let value = current.value, current.kind == "link" || current.kind == "email" || current.kind == "phone" {
      return "Target: \(value)"
    }
    // An item inside a link (a heading that is a link, say).
    if let link = index.rotor(.links)?.entries.first(where: { $0.range.overlaps(current.range) }), let value = link.value {
      return "Target: \(value)"
    }
    return "Not a link"
  }

  private mutating func sayAll() -> String {
    let document = index.document
    let end = document.text.utf8.count
    guard position < end else { return "End of document" }
    let text = textForm(TextRange(start: position, end: end), document)
    position = end
    current = nil
    currentIndex = nil
    return text
  }

  /// "Heading", "Link", "E-mail address"… for announcements.
  public static func singularName(_ kind: RotorKind) -> String {
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
    case let name where name.hasPrefix("heading") && name.count == 8 && name.last!.isNumber: return "Heading level \(name.last!)"
    default: return kind.rawValue.capitalizedFirst
    }
  }

  /// "Headings", "Links", "E-mail addresses"… for announcements.
  public static func pluralName(_ kind: RotorKind) -> String {
    switch kind.rawValue {
    case "emails": return "E-mail addresses"
    case "phones": return "Phone numbers"
    case let name where name.hasPrefix("heading") && name.count == 8 && name.last!.isNumber: return "Headings level \(name.last!)"
    default:
      let singular = singularName(kind)
      return singular.hasSuffix("s") ? singular : singular + "s"
    }
  }
}

extension String {
  /// The string with its first character uppercased ("alert" → "Alert").
  var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
