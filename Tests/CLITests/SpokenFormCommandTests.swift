import Foundation
import Testing

/// Issue 58, rows 1 and 2: a formula and an edit are read once into their spoken form, and every
/// output shows it (the reading view, JSON, braille, browse's text and braille lines, preview),
/// while speech says what it said before.
@Suite struct SpokenFormCommandTests {
  static let formulas = Data(
    ("<p>Half: <math><mn>1</mn><mfrac><mn>1</mn><mn>2</mn></mfrac></math> cup.</p>"
      + "<p>Area <math alttext=\"x squared\"><msup><mi>x</mi><mn>2</mn></msup></math>.</p>").utf8)
  /// What the reading view shows for ``formulas``.
  static let formulasRead = "Half: 1 and 1 half cup.\nArea x squared."
  static let edits = Data("<p>Was <del>$30</del> now <ins>$25</ins>.</p>".utf8)
  /// What the reading view shows for ``edits``: NVDA's braille marks around each edit.
  static let editsRead = "Was del $30 del end now ins $25 ins end."

  static func run(_ arguments: [String], _ input: Data) throws -> CLIRunner.Result {
    try CLIRunner.run(arguments + ["-", "--input", "html"], input: input)
  }

  @Test func theReadingViewShowsAFormulasSpokenFormOrItsAlttext() throws {
    let result = try Self.run(["parse"], Self.formulas)
    #expect(result.status == 0)
    #expect(result.stdout == Self.formulasRead + "\n")
  }

  @Test func theReadingViewMarksEditsAsNVDAsBrailleDoes() throws {
    let result = try Self.run(["parse"], Self.edits)
    #expect(result.stdout == Self.editsRead + "\n")
  }

  @Test func parseJSONCarriesTheSpokenFormWithOffsetsIntoIt() throws {
    let result = try Self.run(["parse", "--format", "json"], Self.edits)
    let json = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(json["text"] as? String == Self.editsRead)
    let runs = try #require(json["runs"] as? [[String: Any]])
    let edits = runs.filter { $0["attribute"] as? String == "edit" }
    // The edit runs hold the edited text only, not the marks around it.
    #expect(edits.map { $0["text"] as? String } == ["$30", "$25"])
    let starts = edits.map { ($0["start"] as? [String: Any])?["utf16"] as? Int }
    #expect(starts == [8, 28])
    // Their input positions still point into the source (`$30` at byte 12, column 13).
    let input = try #require(edits.first?["input"] as? [String: Any])
    #expect(input["column"] as? Int == 13)
  }

  @Test(arguments: [(formulas, formulasRead), (edits, editsRead)])
  func brailleIsTheBrailleOfTheSpokenForm(_ page: Data, _ read: String) throws {
    let written = try Self.run(["braille"], page)
    let plain = try Self.run(["braille"], Data(read.split(separator: "\n").map { "<p>\($0)</p>" }.joined().utf8))
    #expect(written.status == 0)
    #expect(!written.stdout.isEmpty)
    #expect(written.stdout == plain.stdout)
  }

  @Test func browseTextAndItsBrailleLineShowTheSpokenForm() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let page = directory.appendingPathComponent("edits.html")
    try Self.edits.write(to: page)
    let result = try CLIRunner.run(
      ["browse", page.path, "--output", "text", "--braille"], input: Data("say\n".utf8))
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first == Self.editsRead)
    let braille = try Self.run(["braille"], Data("<p>\(Self.editsRead)</p>".utf8))
    #expect(lines.contains(braille.stdout.trimmingCharacters(in: .newlines)))
  }

  static func temporaryDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("spoken-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  @Test func speechSaysWhatItSaidBefore() throws {
    #expect(try Self.run(["speak"], Self.edits).stdout == "Was deleted 30 dollars, now inserted 25 dollars.\n")
    #expect(try Self.run(["speak"], Self.formulas).stdout == "Half, 1 and 1 half cup.\nArea x squared.\n")
  }

  @Test func ssmlMarksNameOffsetsIntoTheSpokenForm() throws {
    let result = try Self.run(["speak", "--format", "ssml"], Self.formulas)
    // "1 and 1 half cup." is the text from offset 6 to 23 of the reading view.
    #expect(result.stdout.contains("<mark name=\"r6-23\"/>1 and 1 half cup."))
  }

  @Test func previewShowsTheSpokenFormAsTheText() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let page = directory.appendingPathComponent("page.html")
    try (Self.formulas + Self.edits).write(to: page)
    let out = directory.appendingPathComponent("out.html").path
    let result = try CLIRunner.run(["preview", page.path, "-o", out])
    #expect(result.status == 0)
    let html = try String(contentsOfFile: out, encoding: .utf8)
    #expect(html.contains("<div class=\"text\">Half: 1 and 1 half cup.</div>"))
    #expect(html.contains("<div class=\"text\">Was del $30 del end now ins $25 ins end.</div>"))
  }

  /// A formula nested 100,000 deep crashed `parse` and `speak` (its tree overflowed the stack): now
  /// elements past `--max-depth` (at most 256 inside a formula) give their text to the element at
  /// the limit, with the depth warning when past `--max-depth`.
  @Test(arguments: [["parse"], ["speak"], ["braille"], ["parse", "--max-depth", "1000000"]])
  func aFormulaNestedPastTheDepthLimitIsReadNotCrashed(_ arguments: [String]) throws {
    let depth = 100_000
    let page =
      "<p>x<math>" + String(repeating: "<mfrac><mn>1</mn>", count: depth) + "<mn>2</mn>"
      + String(repeating: "</mfrac>", count: depth) + "</math>y</p>"
    let result = try Self.run(arguments, Data(page.utf8))
    #expect(result.status == 0)
    #expect(!result.stdout.isEmpty)
    if arguments.count == 1 {
      #expect(result.stderr.contains("warning: elements nested deeper than 256 levels"))
    }
    if arguments[0] == "parse" { #expect(result.stdout.hasPrefix("x the fraction with numerator")) }
  }
}
