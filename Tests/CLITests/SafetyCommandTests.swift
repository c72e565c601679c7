import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// A fresh folder for one test, removed afterwards by the caller.
private func freshFolder(_ name: String) throws -> String {
  let path = FileManager.default.temporaryDirectory.appendingPathComponent("textrotor-\(name)-\(UUID().uuidString)")
    .path
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}

private func contents(of folder: String) -> [String] {
  ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
}

/// Issue 9, item 1: `--audio` never deletes or overwrites anything but its target, and that last.
@Suite struct AudioTargetSafetyTests {
  @Test func aFolderIsRefusedAndLeftAsItWas() throws {
    let folder = try freshFolder("audio-dir")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let target = folder + "/music"
    try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
    try Data("keep me".utf8).write(to: URL(fileURLWithPath: target + "/song.txt"))
    let result = try CLIRunner.run([
      "speak", CLIRunner.corpus("hiking-checklist.txt"), "--range", "0..80", "--audio", target,
    ])
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("textrotor: \(target): is a folder"))
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    #expect(contents(of: target) == ["song.txt"])
    #expect(try String(contentsOfFile: target + "/song.txt", encoding: .utf8) == "keep me")
    #expect(contents(of: folder) == ["music"])
  }

  /// Special files are made in the test's own folder, never taken from /dev: a regression would
  /// replace them (the old code replaced /dev/null with a regular file when run as root).
  @Test func aSymbolicLinkAFIFOASocketAndADeviceAreRefused() throws {
    let folder = try freshFolder("audio-special")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data("precious".utf8).write(to: URL(fileURLWithPath: folder + "/real.wav"))
    try FileManager.default.createSymbolicLink(atPath: folder + "/link.wav", withDestinationPath: folder + "/real.wav")
    #expect(mkfifo(folder + "/fifo.wav", 0o600) == 0)
    let made = try CLIRunner.shell(
      #"python3 -c 'import socket,sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])' "$F/socket.wav"; "#
        + #"mknod "$F/device.wav" c 1 3 2>/dev/null || true"#, environment: ["F": folder])
    #expect(made.status == 0, "\(made.stderr)")
    let before = contents(of: folder)
    #expect(before.contains("socket.wav"))
    for name in ["link.wav", "fifo.wav", "socket.wav", "device.wav"] where before.contains(name) {
      let target = folder + "/" + name
      let result = try CLIRunner.shell(
        #"timeout 60 "$TEXTROTOR" speak "$DOC" --range 0..80 --audio "$TARGET""#,
        environment: ["DOC": CLIRunner.corpus("hiking-checklist.txt"), "TARGET": target])
      #expect(result.status == 1, "\(target): \(result.stderr)")
      #expect(result.stderr.hasPrefix("textrotor: \(target): is "), "\(result.stderr)")
      var status = stat()
      #expect(lstat(target, &status) == 0 && status.st_mode & S_IFMT != S_IFREG, "\(target) was replaced")
    }
    #expect(try String(contentsOfFile: folder + "/real.wav", encoding: .utf8) == "precious")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/link.wav") == folder + "/real.wav")
    #expect(contents(of: folder) == before)
  }

  @Test func anExistingFileIsReplacedWholeAndKeepsItsPermissions() throws {
    let folder = try freshFolder("audio-replace")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let target = folder + "/out.wav"
    try Data("old".utf8).write(to: URL(fileURLWithPath: target))
    #expect(chmod(target, 0o640) == 0)
    let result = try CLIRunner.run([
      "speak", CLIRunner.corpus("hiking-checklist.txt"), "--range", "0..80", "--audio", target,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let data = try Data(contentsOf: URL(fileURLWithPath: target))
    #expect(data.prefix(4) == Data("RIFF".utf8) && data.count > 10_000)
    let attributes = try FileManager.default.attributesOfItem(atPath: target)
    #expect((attributes[.posixPermissions] as? Int) == 0o640)
    #expect(contents(of: folder) == ["out.wav"])
  }

  @Test func aFailureLeavesTheExistingFileAndNoTemporaryFile() throws {
    let folder = try freshFolder("audio-fail")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let target = folder + "/out.wav"
    try Data("old".utf8).write(to: URL(fileURLWithPath: target))
    // An empty range has nothing to speak: the command fails after the temporary file was made.
    let result = try CLIRunner.run([
      "speak", CLIRunner.corpus("hiking-checklist.txt"), "--range", "0..0", "--audio", target,
    ])
    #expect(result.status == 1)
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "old")
    #expect(contents(of: folder) == ["out.wav"])
  }
}

/// The elements and xml:lang values of an XML document.
private final class Elements: NSObject, XMLParserDelegate {
  var names: Set<String> = []
  var languages: [String] = []
  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    names.insert(name)
    if let language = attributes["xml:lang"] { languages.append(language) }
  }
}

/// Issue 9, item 2: document `lang` values and `--locale` never become SSML markup or a voice path.
@Suite struct SSMLInjectionCommandTests {
  static let document =
    #"<html lang="en"><body><p>Hello <span lang='en"/><audio src="http://tracker.example/x.wav"/><s xml:lang="en'>world</span> and <span lang="../../x">path</span> and <span lang="fr">bonjour</span>.</p></body></html>"#

  @Test func langAttributesAreEscapedAndChecked() throws {
    let result = try CLIRunner.run(["speak", "--input", "html", "--format", "ssml"], input: Data(Self.document.utf8))
    #expect(result.status == 0)
    #expect(!result.stdout.contains("<audio") && !result.stdout.contains("tracker.example"))
    // Well-formed XML whose only elements are the ones SSML rendering makes.
    let parser = XMLParser(data: Data(result.stdout.utf8))
    let elements = Elements()
    parser.delegate = elements
    #expect(parser.parse(), "\(String(describing: parser.parserError))")
    #expect(elements.names.isSubset(of: ["speak", "mark", "break", "lang", "say-as"]))
    #expect(elements.languages == ["en", "fr"])
    #expect(result.stderr.contains("not well-formed BCP 47"))
  }

  @Test(arguments: [#"en"/><audio src="x"/><s xml:lang="en"#, "../../x", "en_US", ""])
  func aMalformedLocaleIsAUsageError(_ locale: String) throws {
    let result = try CLIRunner.run(["speak", "--locale", locale], input: Data("Hello.".utf8))
    #expect(result.status == 2, "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    let language = try CLIRunner.run(["speak", "--language", locale], input: Data("Hello.".utf8))
    #expect(language.status == 2)
    for command in ["parse", "detect"] {
      let other = try CLIRunner.run([command, "--language", locale], input: Data("Hello.".utf8))
      #expect(other.status == 2, "\(command): \(other.stderr)")
    }
  }

  @Test func aPathAsTheDocumentLanguageNeverReachesEspeak() throws {
    let folder = try freshFolder("audio-lang")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let html = #"<html lang="../../../../tmp/voice"><body><p>Hello there.</p></body></html>"#
    let result = try CLIRunner.run(
      ["speak", "--input", "html", "--audio", folder + "/out.wav"], input: Data(html.utf8))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(FileManager.default.fileExists(atPath: folder + "/out.wav"))
  }
}

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

/// Issue 9, item 8: Ctrl-C (and SIGTERM) during `speak --audio` stops espeak-ng and leaves nothing behind.
@Suite(.serialized) struct InterruptionTests {
  /// Starts `speak LONG --audio OUT` with `TMPDIR` pointing at a fresh folder, waits until espeak-ng
  /// runs, sends `signal`, and returns the status, what the folders held while espeak-ng ran and
  /// after the exit, the target's text and any espeak-ng still running on the temporary folder.
  static func interrupt(with signalNumber: Int32, existingTarget: Bool) throws -> (
    status: Int32, stderr: String,
    temporary: [String], work: [String], target: String?, survivors: String,
    temporaryWhileRunning: [String], workWhileRunning: [String]
  ) {
    let work = try freshFolder("interrupt")
    let temporary = try freshFolder("interrupt-tmp")
    defer {
      try? FileManager.default.removeItem(atPath: work)
      try? FileManager.default.removeItem(atPath: temporary)
    }
    let paragraph = "<p>The bridge is closed today; call the ranger at (415) 555-0132 before you set out.</p>\n"
    try Data(("<html lang=\"en\"><body>" + String(repeating: paragraph, count: 3000) + "</body></html>").utf8)
      .write(to: URL(fileURLWithPath: work + "/long.html"))
    if existingTarget { try Data("old".utf8).write(to: URL(fileURLWithPath: work + "/out.wav")) }
    let process = Process()
    process.executableURL = CLIRunner.binary
    process.arguments = ["speak", work + "/long.html", "--audio", work + "/out.wav"]
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_BACKTRACE"] = "enable=no"
    environment["TMPDIR"] = temporary
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    // Wait (at most a minute) for espeak-ng to run as this child's child.
    var espeak: String?
    for _ in 0..<600 where espeak == nil {
      espeak = pgrep(["-P", String(process.processIdentifier), "espeak-ng"])
      if espeak == nil { usleep(100_000) }
    }
    try #require(espeak != nil, "espeak-ng never started")
    let temporaryWhileRunning = contents(of: temporary)
    let workWhileRunning = contents(of: work)
    kill(process.processIdentifier, signalNumber)
    let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    usleep(200_000)
    let target = try? String(contentsOfFile: work + "/out.wav", encoding: .utf8)
    return (
      process.terminationStatus, stderr, contents(of: temporary), contents(of: work), target,
      // espeak-ng's arguments do not name the folder (its text comes on standard input): look for
      // the very processes seen running, and for anything else naming the folder.
      (pgrep(["-f", temporary]) ?? "")
        + (espeak ?? "").split(separator: "\n").filter { Int32($0).map(isRunning) ?? false }.joined(separator: "\n"),
      temporaryWhileRunning, workWhileRunning
    )
  }

  /// Whether `pid` still runs: a zombie has exited (once textrotor is gone it waits for PID 1 to
  /// reap it, which in a container can take a while); waits up to two seconds for it to go.
  static func isRunning(_ pid: Int32) -> Bool {
    for _ in 0..<20 {
      guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { return false }
      let state = stat[close...].dropFirst().drop { $0 == " " }.first
      if state == "Z" || state == "X" { return false }
      usleep(100_000)
    }
    return true
  }

  static func pgrep(_ arguments: [String]) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/pgrep")
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    guard (try? process.run()) != nil else { return nil }
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return output.isEmpty ? nil : output
  }

  @Test func ctrlCStopsEspeakAndRemovesEverything() throws {
    let result = try Self.interrupt(with: SIGINT, existingTarget: false)
    // While espeak-ng ran: one private folder in TMPDIR, one temporary file beside the target.
    #expect(result.temporaryWhileRunning.count == 1 && result.temporaryWhileRunning[0].hasPrefix("textrotor-audio-"))
    #expect(result.workWhileRunning.count == 2, "\(result.workWhileRunning)")
    #expect(result.workWhileRunning.contains { $0.hasPrefix(".out.wav.textrotor-") && $0.hasSuffix(".tmp") })
    #expect(result.status == 130)
    #expect(result.survivors.isEmpty, "espeak-ng still running: \(result.survivors)")
    #expect(result.temporary.isEmpty, "left in TMPDIR: \(result.temporary)")
    #expect(result.work == ["long.html"], "out.wav or a temporary file was left: \(result.work)")
    #expect(result.stderr.hasPrefix("textrotor: interrupted") && result.stderr.split(separator: "\n").count == 1)
  }

  @Test func sigtermLeavesAnExistingTargetAsItWas() throws {
    let result = try Self.interrupt(with: SIGTERM, existingTarget: true)
    #expect(result.status == 143)
    #expect(result.survivors.isEmpty, "espeak-ng still running: \(result.survivors)")
    #expect(result.temporary.isEmpty)
    #expect(result.work == ["long.html", "out.wav"])
    #expect(result.target == "old")
  }
}
