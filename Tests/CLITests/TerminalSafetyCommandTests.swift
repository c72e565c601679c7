import Foundation
import Testing

/// Issue 42, row 1: nothing a document, a file name or a request holds reaches the terminal as a
/// control sequence. Every human-facing output shows C0, DEL, C1 and bidi override/isolate controls
/// as `\xHH` / `\uHHHH` (Output's `TerminalText`); JSON keeps its own escaping, byte for byte.
@Suite struct TerminalSafetyCommandTests {
  /// Issue 42's document: clear the screen, set the window title, write the clipboard (OSC 52).
  static let evil = "Evil \u{1B}[2J \u{1B}]0;PWNED\u{07} \u{1B}]52;c;ZWNobyBwd25lZA==\u{07} end.\n"
  /// How the reading view shows it.
  static let shown = #"Evil \x1b[2J \x1b]0;PWNED\x07 \x1b]52;c;ZWNobyBwd25lZA==\x07 end."#

  /// An HTML page whose link target holds a C1 CSI (U+009B) and a right-to-left override through
  /// character references, and whose title, link text and alt hold controls.
  static let page = """
    <html><head><title>T&#x1b;]0;PWNED&#x7;</title></head><body><p>Mail <a href="mailto:ann@example.org">Evil&#x1b;[2J</a> \
    and <a href="https://e.example/a&#x9b;2Jb&#x202e;moc">x</a> <img alt="A&#x9b;31mB" src="i.png"> \
    call 415-555-0132</p></body></html>
    """

  /// The control bytes a terminal would act on, as UTF-8: C0 but tab and line feed, DEL, C1 (C2 80–9F)
  /// and the bidi overrides and isolates (E2 80 AA–AE, E2 81 A6–A9). Empty when the text is safe.
  static func controls(in text: String) -> [String] {
    text.unicodeScalars.compactMap { scalar in
      switch scalar.value {
      case 0x09, 0x0A: nil
      case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: String(scalar.value, radix: 16)
      default: nil
      }
    }
  }

  static func withFile<T>(_ text: String, extension name: String, _ body: (String) throws -> T) throws -> T {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "textrotor-evil-\(UUID().uuidString).\(name)"
    )
    .path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try body(path)
  }

  @Test func theReadingViewShowsControlsAndSendsNone() throws {
    try Self.withFile(Self.evil, extension: "txt") { path in
      let result = try CLIRunner.run(["parse", path])
      #expect(result.status == 0)
      #expect(result.stdout == Self.shown + "\n")
      #expect(Self.controls(in: result.stdout).isEmpty)
    }
  }

  @Test func jsonKeepsItsOwnEscapingAndTheExactText() throws {
    try Self.withFile(Self.evil, extension: "txt") { path in
      let result = try CLIRunner.run(["parse", path, "--format", "json"])
      #expect(result.status == 0)
      #expect(result.stdout.contains(#""text":"Evil \u001b[2J \u001b]0;PWNED\u0007"#))
      let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
      #expect(object["text"] as? String == Self.evil)
    }
  }

  @Test func detectTextAndTSVShowTheControlsOfLinkTargets() throws {
    try Self.withFile(Self.page, extension: "html") { path in
      for format in ["text", "tsv"] {
        let result = try CLIRunner.run(["detect", path, "--format", format])
        #expect(result.status == 0)
        #expect(result.stdout.contains(#"https://e.example/a\x9b2Jb\u202emoc"#), "\(format): \(result.stdout)")
        #expect(Self.controls(in: result.stdout).isEmpty, "\(format)")
      }
      // JSON Lines keep the target as it is (JSON escapes C0 itself; C1 is valid JSON text).
      let jsonl = try CLIRunner.run(["detect", path, "--kinds", "link"])
      #expect(jsonl.stdout.contains("https://e.example/a\u{9B}2Jb\u{202E}moc"))
    }
  }

  @Test func theReadingViewShowsControlsInAttributeValues() throws {
    try Self.withFile(Self.page, extension: "html") { path in
      let result = try CLIRunner.run(["parse", path])
      #expect(result.status == 0)
      #expect(result.stdout.contains(#"(link https://e.example/a\x9b2Jb\u202emoc)"#), "\(result.stdout)")
      #expect(Self.controls(in: result.stdout).isEmpty)
    }
  }

  @Test func rotorListAndNextShowControls() throws {
    try Self.withFile(Self.page, extension: "html") { path in
      let list = try CLIRunner.run(["rotor", path, "--rotor", "links", "--list"])
      let next = try CLIRunner.run(["rotor", path, "--rotor", "links", "--previous"])
      for result in [list, next] {
        #expect(result.status == 0)
        #expect(result.stdout.contains(#"https://e.example/a\x9b2Jb\u202emoc"#), "\(result.stdout)")
        #expect(Self.controls(in: result.stdout).isEmpty)
      }
    }
  }

  @Test(arguments: ["text", "speech"])
  func browseShowsControlsInEveryLine(output: String) throws {
    try Self.withFile(Self.evil + "See https://x.example/p\u{9B}6n now.\n", extension: "txt") { path in
      let commands = "greeting\nsay\ntop\nrotor links\nnext\nwhere\nread\nenter\nelements\nescape\nhelp\nquit\n"
      let result = try CLIRunner.run(["browse", path, "--output", output], input: Data(commands.utf8))
      #expect(result.status == 0, "\(result.stderr)")
      if output == "text" {
        #expect(result.stdout.contains(Self.shown), "\(result.stdout)")
        #expect(result.stdout.contains("p\\x9b6n"), "\(result.stdout)")
      }
      #expect(Self.controls(in: result.stdout).isEmpty)
    }
  }

  @Test func fileNamesInRecursiveOutputAndMessagesShowControls() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("textrotor-evil-tree-\(UUID().uuidString)")
      .path
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: root) }
    let name = "a\u{1B}]0;PWNED\u{07}.txt"
    try Data("Call 415-555-0132 today.\n".utf8).write(to: URL(fileURLWithPath: root + "/" + name))
    // A PNG named .html: a file that cannot be read, named on standard error.
    try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52])
      .write(to: URL(fileURLWithPath: root + "/b\u{1B}[2J.html"))
    for format in ["text", "tsv"] {
      let result = try CLIRunner.run(["detect", "--recursive", root, "--format", format, "--region", "US"])
      #expect(result.status == 1)
      #expect(result.stdout.contains(#"a\x1b]0;PWNED\x07.txt"#), "\(format): \(result.stdout)")
      #expect(result.stderr.contains(#"b\x1b[2J.html: binary data"#), "\(result.stderr)")
      #expect(Self.controls(in: result.stdout).isEmpty)
      #expect(Self.controls(in: result.stderr).isEmpty)
    }
    // JSON Lines escape the name themselves, as before.
    let jsonl = try CLIRunner.run(["detect", "--recursive", root, "--region", "US"])
    #expect(jsonl.stdout.contains(#"a\u001b]0;PWNED\u0007.txt"#), "\(jsonl.stdout)")
  }

  @Test func errorMessagesShowControlsInFileNamesAndArguments() throws {
    let missing = "/nonexistent/\u{1B}]0;PWNED\u{07}\u{9B}2J.txt"
    let result = try CLIRunner.run(["parse", missing])
    #expect(result.status == 1)
    #expect(result.stderr.contains(#"/nonexistent/\x1b]0;PWNED\x07\x9b2J.txt"#), "\(result.stderr)")
    #expect(Self.controls(in: result.stderr).isEmpty)
    // A usage error quoting an argument.
    let usage = try CLIRunner.run(["detect", "-", "--kinds", "phone,\u{1B}[2J"], input: Data())
    #expect(usage.status == 2)
    #expect(usage.stderr.contains(#"unknown kind "\x1b[2J""#), "\(usage.stderr)")
    #expect(Self.controls(in: usage.stderr).isEmpty)
  }

  @Test func diagnosticsOnStandardErrorShowControls() throws {
    // An element name cannot hold a control, but the file name every diagnostic starts with can.
    let name = "d\u{1B}[2J.html"
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("textrotor-evil-\(UUID().uuidString)")
      .path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data("<p>one<p>two</b></i>".utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
    let result = try CLIRunner.run(["parse", folder + "/" + name, "--diagnostics"])
    #expect(result.status == 0)
    #expect(!result.stderr.isEmpty)
    #expect(result.stderr.contains(#"d\x1b[2J.html"#), "\(result.stderr)")
    #expect(Self.controls(in: result.stderr).isEmpty)
  }
}
