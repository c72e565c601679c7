import Foundation
import Testing

/// Issue 45's Done when: W3C ARIA-AT's reading-mode table tests (w3c/aria-at, `tests/table`, 2021:
/// `data/tests.csv`, `data/commands.csv`) pass on the APG table example, driven in a pseudo-terminal
/// with the real key bytes of the NVDA commands, `--keys nvda` (NVDA's reading mode), a state folder
/// of their own and `--from-start`. Every assertion of each NVDA reading-mode test is checked against
/// the transcript of the test's command (what the program printed after those keys).
///
/// ARIA-AT's setup scripts focus elements of its own reference page; on the APG page they become
/// reading-cursor moves: "before the table" is the "Example" heading just above it (2, 2), "after the
/// table" the "Keyboard Support" heading just below it (2, 2, 2), a data cell is reached with t and
/// Control+Alt+arrows.
@Suite(
  .serialized, .disabled(if: PseudoTerminal.python3 == nil, "python3 drives the pseudo-terminal and is not installed"))
struct BrowseTableTests {
  static let page = CLIRunner.packageRoot + "/Tests/CLITests/Pages/apg-table.html"

  /// ARIA-AT's key names (commands.csv) as an xterm sends them.
  static let keys: [String: [[UInt8]]] = [
    "T": [Array("t".utf8)], "SHIFT_T": [Array("T".utf8)], "DOWN": [Array("\u{1B}[B".utf8)],
    "UP": [Array("\u{1B}[A".utf8)], "INS_TAB": [Array("\u{1B}[2~".utf8), [0x09]],
    "INS_UP": [Array("\u{1B}[2~".utf8), Array("\u{1B}[A".utf8)], "CTRL_ALT_RIGHT": [Array("\u{1B}[1;7C".utf8)],
    "CTRL_ALT_LEFT": [Array("\u{1B}[1;7D".utf8)], "CTRL_ALT_DOWN": [Array("\u{1B}[1;7B".utf8)],
    "CTRL_ALT_UP": [Array("\u{1B}[1;7A".utf8)],
  ]

  /// ARIA-AT's setup scripts, as reading-cursor moves on the APG page.
  static let setups: [String: [String]] = [
    "setFocusBeforeTable": ["2", "2"],
    "setFocusAfterTable": ["2", "2", "2"],
    "setFocusOnFirstDataCell": ["t", "CTRL_ALT_DOWN"],
    "setFocusOnSecondDataCell": ["t", "CTRL_ALT_DOWN", "CTRL_ALT_RIGHT"],
    "setFocusOnSixthDataCell": ["t", "CTRL_ALT_DOWN", "CTRL_ALT_DOWN"],
  ]

  /// One assertion: ARIA-AT's words, and what the transcript must hold for it.
  struct Assertion: Sendable, CustomStringConvertible {
    var words: String
    var says: @Sendable (String) -> Bool
    var description: String { words }
    static func contains(_ words: String, _ text: String) -> Assertion {
      Assertion(words: words) { $0.contains(text) }
    }
  }

  /// One NVDA reading-mode test of tests.csv with one of its commands from commands.csv.
  struct Case: Sendable, CustomStringConvertible {
    var id: Int
    var title: String
    var setup: String
    var command: [String]
    var assertions: [Assertion]
    var description: String { "ARIA-AT table test \(id), \(command.joined(separator: ",")): \(title)" }
  }

  static let role = Assertion(words: "Role 'table' is conveyed") { $0.contains("Table, Students") }
  static let name = Assertion.contains("Name 'Students' is conveyed", "Students")
  static let describedBy = Assertion.contains(
    "Description 'Students currently enrolled in WAI-ARIA 101 for the coming semester' is conveyed",
    "Students currently enrolled in WAI")
  static let columns = Assertion.contains("Number of columns (4) is conveyed", "4 columns")
  static let rows = Assertion.contains("Number of rows (5) is conveyed", "5 rows")
  static let firstHeader = Assertion.contains("Text of the first column header (First Name) is conveyed", "First Name")
  static let firstHeaderPlace = Assertion.contains(
    "Coordinates of the column header (column 1, row 1) are conveyed", "Row 1, column 1: First Name")
  static let entering = [role, name, describedBy, columns, rows]

  /// The NVDA reading-mode rows of tests.csv (ids 1, 3, 5, 7, 9, 11, 13, 15, 17), each with every
  /// NVDA command of commands.csv for its task; "2:" assertions are ARIA-AT's priority 2.
  static let cases: [Case] = [
    // 1: Navigate forwards to a table (NVDA: T). The 2: assertions too: t lands on the first cell.
    Case(
      id: 1, title: "Navigate forwards to a table in reading mode", setup: "setFocusBeforeTable", command: ["T"],
      assertions: entering + [firstHeader, firstHeaderPlace]),
    // 1 with NVDA's other command, Down: the line below the heading is the table's description, said
    // with the table's role, name and size (NVDA says the same); its first cell (the 2: assertions)
    // is the next Down, which test 5 checks.
    Case(
      id: 1, title: "Navigate forwards to a table in reading mode", setup: "setFocusBeforeTable", command: ["DOWN"],
      assertions: entering),
    // 3: Navigate backwards to a table (NVDA: Shift+T).
    Case(
      id: 3, title: "Navigate backwards to a table in reading mode", setup: "setFocusAfterTable",
      command: ["SHIFT_T"], assertions: entering + [firstHeader, firstHeaderPlace]),
    // 5: Navigate to the first column in a table (NVDA: Down, Down, Down).
    Case(
      id: 5, title: "Navigate to the first column in a table in reading mode", setup: "setFocusBeforeTable",
      command: ["DOWN", "DOWN", "DOWN"], assertions: entering + [firstHeader, firstHeaderPlace]),
    // 7: Navigate into the end of a table (NVDA: Up).
    Case(
      id: 7, title: "Navigate into the end of a table in reading mode", setup: "setFocusAfterTable", command: ["UP"],
      assertions: [
        role,
        Assertion(words: "Table boundary is conveyed") { $0.hasPrefix("Table, Students, 5 rows, 4 columns, ") },
        name, columns, rows,
        .contains("Text of the last column header (Address) is conveyed", "Address"),
        .contains("Text of the last cell (456 Main St.) is conveyed", "456 Main St."),
        .contains("Coordinates of the last cell (column 4, row 5) are conveyed", "row 5, column 4"),
      ]),
  ]
  static let cellCases: [Case] = {
    func cell(_ header: String, _ text: String, row: Int, column: Int) -> [Assertion] {
      [
        .contains("Text of the column header (\(header)) is conveyed", header),
        .contains("Text of the cell (\(text)) is conveyed", text),
        .contains(
          "Coordinates of the cell (column \(column), row \(row)) are conveyed", "row \(row), column \(column)"),
      ]
    }
    return [
      // 9: Read information about a table cell (NVDA: Insert+Tab, and Insert+Up).
      Case(
        id: 9, title: "Read information about a table cell in reading mode", setup: "setFocusOnFirstDataCell",
        command: ["INS_TAB"], assertions: cell("First Name", "Fred", row: 2, column: 1)),
      Case(
        id: 9, title: "Read information about a table cell in reading mode", setup: "setFocusOnFirstDataCell",
        command: ["INS_UP"], assertions: cell("First Name", "Fred", row: 2, column: 1)),
      // 11: Navigate to the next column (NVDA: Control+Alt+Right).
      Case(
        id: 11, title: "Navigate to the next column in a table in reading mode", setup: "setFocusOnFirstDataCell",
        command: ["CTRL_ALT_RIGHT"], assertions: cell("Last Name", "Jackson", row: 2, column: 2)),
      // 13: Navigate to the previous column (NVDA: Control+Alt+Left).
      Case(
        id: 13, title: "Navigate to the previous column in a table in reading mode",
        setup: "setFocusOnSecondDataCell", command: ["CTRL_ALT_LEFT"],
        assertions: cell("First Name", "Fred", row: 2, column: 1)),
      // 15: Navigate to the next row (NVDA: Control+Alt+Down).
      Case(
        id: 15, title: "Navigate to the next row in a table in reading mode", setup: "setFocusOnFirstDataCell",
        command: ["CTRL_ALT_DOWN"], assertions: cell("First Name", "Sara", row: 3, column: 1)),
      // 17: Navigate to the previous row (NVDA: Control+Alt+Up).
      Case(
        id: 17, title: "Navigate to the previous row in a table in reading mode", setup: "setFocusOnSixthDataCell",
        command: ["CTRL_ALT_UP"], assertions: cell("First Name", "Fred", row: 2, column: 1)),
    ]
  }()

  static func lines(_ output: String) -> [String] {
    output.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
  }

  static func bytes(_ key: String) -> [[UInt8]] { keys[key] ?? [Array(key.utf8)] }

  /// Runs the setup, then the command, and returns the command's transcript (its lines).
  static func transcript(setup: [String], command: [String], arguments: [String] = []) throws -> [String] {
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
    return outputs[first..<(first + commandKeys.count)].flatMap(lines)
  }

  @Test(arguments: cases + cellCases) func ariaATReadingModeTableTest(_ test: Case) throws {
    let said = try Self.transcript(setup: Self.setups[test.setup] ?? [], command: test.command)
    let transcript = said.joined(separator: "\n")
    for assertion in test.assertions {
      #expect(assertion.says(transcript), "\(test): \(assertion) — transcript:\n\(transcript)")
    }
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
