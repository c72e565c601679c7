import Foundation
import Testing

/// `textrotor braille` end to end (issue 49): Unicode and BRF output, the BRF checker on the corpus,
/// tables by language, and the refusals (Japanese, an 8-dot table in BRF, an unknown table).
@Suite struct BrailleCommandTests {
  @Test func unicodeIsOneLineOfBraillePerLineOfTheReadingView() throws {
    let result = try CLIRunner.run(
      ["braille", "-", "--input", "html"], input: Data("<html lang=en><h1>Trail guide</h1><p>Open daily.</p>".utf8))
    #expect(result.status == 0)
    #expect(result.stdout == "⠠⠞⠗⠁⠊⠇⠀⠛⠥⠊⠙⠑\n⠠⠕⠏⠢⠀⠙⠁⠊⠇⠽⠲\n")
    let grade1 = try CLIRunner.run(
      ["braille", "-", "--input", "html", "--grade", "1"], input: Data("<html lang=en><p>Open daily.</p>".utf8))
    #expect(grade1.stdout == "⠠⠕⠏⠑⠝⠀⠙⠁⠊⠇⠽⠲\n")
  }

  @Test func brfOfEveryCorpusDocumentPassesTheChecker() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("textrotor-brf-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var files: [String] = []
    for name in try FileManager.default.contentsOfDirectory(atPath: CLIRunner.packageRoot + "/corpus").sorted() {
      let result = try CLIRunner.run(["braille", CLIRunner.corpus(name), "--format", "brf", "--quiet"])
      if name == "park-brochure.ja.html" {
        #expect(result.status == 1)
        #expect(result.stderr.contains("no Japanese kana braille table"))
        continue
      }
      #expect(result.status == 0, "\(name): \(result.stderr)")
      let path = folder.appendingPathComponent(name + ".brf").path
      try Data(result.stdout.utf8).write(to: URL(fileURLWithPath: path))
      files.append(path)
    }
    let check = Process()
    check.executableURL = URL(fileURLWithPath: CLIRunner.packageRoot + "/tools/brf-check")
    check.arguments = files
    let pipe = Pipe()
    check.standardOutput = pipe
    try check.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    check.waitUntilExit()
    #expect(check.terminationStatus == 0, "\(output)")
    #expect(output.contains("brf-check: \(files.count)/\(files.count) files pass"))
  }

  @Test func refusalsAreClearMessages() throws {
    let eightDot = try CLIRunner.run([
      "braille", CLIRunner.corpus("park-trip-brochure.html"), "--table", "ja-kantenji.utb", "--format", "brf",
    ])
    #expect(eightDot.status == 1)
    #expect(eightDot.stderr.contains("8-dot cells") && eightDot.stdout.isEmpty)
    let unknown = try CLIRunner.run(["braille", CLIRunner.corpus("park-trip-brochure.html"), "--table", "nope.ctb"])
    #expect(unknown.status == 2)
    #expect(
      unknown.stderr.hasPrefix(
        "Error: --table: the braille table \"nope.ctb\" is neither in liblouis's tables (/usr/share/liblouis/tables) nor a file\n"
      ))
    let grade = try CLIRunner.run(["braille", CLIRunner.corpus("park-trip-brochure.html"), "--grade", "3"])
    #expect(grade.status == 2)
  }

  @Test func aPassageWithNoBrailleIsSaidOnStandardError() throws {
    let html = "<html lang=en><p>Park <span lang=ja>公園</span> opens.</p>"
    let result = try CLIRunner.run(["braille", "-", "--input", "html"], input: Data(html.utf8))
    #expect(result.status == 0)
    #expect(result.stderr.contains("warning: liblouis has no Japanese kana braille table"))
    #expect(result.stderr.contains("2 characters with no braille in en-ueb-g2.ctb"))
  }
}
