import Foundation
import Testing

/// The limits flags and the recovery of lossy input, end to end through the built binary.
@Suite struct LimitsCommandTests {
  func temporaryFile(_ name: String, _ text: String) throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("textrotor-\(UUID().uuidString)-\(name)")
    try Data(text.utf8).write(to: url)
    return url.path
  }

  @Test func everyReadingCommandDocumentsTheLimitFlags() throws {
    for command in ["parse", "detect", "rotor", "speak", "browse"] {
      let result = try CLIRunner.run([command, "--help"])
      for flag in ["--max-depth", "--max-attributes", "--max-input-bytes"] {
        #expect(result.stdout.contains(flag), "\(command) --help lacks \(flag)")
      }
      #expect(
        result.stdout.contains("--max-detections") == (command != "parse"), "\(command) --help and --max-detections")
    }
  }

  @Test func tooManyAttributesAreAWarningWithAPlaceAndTheTextIsKept() throws {
    let path = try temporaryFile("attributes.html", "<div>\n<p a=1 b=2 c=3 d=4 e=5>kept</p></div>")
    let result = try CLIRunner.run(["parse", path, "--max-attributes", "2", "--diagnostics"])
    #expect(result.status == 0)
    #expect(result.stdout == "kept\n")
    #expect(result.stderr.contains("\(path):2:1: warning: element <p> has more than 2 attributes: 3 attribute(s)"))
  }

  @Test func anInputOverTheSizeLimitIsAnInputError() throws {
    let path = try temporaryFile("big.html", "<p>" + String(repeating: "word ", count: 100) + "</p>")
    let result = try CLIRunner.run(["parse", path, "--max-input-bytes", "100"])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "textrotor: \(path): the input is larger than the limit of 100 bytes (raise it with --max-input-bytes)\n")
    let text = try CLIRunner.run(
      ["parse", "--input", "text", "--max-input-bytes", "10"], input: Data("eleven bytes".utf8))
    #expect(text.status == 1)
    #expect(text.stderr.contains("<stdin>: the input is larger than the limit of 10 bytes"))
  }

  @Test func detectionsOverTheLimitAreCutWithAWarning() throws {
    let path = try temporaryFile("mails.txt", (0..<5).map { "a\($0)@example.org" }.joined(separator: " "))
    let result = try CLIRunner.run(["detect", path, "--max-detections", "2"])
    #expect(result.status == 0)
    #expect(result.stdout.split(separator: "\n").count == 2)
    #expect(result.stderr.contains("5 detections found; only the first 2 are reported (limit: --max-detections)"))
    let all = try CLIRunner.run(["detect", path])
    #expect(all.stdout.split(separator: "\n").count == 5)
    #expect(all.stderr.isEmpty)
  }

  @Test func tooDeepNestingIsAWarning() throws {
    let path = try temporaryFile(
      "deep.xml", "<r>" + String(repeating: "<d>", count: 10) + "deep" + String(repeating: "</d>", count: 10) + "</r>")
    let result = try CLIRunner.run(["parse", path, "--max-depth", "4", "--diagnostics"])
    #expect(result.stdout == "deep\n")
    #expect(result.stderr.contains("warning: elements nested deeper than 4 levels"))
  }

  @Test func limitFlagsRejectNonsense() throws {
    #expect(try CLIRunner.run(["parse", "--max-depth", "0", "-"]).status == 2)
    #expect(try CLIRunner.run(["parse", "--max-attributes", "-1", "-"]).status == 2)
    #expect(try CLIRunner.run(["detect", "--max-detections", "-5", "-"]).status == 2)
  }

  @Test func xmlThatStopsBeingWellFormedIsReadToTheEndWithAWarning() throws {
    let result = try CLIRunner.run(
      ["parse", "--input", "xml", "--diagnostics"],
      input: Data("<r><p>a < b more</p>\n<p>last</p></r><r>second root</r>".utf8))
    #expect(result.status == 0)
    #expect(result.stdout.contains("more"))
    #expect(result.stdout.contains("last"))
    #expect(result.stdout.contains("second root"))
    #expect(result.stderr.contains("<stdin>:1:10: warning: the XML is not well-formed at line 1:10"))
  }

  @Test func htmlTextAfterTheEndTagAndAnAbruptCommentIsRead() throws {
    let result = try CLIRunner.run(
      ["parse", "--input", "html"], input: Data("<p>one</p></body></html>two <!-->three<p>four</p><!-- x -->five".utf8))
    #expect(result.stdout.split(whereSeparator: \.isWhitespace) == ["one", "two", "three", "four", "five"])
  }
}
