import Foundation
import Testing

/// Issue 45's Done when: W3C ARIA-AT's reading-mode table tests (w3c/aria-at, `tests/table`, 2021)
/// pass on the APG table example, driven in a pseudo-terminal with the real key bytes of the NVDA
/// commands, `--keys nvda` (NVDA's reading mode), a state folder of their own and `--from-start`.
///
/// The tests are upstream's files, kept byte for byte in Pages/aria-at-table: every row of
/// `tests.csv` for NVDA in reading mode, with every NVDA command `commands.csv` gives its task, and
/// every assertion of the row (the `2:` ones of priority 2 too). Each assertion's check is read from
/// its own words (the quoted or bracketed value must be said, in the form the words name); an
/// assertion whose words no check understands fails. What the program says is also compared whole
/// with the transcript kept here (``transcripts``).
///
/// ARIA-AT's setup scripts focus elements of its own reference page; here they are reading-cursor
/// moves that work on any page: "a link before the table" is the line just before it (t, then Up),
/// "a link after the table" the line just after it (t, then comma: past the end of the container),
/// a data cell is reached with t and Control+Alt+arrows.
@Suite(
  .serialized, .disabled(if: PseudoTerminal.python3 == nil, "python3 drives the pseudo-terminal and is not installed"))
struct BrowseTableTests {
  static let page = CLIRunner.packageRoot + "/Tests/CLITests/Pages/apg-table.html"
  static let upstream = CLIRunner.packageRoot + "/Tests/CLITests/Pages/aria-at-table/"

  /// ARIA-AT's key names (commands.csv) as an xterm sends them, and the comma of the setups.
  static let keys: [String: [[UInt8]]] = [
    "T": [Array("t".utf8)], "SHIFT_T": [Array("T".utf8)], "DOWN": [Array("\u{1B}[B".utf8)],
    "UP": [Array("\u{1B}[A".utf8)], "INS_TAB": [Array("\u{1B}[2~".utf8), [0x09]],
    "INS_UP": [Array("\u{1B}[2~".utf8), Array("\u{1B}[A".utf8)], "CTRL_ALT_RIGHT": [Array("\u{1B}[1;7C".utf8)],
    "CTRL_ALT_LEFT": [Array("\u{1B}[1;7D".utf8)], "CTRL_ALT_DOWN": [Array("\u{1B}[1;7B".utf8)],
    "CTRL_ALT_UP": [Array("\u{1B}[1;7A".utf8)], "COMMA": [Array(",".utf8)],
  ]

  /// ARIA-AT's setup scripts as reading-cursor moves.
  static let setups: [String: [String]] = [
    "setFocusBeforeTable": ["T", "UP"],
    "setFocusAfterTable": ["T", "COMMA"],
    "setFocusOnFirstDataCell": ["T", "CTRL_ALT_DOWN"],
    "setFocusOnSecondDataCell": ["T", "CTRL_ALT_DOWN", "CTRL_ALT_RIGHT"],
    "setFocusOnSixthDataCell": ["T", "CTRL_ALT_DOWN", "CTRL_ALT_DOWN"],
  ]

  /// What the setups leave the reading cursor on (said by their last key).
  static let setupLines: [String: String] = [
    "setFocusBeforeTable": "Out of table: Example",
    "setFocusAfterTable": "Out of table: Keyboard Support",
    "setFocusOnFirstDataCell": "First Name, row 2, column 1: Fred",
    "setFocusOnSecondDataCell": "Last Name, row 2, column 2: Jackson",
    "setFocusOnSixthDataCell": "First Name, row 3, column 1: Sara",
  ]

  /// The transcript of each test and command (test id, commands), as NVDA's reading mode would have
  /// it at normal verbosity.
  static let transcripts: [String: [String]] = [
    "1 T": [
      "Table, Students, 5 rows, 4 columns, 1 of 2: Students currently enrolled in WAI ARIA 101 for the coming "
        + "semester. Row 1, column 1: First Name"
    ],
    "1 DOWN": [
      "Table, Students, 5 rows, 4 columns: Students currently enrolled in WAI ARIA 101 for the coming semester. "
        + "Row 1, column 1: First Name"
    ],
    "3 SHIFT_T": [
      "Table, Students, 5 rows, 4 columns, 1 of 2: Students currently enrolled in WAI ARIA 101 for the coming "
        + "semester. Row 1, column 1: First Name"
    ],
    "5 DOWN,DOWN,DOWN": [
      "Table, Students, 5 rows, 4 columns: Students currently enrolled in WAI ARIA 101 for the coming semester. "
        + "Row 1, column 1: First Name",
      "Row 1, column 2: Last Name",
      "Row 1, column 3: Company",
    ],
    "7 UP": ["Table, Students, 5 rows, 4 columns, Address, row 5, column 4: 4 56 Main Street."],
    "9 INS_TAB": [
      "Fred. Table, Students, row 2, column 1, First Name. Under Table Example › Example. In main landmark. 38 percent"
    ],
    "9 INS_UP": ["First Name, row 2, column 1: Fred"],
    "11 CTRL_ALT_RIGHT": ["Last Name, row 2, column 2: Jackson"],
    "13 CTRL_ALT_LEFT": ["First Name, row 2, column 1: Fred"],
    "15 CTRL_ALT_DOWN": ["First Name, row 3, column 1: Sara"],
    "17 CTRL_ALT_UP": ["First Name, row 2, column 1: Fred"],
  ]

  /// One NVDA reading-mode test of tests.csv with one of its commands from commands.csv.
  struct Case: Sendable, CustomStringConvertible {
    var id: Int
    var title: String
    var setup: String
    var command: [String]
    var assertions: [String]
    var description: String { "ARIA-AT table test \(id), \(command.joined(separator: ",")): \(title)" }
    var key: String { "\(id) \(command.joined(separator: ","))" }
  }

  /// A CSV file's rows (RFC 4180: quoted fields may hold commas, "" is a quote).
  static func csv(_ path: String) -> [[String: String]] {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
    var rows: [[String]] = []
    var row: [String] = []
    var field = ""
    var quoted = false
    var characters = text.makeIterator()
    var pending: Character? = nil
    while let character = pending ?? characters.next() {
      pending = nil
      if quoted {
        if character == "\"" {
          let next = characters.next()
          if next == "\"" { field.append("\"") } else { quoted = false; pending = next }
        } else {
          field.append(character)
        }
      } else if character == "\"" {
        quoted = true
      } else if character == "," {
        row.append(field)
        field = ""
      } else if character == "\n" || character == "\r\n" {
        row.append(field)
        rows.append(row)
        row = []
        field = ""
      } else {
        field.append(character)
      }
    }
    if !field.isEmpty || !row.isEmpty { rows.append(row + [field]) }
    guard let header = rows.first else { return [] }
    return rows.dropFirst().map { values in
      Dictionary(uniqueKeysWithValues: header.enumerated().map { ($1, $0 < values.count ? values[$0] : "") })
    }
  }

  /// Every NVDA reading-mode test with each NVDA command of its task.
  static let cases: [Case] = {
    let tests = csv(upstream + "tests.csv").filter {
      $0["mode"] == "READING" && ($0["appliesTo"] ?? "").split(separator: ",").contains("NVDA")
    }
    let commands = csv(upstream + "commands.csv").filter { $0["mode"] == "READING" && $0["at"] == "NVDA" }
    return tests.flatMap { test -> [Case] in
      let assertions = (1...8).compactMap { test["assertion\($0)"] }.filter { !$0.isEmpty }
      let forTask = commands.filter { $0["task"] == test["task"] }
      return forTask.flatMap { command in
        ["commandA", "commandB", "commandC"].compactMap { command[$0] }.filter { !$0.isEmpty }.map { keys in
          Case(
            id: Int(test["testId"] ?? "") ?? 0, title: test["title"] ?? "", setup: test["setupScript"] ?? "",
            command: keys.split(separator: ",").map(String.init), assertions: assertions)
        }
      }
    }
  }()

  /// Lowercase words, punctuation as space: "WAI-ARIA" is said "WAI ARIA".
  static func words(_ text: String) -> String {
    let letters = text.lowercased().map { $0.isLetter || $0.isNumber ? $0 : " " }
    return String(letters).split(separator: " ").joined(separator: " ")
  }

  /// The text between the first opening mark and the next closing one ("(column 1, row 2)").
  static func value(in text: String, _ open: Character, _ close: Character) -> String? {
    guard let start = text.firstIndex(of: open) else { return nil }
    let rest = text[text.index(after: start)...]
    guard let end = rest.firstIndex(of: close) else { return nil }
    return String(rest[..<end])
  }

  /// Whether the transcript says what an assertion asks, read from the assertion's words; nil when
  /// no check understands them.
  static func holds(_ assertion: String, in transcript: [String]) -> Bool? {
    let words = assertion.hasPrefix("2:") ? String(assertion.dropFirst(2)) : assertion
    let all = transcript.joined(separator: "\n")
    let said = Self.words(all)
    if words.hasPrefix("Role "), let role = value(in: words, "'", "'") {
      // The role is said as the announcement's first word.
      return transcript.contains { $0.lowercased().hasPrefix(role.lowercased() + ", ") }
    }
    if words.hasPrefix("Name "), let name = value(in: words, "'", "'") {
      // The name follows the role: "Table, Students, …".
      return transcript.contains { $0.hasPrefix("Table, " + name + ", ") }
    }
    if words.hasPrefix("Description "), let description = value(in: words, "'", "'") {
      return said.contains(Self.words(description))
    }
    if words.hasPrefix("Number of "), let count = value(in: words, "(", ")") {
      let noun = words.hasPrefix("Number of columns") ? "columns" : "rows"
      return all.contains("\(count) \(noun)")
    }
    if words.lowercased().hasPrefix("coordinates of "), let place = value(in: words, "(", ")") {
      // "(column 4, row 5)" is said "row 5, column 4".
      let parts = place.split(separator: ",").map { $0.split(separator: " ") }
      guard parts.count == 2, let column = parts[0].last, let row = parts[1].last else { return nil }
      return all.lowercased().contains("row \(row), column \(column)")
    }
    if words.hasPrefix("Text of "), let text = value(in: words, "(", ")") {
      // Conveyed as written or as it is spoken ("456 Main St." is "4 56 Main Street", issue 58).
      return said.contains(Self.words(text)) || said.contains(Self.words(spoken(text)))
    }
    if words == "Table boundary is conveyed" {
      // Entering the table is said before anything in it: the first line starts with the table.
      return transcript.first?.hasPrefix("Table, ") == true
    }
    return nil
  }

  /// `text` as `textrotor speak` says it in English.
  static func spoken(_ text: String) -> String {
    let result = try? CLIRunner.run(["speak", "--input", "text", "--locale", "en"], input: Data(text.utf8))
    return result?.stdout ?? text
  }

  static func lines(_ output: String) -> [String] {
    output.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
  }

  static func bytes(_ key: String) -> [[UInt8]] { keys[key] ?? [Array(key.utf8)] }

  /// Runs the setup, then the command, and returns what the setup's last key and the command said.
  static func transcript(setup: [String], command: [String], arguments: [String] = []) throws
    -> (setup: [String], command: [String])
  {
    let state = try freshFolder("table-state")
    defer { try? FileManager.default.removeItem(atPath: state) }
    let setupKeys = setup.flatMap(bytes)
    let commandKeys = command.flatMap(bytes)
    let steps = (setupKeys + commandKeys + [[0x04]]).map { PseudoTerminal.Step(send: $0) }
    let outputs = try PseudoTerminal.run(
      ["browse", page, "--keys", "nvda", "--from-start"] + arguments, steps: steps,
      environment: ["XDG_STATE_HOME": state])
    try #require(outputs.count == steps.count + 1, "the driver answered \(outputs.count) of \(steps.count + 1) steps")
    #expect(lines(outputs.last ?? "") == ["Goodbye"])
    let first = 1 + setupKeys.count
    return (lines(outputs[first - 1]), outputs[first..<(first + commandKeys.count)].flatMap(lines))
  }

  @Test func everyNVDAReadingModeTestAndCommandIsRun() {
    // Tests 1, 3, 5, 7, 9, 11, 13, 15 and 17; test 1 has two NVDA commands (T, Down), test 9 two
    // (Insert+Tab, Insert+Up).
    #expect(
      Self.cases.map(\.key) == [
        "1 T", "1 DOWN", "3 SHIFT_T", "5 DOWN,DOWN,DOWN", "7 UP", "9 INS_TAB", "9 INS_UP", "11 CTRL_ALT_RIGHT",
        "13 CTRL_ALT_LEFT", "15 CTRL_ALT_DOWN", "17 CTRL_ALT_UP",
      ])
    #expect(Self.cases.reduce(0) { $0 + $1.assertions.count } == 54)
  }

  @Test(arguments: cases) func ariaATReadingModeTableTest(_ test: Case) throws {
    let setup = try #require(Self.setups[test.setup], "no moves for setup script \(test.setup)")
    let said = try Self.transcript(setup: setup, command: test.command)
    #expect(said.setup.last == Self.setupLines[test.setup], "\(test): the setup \(test.setup) said \(said.setup)")
    let transcript = said.command.joined(separator: "\n")
    for assertion in test.assertions {
      let result = Self.holds(assertion, in: said.command)
      #expect(result != nil, "\(test): no check reads the assertion \"\(assertion)\"")
      #expect(result == true, "\(test): \(assertion) — transcript:\n\(transcript)")
    }
    #expect(said.command == Self.transcripts[test.key], "\(test): transcript:\n\(transcript)")
  }

  /// Spans: a cell spanning two columns is one stop; the edges say "Edge of table"; Control+Alt+Home
  /// and End reach the row's ends, Page Up and Down the column's; Insert then Control+Alt+Left reads
  /// the row, Insert then Control+Alt+Up the column.
  @Test func spansEdgesAndWholeRowsAndColumns() throws {
    let folder = try freshFolder("table-spans")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/spans.html"
    try """
    <!DOCTYPE html><html lang="en"><head><title>Spans</title></head><body>
    <p>Before.</p>
    <table><caption>Trips</caption>
    <tr><th>Trail</th><th colspan="2">Length and time</th><th>Grade</th></tr>
    <tr><th>Lake</th><td>4 km</td><td>1 h</td><td>easy</td></tr>
    <tr><th>Ridge</th><td colspan="2">all day</td><td>hard</td></tr>
    </table><p>After.</p></body></html>
    """.write(toFile: path, atomically: true, encoding: .utf8)
    let state = try freshFolder("table-state")
    defer { try? FileManager.default.removeItem(atPath: state) }
    let keys: [[UInt8]] = [
      Array("t".utf8),  // Trail
      Array("\u{1B}[1;7C".utf8),  // Length and time (spans columns 2–3)
      Array("\u{1B}[1;7C".utf8),  // Grade: the span was one stop
      Array("\u{1B}[1;7C".utf8),  // edge
      Array("\u{1B}[1;7F".utf8),  // Control+Alt+End at the row's end: edge
      Array("\u{1B}[6;7~".utf8),  // Control+Alt+Page Down: hard
      Array("\u{1B}[1;7D".utf8),  // all day (spans columns 2–3)
      Array("\u{1B}[1;7H".utf8),  // Control+Alt+Home: Ridge
      Array("\u{1B}[2~".utf8), Array("\u{1B}[1;7D".utf8),  // the row whole
      Array("\u{1B}[2~".utf8), Array("\u{1B}[1;7A".utf8),  // the column whole
      Array("\u{1B}[1;7B".utf8),  // edge
      Array("\u{1B}OQ".utf8),  // where am I
      [0x04],
    ]
    let outputs = try PseudoTerminal.run(
      ["browse", path, "--from-start"], steps: keys.map { PseudoTerminal.Step(send: $0) },
      environment: ["XDG_STATE_HOME": state])
    try #require(outputs.count == keys.count + 1)
    let said = outputs.dropFirst().map { Self.lines($0).first ?? "" }
    #expect(said[0] == "Table, 3 rows, 4 columns, 1 of 1: Trips. Row 1, column 1: Trail")
    #expect(said[1] == "Row 1, column 2: Length and time")
    #expect(said[2] == "Row 1, column 4: Grade")
    #expect(said[3] == "Edge of table")
    #expect(said[4] == "Edge of table")
    #expect(said[5] == "Ridge, Grade, row 3, column 4: hard")
    #expect(said[6] == "Ridge, Length and time, row 3, column 2: all day")
    #expect(said[7] == "Trail, row 3, column 1: Ridge")
    #expect(said[9] == "Row 3: Ridge; all day; hard")
    #expect(said[11] == "Column 1: Trail; Lake; Ridge")
    #expect(said[12] == "Edge of table")
    #expect(said[13].hasPrefix("Ridge. Table, row 3, column 1, Trail. "))
  }
}
