internal import TextModel

/// The elements list: a rotor's items, filtered by typing, Enter jumps.
extension BrowseSession {
  // MARK: elements list

  struct ElementsList: Sendable {
    var kind: RotorKind
    var filter = ""
    var matches: [Int] = []
    var selected = 0
  }

  mutating func openElements(_ kind: RotorKind?) -> String {
    let chosen = kind ?? rotorKind
    guard let rotor = index.rotor(chosen) else {
      return messages.phrase(.unknownRotor, ["rotor": chosen.rawValue, "rotors": rotorNames()])
    }
    elements = ElementsList(kind: chosen, matches: Array(rotor.entries.indices))
    let noun = Self.noun(for: chosen)
    let head = messages.phrase(
      .elementsOpen,
      [
        "title": messages.title(noun, level: chosen.headingLevel), "count": messages.count(.item, rotor.count),
      ])
    return head + (rotor.count > 0 ? "\n" + elementsLine() : "")
  }

  func elementsLine() -> String {
    guard let elements, let rotor = index.rotor(elements.kind) else { return "" }
    guard !elements.matches.isEmpty else { return messages.phrase(.elementsNoMatch, ["filter": elements.filter]) }
    let entry = rotor.entries[elements.matches[elements.selected]]
    var content = entry.label
    if let name = index.facts(of: entry, in: elements.kind)?.name, !content.contains(name) {
      content = name + ", " + content
    }
    return messages.phrase(
      .elementsItem,
      [
        "i": String(elements.selected + 1), "n": String(elements.matches.count), "content": content,
      ])
  }

  mutating func refilter(_ filter: String) -> String {
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
  mutating func performInList(verb: String, words: [String], command: String) -> String? {
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
      let kinds = index.kinds.filter { (index.entryCount(of: $0) ?? 0) > 0 }
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
}
