import Foundation
import Testing

/// Markdown end to end: a .md file is read as Markdown by every command, `--input markdown` reads
/// standard input, `batch` and the C ABI and Python take it, and `detect` and `speak` give what they
/// give on the same note written as HTML.
@Suite struct MarkdownCommandTests {
  static let markdown = """
    ---
    title: Trail notes
    lang: en
    ---
    # Redwood Creek

    > [!WARNING]
    > The **bridge** is closed after the storm. Call (415) 555-0132.

    Write to [the rangers](mailto:ranger@example.org) or see https://parks.example.org/redwood.

    - [x] Pack water
    - [ ] Check the weather at 10:30

    | Trail | Ratio |
    | --- | --- |
    | Ridge | 11.7:1 |

    """

  static let html = """
    <html lang="en"><head><title>Trail notes</title></head><body>
    <h1>Redwood Creek</h1>
    <div class="markdown-alert markdown-alert-warning"><p class="markdown-alert-title">Warning</p>
    <p>The <strong>bridge</strong> is closed after the storm. Call (415) 555-0132.</p></div>
    <p>Write to <a href="mailto:ranger@example.org">the rangers</a> or see <a href="https://parks.example.org/redwood">https://parks.example.org/redwood</a>.</p>
    <ul><li>\u{2611} Pack water</li><li>\u{2610} Check the weather at 10:30</li></ul>
    <table><thead><tr><th>Trail</th><th>Ratio</th></tr></thead><tbody><tr><td>Ridge</td><td>11.7:1</td></tr></tbody></table>
    </body></html>
    """

  /// Runs `body` with the note written as `note.md` and `note.html` in a fresh folder.
  static func withNotes(_ body: (_ folder: String, _ markdown: String, _ html: String) throws -> Void) throws {
    let folder = try freshFolder("markdown")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let md = folder + "/note.md"
    let html = folder + "/note.html"
    try Data(markdown.utf8).write(to: URL(fileURLWithPath: md))
    try Data(Self.html.utf8).write(to: URL(fileURLWithPath: html))
    try body(folder, md, html)
  }

  /// A detection line without what names the input (`input`: its bytes and line:column differ).
  static func withoutInput(_ line: Substring) throws -> NSDictionary {
    let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    return NSDictionary(dictionary: object.filter { $0.key != "input" })
  }

  @Test func detectAndSpeakGiveWhatTheSameNoteInHTMLGives() throws {
    try Self.withNotes { _, md, html in
      let fromMarkdown = try CLIRunner.run(["detect", md, "--region", "US"])
      let fromHTML = try CLIRunner.run(["detect", html, "--region", "US"])
      #expect(fromMarkdown.status == 0, "\(fromMarkdown.stderr)")
      let markdownLines = try fromMarkdown.stdout.split(separator: "\n").map(Self.withoutInput)
      let htmlLines = try fromHTML.stdout.split(separator: "\n").map(Self.withoutInput)
      #expect(markdownLines == htmlLines)
      // An alert, a phone, an e-mail and two links at least.
      #expect(Set(markdownLines.compactMap { $0["kind"] as? String }) == ["alert", "phone", "email", "link"])
      #expect(markdownLines.contains { $0["kind"] as? String == "alert" && $0["value"] as? String == "warning" })

      for format in ["text", "ssml"] {
        let spokenMarkdown = try CLIRunner.run(["speak", md, "--format", format])
        let spokenHTML = try CLIRunner.run(["speak", html, "--format", format])
        #expect(spokenMarkdown.status == 0, "\(spokenMarkdown.stderr)")
        #expect(spokenMarkdown.stdout == spokenHTML.stdout)
      }
      let speech = try CLIRunner.run(["speak", md])
      #expect(!speech.stdout.contains("[!WARNING]") && !speech.stdout.contains("**"))
      #expect(speech.stdout.contains("11.7 to 1"))
    }
  }

  @Test func detectionsPointIntoTheMarkdown() throws {
    try Self.withNotes { _, md, _ in
      let result = try CLIRunner.run(["detect", md, "--format", "text"])
      // Lines and columns of the Markdown (after the front matter, inside the quote, in link text).
      #expect(result.stdout.contains("phone 8:50 (415) 555-0132"), "\(result.stdout)")
      #expect(result.stdout.contains("email 10:11 the rangers → mailto:ranger@example.org"))
      #expect(result.stdout.contains("link 10:58 https://parks.example.org/redwood"))
    }
  }

  @Test func everyCommandReadsAMarkdownFile() throws {
    try Self.withNotes { _, md, _ in
      let parse = try CLIRunner.run(["parse", md])
      #expect(parse.status == 0)
      #expect(parse.stdout.hasPrefix("Title: Trail notes\nHeading 1: Redwood Creek\n"))
      let json = try CLIRunner.run(["parse", md, "--format", "json"])
      #expect(json.stdout.hasPrefix("{\"format\":\"markdown\""))
      let headings = try CLIRunner.run(["rotor", md, "--rotor", "headings", "--list"])
      #expect(headings.stdout.contains("Redwood Creek"))
      let alerts = try CLIRunner.run(["rotor", md, "--rotor", "alerts", "--list"])
      #expect(alerts.stdout.contains("The bridge is closed"))
      let browse = try CLIRunner.run(["browse", md], input: Data("rotor tables\nnext\nquit\n".utf8))
      #expect(browse.status == 0, "\(browse.stderr)")
      #expect(browse.stdout.contains("Trail"))
    }
  }

  @Test func standardInputIsMarkdownWhenTheInputOptionSaysSo() throws {
    let asMarkdown = try CLIRunner.run(["parse", "--input", "markdown"], input: Data("## *Hours*\n".utf8))
    #expect(asMarkdown.stdout == "Heading 2: Hours\n")
    let asText = try CLIRunner.run(["parse"], input: Data("## *Hours*\n".utf8))
    #expect(asText.stdout.contains("## *Hours*"))
  }

  @Test func batchReadsMarkdownByPathAndByFormat() throws {
    try Self.withNotes { folder, md, _ in
      let requests = [
        #"{"id":1,"path":"note.md"}"#,
        #"{"id":2,"content":"> [!CAUTION]\n> Slippery rocks.\n","format":"markdown"}"#,
      ].joined(separator: "\n")
      let result = try CLIRunner.run(["batch", "--root", folder], input: Data(requests.utf8))
      #expect(result.status == 0, "\(result.stderr)")
      let lines = result.stdout.split(separator: "\n")
      try #require(lines.count == 2)
      let first = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
      #expect(first["format"] as? String == "markdown")
      let detect = try CLIRunner.run(["detect", md, "--format", "jsonl"])
      #expect((first["detections"] as? [Any])?.count == detect.stdout.split(separator: "\n").count)
      #expect(lines[1].contains(#""value":"critical""#))
    }
  }

  @Test func theCABIAndPythonReadAMarkdownFileAsTheCLIDoes() throws {
    try Self.withNotes { _, md, _ in
      let cli = try CLIRunner.run(["detect", md, "--format", "jsonl"])
      let fromCLI = try cli.stdout.split(separator: "\n").map { line -> String in
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let start = try #require(object["start"] as? [String: Int])
        let end = try #require(object["end"] as? [String: Int])
        return "\(object["kind"] ?? "")\t\(start["utf8"]!)\t\(end["utf8"]!)"
      }
      #expect(fromCLI.count >= 4)
      let program = try CABITests.program.get()
      let c = CABITests.run(program.path, ["detections", md])
      #expect(c.status == 0, "\(c.stderr)")
      #expect(
        c.stdout.split(separator: "\n").map { $0.split(separator: "\t").prefix(3).joined(separator: "\t") } == fromCLI)
      let script = """
        import sys, textrotor
        for d in textrotor.parse(sys.argv[1]).detections:
            print("\\t".join([d.kind, str(d.start.utf8), str(d.end.utf8)]))
        for d in textrotor.Document.from_text(sys.argv[2], format="markdown").detections:
            print(d.kind, d.value)
        """
      let python = CABITests.run(
        "/usr/bin/env",
        [
          "PYTHONPATH=\(CLIRunner.packageRoot)/bindings/python", "TEXTROTOR_LIBRARY=\(CABITests.library.path)",
          "python3", "-c", script, md, "> [!IMPORTANT]\n> Bring a map.\n",
        ])
      #expect(python.status == 0, "\(python.stderr)")
      let lines = python.stdout.split(separator: "\n").map(String.init)
      #expect(Array(lines.prefix(fromCLI.count)) == fromCLI)
      #expect(lines.last == "alert warning")
    }
  }
}
