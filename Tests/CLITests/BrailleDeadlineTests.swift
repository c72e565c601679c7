import Foundation
import Testing

/// Issue 55: liblouis 3.24 never returns on `c ->a@` with the German tables (its doCompbrl moves
/// back to a stale word start; fixed in liblouis 3.25). On b61ffed `braille` and `browse
/// --braille` of such a line hang for ever; now liblouis runs in a worker process under a deadline
/// and the passage is written in computer braille with a warning.
@Suite struct BrailleDeadlineTests {
  static let text = "Hallo Welt.\nc ->a@ und mehr\nEnde gut.\n"

  @Test func theLineLiblouisLoopsOnIsComputerBrailleWithAWarningAndTheRestIsTranslated() throws {
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("textrotor-deadline-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: work) }
    let file = work.appendingPathComponent("g.txt").path
    try Data(Self.text.utf8).write(to: URL(fileURLWithPath: file))
    let result = try CLIRunner.shell(
      #"timeout -s KILL 30 "$TEXTROTOR" braille "$FILE" --table de-g2.ctb; echo "status $?""#,
      environment: ["FILE": file])
    // Lines 1 and 3 as liblouis translates them; line 2 in Braille ASCII cells, letter by letter.
    #expect(result.stdout == "⠓⠁⠟⠕⠀⠺⠽⠞⠄\n⠉⠀⠤⠜⠁⠈⠀⠥⠝⠙⠀⠍⠑⠓⠗\n⠉⠙⠑⠀⠛⠥⠞⠄\nstatus 0\n", "\(result.stderr)")
    #expect(
      result.stderr
        == "textrotor: \(file):2:1: warning: liblouis did not finish translating this passage with de-g2.ctb in time (it loops on some text); it is written in computer braille\n"
    )
    let quiet = try CLIRunner.shell(
      #"timeout -s KILL 30 "$TEXTROTOR" braille "$FILE" --table de-g2.ctb --quiet; echo "status $?""#,
      environment: ["FILE": file])
    #expect(quiet.stdout.hasSuffix("status 0\n") && quiet.stderr.isEmpty, "\(quiet.stderr)")
  }

  @Test func aGermanPageWithTheLineEndsWithTheTableChosenByLanguage() throws {
    let html = "<html lang=de><p>Hallo Welt.</p><p>c ->a@ und mehr</p><p>Ende gut.</p></html>"
    let result = try CLIRunner.shell(
      #"printf '%s' "$HTML" | timeout -s KILL 30 "$TEXTROTOR" braille - --input html; echo "status $?""#,
      environment: ["HTML": html])
    #expect(result.stdout == "⠓⠁⠇⠇⠕⠀⠺⠑⠇⠞⠄\n⠉⠀⠤⠜⠁⠈⠀⠥⠝⠙⠀⠍⠑⠓⠗\n⠑⠝⠙⠑⠀⠛⠥⠞⠄\nstatus 0\n", "\(result.stdout)")
    #expect(
      result.stderr.hasPrefix(
        "textrotor: <stdin>:1:36: warning: liblouis did not finish translating this passage with /usr/share/liblouis/tables/de-g1.ctb in time"
      ), "\(result.stderr)")
  }

  @Test func browseWithBrailleEndsOnTheLine() throws {
    let html = "<html lang=de><h1>c ->a@ x</h1><p>Ende.</p></html>"
    let result = try CLIRunner.shell(
      #"printf '%s' "$HTML" > "$TMPDIR/deadline-$$.html"; printf 'rotor headings\nnext\nquit\n' | timeout -s KILL 30 "$TEXTROTOR" browse "$TMPDIR/deadline-$$.html" --braille --output text; echo "status $?"; rm -f "$TMPDIR/deadline-$$.html""#,
      environment: ["HTML": html, "TMPDIR": FileManager.default.temporaryDirectory.path])
    #expect(
      result.stdout.contains("c ->a@ x\n⠓⠑⠁⠙⠊⠝⠛⠀⠇⠑⠧⠑⠇⠀⠂⠠⠀⠂⠀⠕⠋⠀⠂⠱⠀⠉⠀⠤⠜⠁⠈⠀⠭\n"), "\(result.stdout) \(result.stderr)")
    #expect(result.stdout.hasSuffix("status 0\n"), "\(result.stdout)")
  }

  @Test func aDocumentFullOfSuchLinesEndsAfterAFewDeadlinesNotOneALine() throws {
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("textrotor-deadline-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: work) }
    let file = work.appendingPathComponent("many.txt").path
    // 600 lines liblouis loops on: one batch, then 8 passages alone, then the rest computer braille
    // (about 20 s); a deadline a line would be 20 minutes.
    let text = (0..<600).map { "Zeile \($0) c ->a@ und mehr\n" }.joined()
    try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    let result = try CLIRunner.shell(
      #"timeout -s KILL 120 "$TEXTROTOR" braille "$FILE" --table de-g2.ctb | sed -n '1p;600p'; echo "status ${PIPESTATUS[0]}""#,
      environment: ["FILE": file])
    #expect(result.stdout == "⠵⠑⠊⠇⠑⠀⠴⠀⠉⠀⠤⠜⠁⠈⠀⠥⠝⠙⠀⠍⠑⠓⠗\n⠵⠑⠊⠇⠑⠀⠢⠔⠔⠀⠉⠀⠤⠜⠁⠈⠀⠥⠝⠙⠀⠍⠑⠓⠗\nstatus 0\n", "\(result.stderr)")
    #expect(
      result.stderr
        == "textrotor: \(file):1:1: warning: liblouis did not finish translating 600 passages (the first is here) with de-g2.ctb in time (it loops on some text); they are written in computer braille\n"
    )
  }
}
