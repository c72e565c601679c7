import Foundation
import Testing

/// Issue 55, rows 10, 11 and 16 (braille's part): `braille` on one enormous line, `--table` given
/// a device, a FIFO or a file that is no table, and out-of-range numbers. Each fails on 034130b.
@Suite struct BrailleEdgeTests {
  static func folder() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("textrotor-braille-\(UUID().uuidString)")
      .path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// Peak resident set (KB) of `textrotor braille FILE`, from GNU time, and the run.
  static func peak(braille file: String) throws -> (kilobytes: Int, result: CLIRunner.Result) {
    let result = try CLIRunner.shell(
      #"/usr/bin/time -f 'peak %M' -o "$FILE.time" timeout -s KILL 300 "$TEXTROTOR" braille "$FILE" > "$FILE.out"; echo "status $?"; cat "$FILE.time"; wc -c < "$FILE.out"; head -c 12 "$FILE.out""#,
      environment: ["FILE": file])
    let words = result.stdout.split(whereSeparator: \.isWhitespace)
    let kilobytes = words.firstIndex(of: "peak").flatMap { Int(words[$0 + 1]) } ?? Int.max
    return (kilobytes, result)
  }

  @Test func aLongLineWithoutASpaceCostsAFewBytesACharacterNotAHundred() throws {
    let work = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: work) }
    let length = 3_000_000
    try Data(repeating: UInt8(ascii: "a"), count: length).write(to: URL(fileURLWithPath: work + "/long.txt"))
    try Data("a".utf8).write(to: URL(fileURLWithPath: work + "/short.txt"))
    let (base, _) = try Self.peak(braille: work + "/short.txt")
    let (peak, result) = try Self.peak(braille: work + "/long.txt")
    #expect(result.stdout.contains("status 0"), "\(result.stdout) \(result.stderr)")
    // One cell (dots 1, "⠁", three bytes) per letter, and the line feed.
    #expect(result.stdout.contains("\(3 * length + 1)\n⠁⠁⠁⠁"), "\(result.stdout)")
    // 034130b: 97 bytes a character (974 MB for 10 MB). Now the text and a bounded window, about
    // 3 bytes a character; the bound leaves room for the allocator (CI measured 8,832 KB here) and
    // still fails the old cost ten times over.
    #expect(peak - base <= 10 * length / 1024, "peak \(peak) KB, \(base) KB for one letter")
  }

  @Test func aTableThatIsADeviceAFIFOOrNoTableIsAUsageErrorAtOnce() throws {
    let work = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: work) }
    #expect(mkfifo(work + "/pipe.ctb", 0o600) == 0)
    try Data("secret\n".utf8).write(to: URL(fileURLWithPath: work + "/secret"))
    let document = CLIRunner.corpus("hiking-checklist.txt")
    let refusals: [(String, String)] = [
      ("/dev/zero", "\"/dev/zero\" is not a braille table: it is a device, not a regular file"),
      (work + "/pipe.ctb", "\"\(work)/pipe.ctb\" is not a braille table: it is a FIFO, not a regular file"),
      (work, "\"\(work)\" is not a braille table: it is a folder, not a file"),
      (
        work + "/secret",
        "\"\(work)/secret\" is not a braille table: a table's file name ends in .ctb, .utb, .tbl, .dis, .cti, .uti, .dic (liblouis's tables)"
      ),
      (
        "nope.ctb",
        "the braille table \"nope.ctb\" is neither in liblouis's tables (/usr/share/liblouis/tables) nor a file"
      ),
    ]
    for (table, message) in refusals {
      // 034130b: a segfault inside liblouis, a hang on the FIFO (killed here), the file opened.
      let result = try CLIRunner.shell(
        #"timeout -s KILL 20 "$TEXTROTOR" braille "$DOC" --table "$TABLE""#,
        environment: ["DOC": document, "TABLE": table])
      #expect(result.status == 2, "\(table): \(result.stderr)")
      #expect(result.stderr.hasPrefix("Error: --table: \(message)\n"), "\(table): \(result.stderr)")
      #expect(result.stdout.isEmpty)
    }
  }

  @Test func negativeCellsAndLinesSayTheAllowedRange() throws {
    let document = CLIRunner.corpus("hiking-checklist.txt")
    let cells = try CLIRunner.run(["braille", document, "--cells", "-5"])
    #expect(cells.status == 2)
    #expect(cells.stderr.hasPrefix("Error: --cells takes 8 to 1000 (got -5)\n"), "\(cells.stderr)")
    let lines = try CLIRunner.run(["braille", document, "--format", "brf", "--lines", "-1"])
    #expect(lines.status == 2)
    #expect(lines.stderr.hasPrefix("Error: --lines takes 2 to 1000 (got -1)\n"), "\(lines.stderr)")
    let zero = try CLIRunner.run(["braille", document, "--cells", "0"])
    #expect(zero.stderr.hasPrefix("Error: --cells takes 8 to 1000 (got 0)\n"), "\(zero.stderr)")
  }
}
