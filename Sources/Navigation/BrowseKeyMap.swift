/// The keys of browse in a terminal, and the command word each one sends to ``BrowseSession``.
///
/// Two maps (``Layout``): the default is rotor-first (Up/Down move by rotor item, Left/Right choose
/// the rotor, as VoiceOver's rotor); `--keys nvda` reads text with the arrows as NVDA's browse mode
/// does (Up/Down line, Left/Right character, Control+Left/Right word) and keeps the rotor on Alt+arrows.
/// Both follow NVDA's quick-navigation letters and heading levels 1–9, and put TextRotor's own kinds
/// (e-mail addresses, phone numbers, alerts, warnings) on Alt+letters, which every screen reader
/// passes to the application in browse mode. docs/NAVIGATION.md's key tables are
/// ``markdownTable()`` (a test compares them).
package enum BrowseKeyMap {
  /// Which map: rotor-first (the default) or NVDA's browse-mode arrows.
  package enum Layout: String, Sendable, CaseIterable {
    /// Up/Down by rotor item, Left/Right choose the rotor.
    case rotor
    /// Up/Down by line, Left/Right by character, Control+Left/Right by word.
    case nvda
  }

  /// One key (or a chord: keys pressed one after the other) and what it does.
  package struct Binding: Sendable, Hashable {
    /// The key names as ``TerminalKeyDecoder`` names them ("Shift+Up", "F7", "h"); two for a chord.
    package var keys: [String]
    /// The command word sent to the session.
    package var command: String
    /// What it does, for the documentation.
    package var does: String
    /// What the key does in NVDA's browse mode.
    package var nvda: String
    /// The nearest VoiceOver (macOS) command.
    package var voiceOver: String
    /// Whether the key moves the position (keys that do not must leave "where am I" unchanged).
    package var moves: Bool
  }

  private static func bind(
    _ keys: [String], _ command: String, _ does: String, nvda: String, voiceOver: String = "",
    moves: Bool = false
  ) -> Binding {
    Binding(keys: keys, command: command, does: does, nvda: nvda, voiceOver: voiceOver, moves: moves)
  }

  /// Every key of the map, in documentation order.
  package static let bindings: [Binding] = {
    var list: [Binding] = [
      bind(
        ["Down"], "next", "next item in the rotor", nvda: "next line", voiceOver: "VO+Command+Down (next rotor item)",
        moves: true),
      bind(["Space"], "next", "next item in the rotor", nvda: "(passed to the page)", voiceOver: "", moves: true),
      bind(
        ["Up"], "previous", "previous item in the rotor", nvda: "previous line",
        voiceOver: "VO+Command+Up (previous rotor item)", moves: true),
      bind(["Right"], "right", "next rotor that has items", nvda: "next character", voiceOver: "rotor: next category"),
      bind(
        ["Left"], "left", "previous rotor that has items", nvda: "previous character",
        voiceOver: "rotor: previous category"),
      bind(["Ctrl+Right"], "right", "next rotor that has items", nvda: "next word", voiceOver: ""),
      bind(["Ctrl+Left"], "left", "previous rotor that has items", nvda: "previous word", voiceOver: ""),
      bind(["Ctrl+Down"], "p", "next paragraph, read", nvda: "next paragraph", voiceOver: "", moves: true),
      bind(["Ctrl+Up"], "P", "previous paragraph, read", nvda: "previous paragraph", voiceOver: "", moves: true),
      bind(
        ["Shift+Down"], "read", "read the current item whole (announcements cut long items)", nvda: "select line",
        voiceOver: "VO+A on the item"),
      bind(["Shift+Up"], "where", "where am I: the current item again", nvda: "select line", voiceOver: "VO+F3"),
      bind(
        ["Shift+Right"], "nextchar", "next character, spelled (\"cap A\", \"comma\")", nvda: "select character",
        voiceOver: "VO+Right with the character rotor", moves: true),
      bind(
        ["Shift+Left"], "previouschar", "previous character, spelled", nvda: "select character",
        voiceOver: "VO+Left with the character rotor", moves: true),
      bind(
        ["Alt+Right"], "nextword", "next word", nvda: "(passed to the page: browser forward)",
        voiceOver: "VO+Right with the word rotor", moves: true),
      bind(
        ["Alt+Left"], "previousword", "previous word", nvda: "(passed to the page: browser back)",
        voiceOver: "VO+Left with the word rotor", moves: true),
      bind(
        ["Alt+Down"], "nextline", "next line (at most 100 characters, as NVDA's browse mode)",
        nvda: "(passed to the page)", voiceOver: "VO+Down", moves: true),
      bind(
        ["Alt+Up"], "previousline", "previous line", nvda: "(passed to the page)", voiceOver: "VO+Up",
        moves: true),
      bind(["Home"], "first", "first item in the rotor", nvda: "start of line", voiceOver: "VO+Home", moves: true),
      bind(["End"], "last", "last item in the rotor", nvda: "end of line", voiceOver: "VO+End", moves: true),
      bind(
        ["Ctrl+Home"], "top", "top of the document", nvda: "top of the document", voiceOver: "VO+Control+Home",
        moves: true),
      bind(
        ["Ctrl+End"], "bottom", "end of the document", nvda: "end of the document", voiceOver: "VO+Control+End",
        moves: true),
      bind(
        ["PageDown"], "pagedown", "ten items on in the rotor", nvda: "next screen", voiceOver: "VO+Page Down",
        moves: true),
      bind(
        ["PageUp"], "pageup", "ten items back in the rotor", nvda: "previous screen", voiceOver: "VO+Page Up",
        moves: true),
      bind(["Tab"], "k", "next link", nvda: "next focusable (link)", voiceOver: "Tab", moves: true),
      bind(["Shift+Tab"], "K", "previous link", nvda: "previous focusable (link)", voiceOver: "Shift+Tab", moves: true),
      bind(["Enter"], "enter", "the current link's target", nvda: "activate", voiceOver: "VO+Space"),
      bind(["Escape"], "escape", "closes the elements list, stops say all", nvda: "leave focus mode"),
      bind(
        ["Backspace"], "unused Backspace", "deletes a filter character in the elements list",
        nvda: "(passed to the page)"),
      bind(["Delete"], "unused Delete", "nothing (says so)", nvda: "(passed to the page)"),
      bind(["F1"], "help", "help", nvda: "NVDA+1: input help", voiceOver: "VO+H"),
      bind(["F2"], "where", "where am I: the current item again", nvda: "NVDA+Tab: report focus", voiceOver: "VO+F3"),
      bind(["F3"], "read", "read the current item whole", nvda: "NVDA+Up: read current line", voiceOver: "VO+A"),
      bind(
        ["F7"], "elements", "elements list: pick a rotor, type to filter, Enter jumps", nvda: "NVDA+F7: elements list",
        voiceOver: "VO+U: rotor menu"),
      bind(
        ["F8"], "say", "say all from here, one sentence per line; any key stops", nvda: "NVDA+Down: say all",
        voiceOver: "VO+A: read all", moves: true),
      bind(
        ["Insert", "Down"], "say", "say all from here (NVDA's NVDA+Down)", nvda: "NVDA+Down: say all",
        voiceOver: "VO+A", moves: true),
      bind(["Insert", "Up"], "read", "read the current item whole", nvda: "NVDA+Up: read current line", voiceOver: ""),
      bind(["Insert", "Tab"], "where", "where am I", nvda: "NVDA+Tab: report focus", voiceOver: "VO+F3"),
      bind(["Insert", "F7"], "elements", "elements list", nvda: "NVDA+F7: elements list", voiceOver: "VO+U"),
      bind(
        ["Insert", "q"], "quit", "quit (two keys, so not by accident)", nvda: "NVDA+Q: exit NVDA (asks first)",
        voiceOver: ""),
      bind(["Ctrl+D"], "quit", "quit, saying Goodbye", nvda: "(passed to the page)", voiceOver: ""),
      bind(["Ctrl+C"], "quit", "quit, saying Goodbye (the interrupt signal)", nvda: "copy", voiceOver: ""),
      bind(["?"], "help", "help", nvda: "(passed to the page)", voiceOver: ""),
      bind(
        ["Ctrl+F"], "find", "find: type a text, Enter (case and accents do not matter)",
        nvda: "(passed to the page: the browser's find)", voiceOver: "VO+F: find"),
      bind(["Insert", "Ctrl+F"], "find", "find", nvda: "NVDA+Ctrl+F: find", voiceOver: "VO+F"),
      bind(
        ["Insert", "F3"], "findnext", "next match (wraps, saying so)", nvda: "NVDA+F3: find next",
        voiceOver: "VO+G", moves: true),
      bind(
        ["Insert", "Shift+F3"], "findprevious", "previous match (wraps, saying so)",
        nvda: "NVDA+Shift+F3: find previous", voiceOver: "VO+Shift+G", moves: true),
      bind(
        ["Ctrl+G"], "findnext", "next match", nvda: "(passed to the page: the browser's find next)",
        voiceOver: "VO+G", moves: true),
      bind(
        ["Shift+F3"], "findprevious", "previous match", nvda: "(passed to the page: the browser's find previous)",
        voiceOver: "VO+Shift+G", moves: true),
      bind(
        ["Ctrl+B"], "bookmark", "set a bookmark here: type a name, Enter (kept for the next open)",
        nvda: "(passed to the page)", voiceOver: ""),
      bind(["'"], "'", "next bookmark", nvda: "(passed to the page)", voiceOver: "", moves: true),
      bind(["\""], "\"", "previous bookmark (Shift+')", nvda: "(passed to the page)", voiceOver: "", moves: true),
      bind(
        ["n"], "n", "next text that is not a link", nvda: "next text after a block of links", voiceOver: "",
        moves: true),
      bind(
        ["Shift+N"], "N", "previous text that is not a link", nvda: "previous text before a block of links",
        voiceOver: "", moves: true),
      bind(
        [","], ",", "past the end of the list or table", nvda: "past the end of the container (list, table)",
        voiceOver: "", moves: true),
      bind(
        ["<"], "<", "start of the list or table (Shift+,)", nvda: "Shift+,: start of the container", voiceOver: "",
        moves: true),
    ]
    // Tables: NVDA's Control+Alt keys (JAWS has the same arrows); VoiceOver moves by cell with VO+arrows
    // once it is interacting with the table.
    let cellMoves: [(String, String, String, String, String)] = [
      (
        "Right", "tableright", "next cell in the row (its column's header, row and column said)", "next column",
        "VO+Right in the table"
      ),
      ("Left", "tableleft", "previous cell in the row", "previous column", "VO+Left in the table"),
      (
        "Down", "tabledown", "next cell in the column (its headers, row and column said)", "next row",
        "VO+Down in the table"
      ),
      ("Up", "tableup", "previous cell in the column", "previous row", "VO+Up in the table"),
      ("Home", "rowstart", "first cell of the row", "first column", ""),
      ("End", "rowend", "last cell of the row", "last column", ""),
      ("PageUp", "columnstart", "first cell of the column", "first row", ""),
      ("PageDown", "columnend", "last cell of the column", "last row", ""),
    ]
    for (key, command, does, nvda, voiceOver) in cellMoves {
      list.append(
        bind(["Ctrl+Alt+" + key], command, does, nvda: "Control+Alt+\(key): " + nvda, voiceOver: voiceOver, moves: true)
      )
    }
    let tableReads: [(String, String, String, String, String)] = [
      ("Left", "readrow", "read the row whole", "NVDA+Control+Alt+Left: read the entire row", "VO+R: read row"),
      ("Right", "sayrow", "read the row from the current cell", "NVDA+Control+Alt+Right: say all in row", ""),
      ("Up", "readcolumn", "read the column whole", "NVDA+Control+Alt+Up: read the entire column", ""),
      ("Down", "saycolumn", "read the column from the current cell", "NVDA+Control+Alt+Down: say all in column", ""),
    ]
    for (key, command, does, nvda, voiceOver) in tableReads {
      list.append(bind(["Insert", "Ctrl+Alt+" + key], command, does, nvda: nvda, voiceOver: voiceOver))
    }
    for f in [4, 5, 6, 9, 10, 11, 12] {
      list.append(
        bind(["F\(f)"], "unused F\(f)", "nothing (says so)", nvda: f == 12 ? "NVDA+F12: time" : "(passed to the page)"))
    }
    // The letter, what it moves to, a note for the next key only, NVDA's name, VoiceOver's key (with
    // Shift added for the previous one: VO+Shift+Command+H is VoiceOver's previous heading).
    let letters: [(Character, String, String, String, String)] = [
      ("h", "heading", "", "heading", "VO+Command+H"), ("k", "link", "", "link", "VO+Command+L"),
      ("u", "link", " (TextRotor keeps no history: every link is unvisited)", "unvisited link", ""),
      ("l", "list", "", "list", "VO+Command+X"), ("i", "list item", "", "list item", ""),
      ("t", "table", "", "table", "VO+Command+T"),
      ("d", "landmark", "", "landmark", ""), ("g", "image", "", "graphic", "VO+Command+G"),
      ("q", "block quote", "", "block quote", ""), ("p", "paragraph", ", read", "paragraph", ""),
    ]
    for (letter, what, note, nvda, voiceOver) in letters {
      let upper = String(letter).uppercased()
      list.append(
        bind(
          [String(letter)], String(letter), "next " + what + note, nvda: "next " + nvda,
          voiceOver: letter == "d" ? "VO+U, landmarks" : voiceOver, moves: true))
      let previousVoiceOver = voiceOver.isEmpty ? "" : "VO+Shift+" + voiceOver.dropFirst(3)
      list.append(
        bind(
          ["Shift+" + upper], upper, "previous " + what + (letter == "p" ? note : ""), nvda: "previous " + nvda,
          voiceOver: letter == "d" ? "VO+U, landmarks" : previousVoiceOver, moves: true))
    }
    list.append(bind(["v"], "v", "says there are no visited links (no history is kept)", nvda: "next visited link"))
    for (letter, nvda) in [
      ("f", "form field"), ("b", "button"), ("x", "check box"), ("c", "combo box"), ("e", "edit field"),
      ("r", "radio button"),
    ] {
      list.append(bind([letter], letter, "says the document has no form controls", nvda: "next " + nvda))
    }
    for level in 1...9 {
      list.append(
        bind(
          ["\(level)"], "\(level)", "next heading of level \(level)", nvda: "next heading at level \(level)",
          voiceOver: "", moves: true))
      let shifted = BrowseSession.shiftedDigits.first { $0.value == Character("\(level)") }!.key
      list.append(
        bind(
          [String(shifted)], String(shifted), "previous heading of level \(level) (Shift+\(level))",
          nvda: "previous heading at level \(level)", moves: true))
    }
    list.append(bind(["0"], "0", "next warning", nvda: "(not used)", voiceOver: "", moves: true))
    list.append(bind([")"], ")", "previous warning (Shift+0)", nvda: "(not used)", moves: true))
    for (letter, what) in [("e", "e-mail address"), ("p", "phone number"), ("a", "alert"), ("w", "warning")] {
      let menuKey = "(passed to the page: a menu access key)"
      list.append(
        bind(["Alt+" + letter], "alt " + letter, "next " + what, nvda: menuKey, voiceOver: "", moves: true))
      list.append(
        bind(
          ["Alt+" + letter.uppercased()], "alt " + letter.uppercased(), "previous \(what) (Alt+Shift+\(letter))",
          nvda: menuKey, moves: true))
    }
    return list
  }()

  /// The keys `--keys nvda` changes: the arrows read text as NVDA's browse mode does; the rotor moves
  /// to Alt+arrows and the text keys of the rotor map (Shift+Left/Right, Alt+arrows) are freed.
  static let nvdaOverrides: [Binding] = [
    bind(
      ["Down"], "nextline", "next line (at most 100 characters)", nvda: "next line", voiceOver: "VO+Down", moves: true),
    bind(["Up"], "previousline", "previous line", nvda: "previous line", voiceOver: "VO+Up", moves: true),
    bind(
      ["Right"], "nextchar", "next character, spelled (\"cap A\", \"comma\")", nvda: "next character",
      voiceOver: "VO+Right with the character rotor", moves: true),
    bind(
      ["Left"], "previouschar", "previous character, spelled", nvda: "previous character",
      voiceOver: "VO+Left with the character rotor", moves: true),
    bind(
      ["Ctrl+Right"], "nextword", "next word", nvda: "next word", voiceOver: "VO+Right with the word rotor",
      moves: true),
    bind(
      ["Ctrl+Left"], "previousword", "previous word", nvda: "previous word", voiceOver: "VO+Left with the word rotor",
      moves: true),
    bind(["Home"], "linestart", "start of the line (says its first character)", nvda: "start of line", moves: true),
    bind(["End"], "lineend", "end of the line (says its last character)", nvda: "end of line", moves: true),
    bind(
      ["Alt+Down"], "next", "next item in the rotor", nvda: "(passed to the page)",
      voiceOver: "VO+Command+Down (next rotor item)", moves: true),
    bind(
      ["Alt+Up"], "previous", "previous item in the rotor", nvda: "(passed to the page)",
      voiceOver: "VO+Command+Up (previous rotor item)", moves: true),
    bind(
      ["Alt+Right"], "right", "next rotor that has items", nvda: "(passed to the page: browser forward)",
      voiceOver: "rotor: next category"),
    bind(
      ["Alt+Left"], "left", "previous rotor that has items", nvda: "(passed to the page: browser back)",
      voiceOver: "rotor: previous category"),
    bind(["Shift+Right"], "unused Shift+Right", "nothing (says so)", nvda: "select character"),
    bind(["Shift+Left"], "unused Shift+Left", "nothing (says so)", nvda: "select character"),
  ]

  /// Every key of a map, in documentation order.
  package static func bindings(for layout: Layout) -> [Binding] {
    switch layout {
    case .rotor: return bindings
    case .nvda:
      return bindings.map { binding in nvdaOverrides.first { $0.keys == binding.keys } ?? binding }
    }
  }

  /// The command for a key, or for a chord's second key after Insert; nil for a key the map does not
  /// name (the caller says it is not used).
  package static func command(for keys: [String], layout: Layout = .rotor) -> String? {
    let bindings = bindings(for: layout)
    if let binding = bindings.first(where: { $0.keys == keys }) { return binding.command }
    // Shift+letter arrives as the uppercase letter.
    if keys.count == 1, keys[0].count == 1, let letter = keys[0].first, letter.isUppercase,
      let binding = bindings.first(where: { $0.keys == ["Shift+" + keys[0]] })
    {
      return binding.command
    }
    return nil
  }

  /// Both maps as Markdown (docs/NAVIGATION.md includes it verbatim): the default map whole, then
  /// the keys `--keys nvda` changes.
  package static func markdownTable() -> String {
    "#### Default map (rotor first)\n\n" + markdownTable(bindings)
      + "\n#### `--keys nvda`: the keys that differ (all others as above)\n\n" + markdownTable(nvdaOverrides)
  }

  /// One map as a Markdown table.
  package static func markdownTable(_ layout: Layout) -> String { markdownTable(bindings(for: layout)) }

  private static func markdownTable(_ bindings: [Binding]) -> String {
    var lines = ["| key | does in TextRotor | NVDA browse mode | VoiceOver (macOS) |", "| --- | --- | --- | --- |"]
    for binding in bindings {
      let key = binding.keys.map { "`\($0 == "|" ? "\\|" : $0)`" }.joined(separator: " then ")
      // VoiceOver has no browse mode: a key without the VO keys goes to the page (unless Quick Nav is on).
      let voiceOver = binding.voiceOver.isEmpty ? "(passed to the page)" : binding.voiceOver
      lines.append("| \(key) | \(binding.does) | \(binding.nvda) | \(voiceOver) |")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
