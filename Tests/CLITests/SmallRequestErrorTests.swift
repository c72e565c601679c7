import Foundation
import Testing

/// Issue 42, row 12: the small ones.
@Suite struct SmallRequestErrorTests {
  @Test(arguments: [["--help"], ["parse", "--help"], ["--version"], ["help", "rotor"]])
  func helpThatCannotBeWrittenIsAnError(arguments: [String]) throws {
    let quoted = arguments.joined(separator: " ")
    let result = try CLIRunner.shell("\"$TEXTROTOR\" \(quoted) >/dev/full")
    #expect(result.status == 1, "\(quoted): \(result.stderr)")
    #expect(result.stderr == "textrotor: cannot write to standard output (No space left on device)\n")
    // Written where it can be, the same help as before and exit 0.
    let fine = try CLIRunner.run(arguments)
    #expect(fine.status == 0)
    #expect(!fine.stdout.isEmpty)
  }

  @Test(arguments: [
    (["rotor", "-", "--rotor", "links", "--from", "-5"], "--from takes a UTF-8 offset of 0 or more (got -5)"),
    (["parse", "-", "--max-depth", "-1"], "--max-depth takes a positive number (got -1)"),
    (["parse", "-", "--max-input-bytes", "-1"], "--max-input-bytes takes 0 or more (got -1)"),
    (["batch", "--jobs", "-2"], "--jobs takes 1 or more (got -2)"),
    (["batch", "--window", "-1"], "--window takes 1 or more (got -1)"),
    (["batch", "--max-line-bytes", "-1"], "--max-line-bytes takes 1 or more (got -1)"),
  ])
  func aNegativeNumberIsNamedAsSuch(arguments: [String], message: String) throws {
    let result = try CLIRunner.run(arguments, input: Data("text".utf8))
    #expect(result.status == 2)
    #expect(result.stderr.contains(message), "\(result.stderr)")
    #expect(!result.stderr.contains("Missing value"))
  }

  @Test func aLoneSurrogateEscapeInABatchRequestIsNamedAndTheStreamGoesOn() throws {
    let input = #"""
      {"id":1,"content":"Call 415-555-0132 \ud800 now"}
      {"id":2,"content":"a \udc00 b"}
      {"id":3,"content":"a pair \ud83d\ude00 is fine, call +1 415 555 0100"}
      """#
    let result = try CLIRunner.run(["batch", "--jobs", "1"], input: Data(input.utf8))
    #expect(result.status == 1)
    let lines = result.stdout.split(separator: "\n")
    try #require(lines.count == 3)
    let first = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
    let error = try #require(first["error"] as? [String: Any])
    #expect(first["id"] as? Int == 1)
    #expect(
      error["message"] as? String
        == #""content": invalid JSON string escape \ud800 (a lone surrogate: not a Unicode character)"#)
    #expect(lines[1].contains(#"invalid JSON string escape \\udc00"#))
    #expect(lines[2].contains("tel:+14155550100"))
  }
}

@Suite struct BatchHelpTests {
  /// The formats a request may name come from the readers' own list (it said "html, xml, text"
  /// after EPUB, DOCX and Markdown were added).
  @Test func batchHelpNamesEveryFormatARequestMayGive() throws {
    let help = try CLIRunner.run(["batch", "--help"]).stdout.split(whereSeparator: \.isWhitespace).joined(
      separator: " ")
    #expect(help.contains("(html, xml, text, epub, docx, markdown; epub and docx for a \"path\")"))
  }
}
