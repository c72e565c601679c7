import Foundation
import Testing

/// Issue 9, item 3: every output error ends with one line and exit status 1, a closed pipe quietly.
@Suite struct OutputErrorTests {
  /// A document big enough that no command's output fits in a pipe's buffer.
  static let bigDocument: String = {
    let paragraph = #"<p>Call ann@example.org or <a href="https://example.org/a">the site</a> at (415) 555-0132.</p>"#
    return "<html lang=\"en\"><body><h1>Notes</h1>" + String(repeating: paragraph + "\n", count: 6000)
      + "</body></html>"
  }()

  /// Runs `script` with `$DOC` naming a fresh copy of ``bigDocument``, removed afterwards.
  static func shell(_ script: String) throws -> CLIRunner.Result {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "textrotor-output-\(UUID().uuidString).html"
    ).path
    try Data(bigDocument.utf8).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try CLIRunner.shell(script, environment: ["DOC": path])
  }

  /// Each command as a shell command line reading `$DOC`.
  static let commands = [
    #""$TEXTROTOR" parse "$DOC""#, #""$TEXTROTOR" detect "$DOC""#, #""$TEXTROTOR" rotor "$DOC" --rotor links"#,
    #""$TEXTROTOR" speak "$DOC""#, #"printf 'say\nnext\n' | "$TEXTROTOR" browse "$DOC""#,
  ]

  @Test(arguments: commands)
  func aFullDiskIsOneLineAndStatusOne(_ command: String) throws {
    let result = try Self.shell(command + " >/dev/full")
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stderr == "textrotor: cannot write to standard output (No space left on device)\n")
  }

  @Test(arguments: commands)
  func aClosedStandardOutputIsOneLineAndStatusOne(_ command: String) throws {
    let result = try Self.shell(command + " >&-")
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stderr == "textrotor: cannot write to standard output (Bad file descriptor)\n")
  }

  @Test(arguments: commands)
  func aClosedStandardErrorDoesNotCrash(_ command: String) throws {
    let result = try Self.shell(command + " >/dev/full 2>&-; echo \"status $?\"")
    #expect(result.stdout == "status 1\n")
    let input = try CLIRunner.shell(#""$TEXTROTOR" parse /nonexistent/x.html 2>&-; echo "status $?""#)
    #expect(input.stdout == "status 1\n")
  }

  @Test(arguments: commands)
  func aClosedPipeIsQuietWithStatusOne(_ command: String) throws {
    // The status of the command before `head` (browse's comes after printf's).
    let script = "trap '' PIPE; " + command + #" | head -c1 >/dev/null; s=("${PIPESTATUS[@]}"); echo "status ${s[-2]}""#
    let result = try Self.shell(script)
    #expect(result.stdout == "status 1\n")
    #expect(result.stderr.isEmpty, "\(result.stderr)")
  }
}
