import Foundation
import Testing

/// Issue 42, rows 3–5: only regular files are read, at once (a FIFO never blocks), the size limit
/// applies before reading, `detect --recursive` stays inside its tree and names the links it skips,
/// and `batch` reads `path` requests only beneath `--root`.
///
/// Every run that could block on a FIFO runs under `timeout -s KILL 20`, so a regression fails
/// (status 137) instead of hanging the suite.
@Suite struct InputFileSafetyTests {
  /// A fresh folder under the temporary directory.
  static func folder(_ name: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("textrotor-\(name)-\(UUID().uuidString)")
      .path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// Runs `textrotor arguments…` with a 20 s deadline (killed after it): the status and the output.
  static func bounded(_ arguments: [String], input: String? = nil) throws -> CLIRunner.Result {
    let quoted = arguments.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
    let feed = input.map { "printf '%s' '" + $0.replacingOccurrences(of: "'", with: "'\\''") + "' | " } ?? "</dev/null "
    return try CLIRunner.shell(#"\#(feed)timeout -s KILL 20 "$TEXTROTOR" \#(quoted)"#)
  }

  @Test func aFIFOIsRefusedAtOnceNamingTheFile() throws {
    let work = try Self.folder("fifo")
    defer { try? FileManager.default.removeItem(atPath: work) }
    #expect(mkfifo(work + "/b.txt", 0o600) == 0)
    for command in ["parse", "detect", "speak"] {
      let started = Date()
      let result = try Self.bounded([command, work + "/b.txt"])
      #expect(result.status == 1, "\(command): \(result.stderr)")
      #expect(result.stderr == "textrotor: \(work)/b.txt: not a regular file (a FIFO)\n")
      #expect(result.stdout.isEmpty)
      #expect(Date().timeIntervalSince(started) < 10)
    }
  }

  @Test(arguments: [["detect", "--rules"], ["speak", "--symbols"], ["detect", "--recursive", "DIR", "--rules"]])
  func aFIFOGivenAsASettingsFileIsRefusedAtOnce(arguments: [String]) throws {
    let work = try Self.folder("fifo-settings")
    defer { try? FileManager.default.removeItem(atPath: work) }
    #expect(mkfifo(work + "/settings.txt", 0o600) == 0)
    try FileManager.default.createDirectory(atPath: work + "/tree", withIntermediateDirectories: true)
    try Data("Call +1 415 555 0100 now.\n".utf8).write(to: URL(fileURLWithPath: work + "/tree/a.txt"))
    var command = arguments.map { $0 == "DIR" ? work + "/tree" : $0 } + [work + "/settings.txt"]
    if !arguments.contains("--recursive") { command.insert(work + "/tree/a.txt", at: 1) }
    let result = try Self.bounded(command)
    #expect(result.status == 1)
    #expect(result.stderr == "textrotor: \(work)/settings.txt: not a regular file (a FIFO)\n")
  }

  @Test(arguments: [("/dev/zero", "a character device"), ("/dev/null", "a character device")])
  func aDeviceIsRefused(path: String, kind: String) throws {
    let result = try Self.bounded(["parse", path])
    #expect(result.status == 1)
    #expect(result.stderr == "textrotor: \(path): not a regular file (\(kind))\n")
  }

  @Test func standardInputIsStillReadFromAPipe() throws {
    let result = try Self.bounded(["detect", "-", "--format", "text"], input: "Call +1 415 555 0100 now.\n")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("tel:+14155550100"))
  }

  @Test func recursiveRefusesAFIFOAndStillPrintsTheOtherFiles() throws {
    let root = try Self.folder("tree-fifo")
    defer { try? FileManager.default.removeItem(atPath: root) }
    try Data("Call +1 415 555 0100 now.\n".utf8).write(to: URL(fileURLWithPath: root + "/a.txt"))
    #expect(mkfifo(root + "/b.txt", 0o600) == 0)
    try Data("Mail ann@example.org today.\n".utf8).write(to: URL(fileURLWithPath: root + "/c.txt"))
    let result = try Self.bounded(["detect", "--recursive", root, "--format", "text"])
    #expect(result.status == 1)
    #expect(result.stdout.contains("\(root)/a.txt: phone") && result.stdout.contains("\(root)/c.txt: email"))
    #expect(
      result.stderr == "textrotor: \(root)/b.txt: not a regular file (a FIFO)\n"
        + "textrotor: 1 of 3 files under \(root) could not be read\n")
  }

  @Test func recursiveDoesNotFollowLinksOutOfTheTreeAndNamesTheLinksItSkips() throws {
    let root = try Self.folder("tree-links")
    let outside = try Self.folder("outside")
    defer {
      try? FileManager.default.removeItem(atPath: root)
      try? FileManager.default.removeItem(atPath: outside)
    }
    try FileManager.default.createDirectory(atPath: root + "/sub", withIntermediateDirectories: true)
    try Data("Call +1 415 555 0100 now.\n".utf8).write(to: URL(fileURLWithPath: root + "/sub/a.txt"))
    try Data("Secret +1 212 555 0199.\n".utf8).write(to: URL(fileURLWithPath: outside + "/secret.txt"))
    try FileManager.default.createSymbolicLink(atPath: root + "/out.txt", withDestinationPath: outside + "/secret.txt")
    try FileManager.default.createSymbolicLink(atPath: root + "/passwd.txt", withDestinationPath: "/etc/passwd")
    try FileManager.default.createSymbolicLink(atPath: root + "/gone.html", withDestinationPath: root + "/missing")
    try FileManager.default.createSymbolicLink(atPath: root + "/outdir", withDestinationPath: outside)
    try FileManager.default.createSymbolicLink(atPath: root + "/in.txt", withDestinationPath: "sub/a.txt")
    let result = try Self.bounded(["detect", "--recursive", root, "--format", "text"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!result.stdout.contains("2125550199"), "a file out of the tree was read")
    // The link inside the tree to a file inside it is read, under the link's name.
    #expect(result.stdout.contains("\(root)/in.txt: phone") && result.stdout.contains("\(root)/sub/a.txt: phone"))
    #expect(
      result.stderr == "textrotor: \(root)/gone.html: skipped: a dangling symbolic link\n"
        + "textrotor: \(root)/out.txt: skipped: a symbolic link out of \(root) (to \(outside)/secret.txt)\n"
        + "textrotor: \(root)/outdir: skipped: a symbolic link out of \(root) (to \(outside))\n"
        + "textrotor: \(root)/passwd.txt: skipped: a symbolic link out of \(root) (to /etc/passwd)\n")
  }

  @Test func theSizeLimitAppliesBeforeReading() throws {
    let work = try Self.folder("size")
    defer { try? FileManager.default.removeItem(atPath: work) }
    try Data(String(repeating: "Call +1 415 555 0100 now. ", count: 100).utf8).write(
      to: URL(fileURLWithPath: work + "/big.txt"))
    let result = try Self.bounded(["detect", work + "/big.txt", "--max-input-bytes", "100"])
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("textrotor: \(work)/big.txt: the input is larger than the limit of 100 bytes"))
  }

  // MARK: batch

  /// One request line per object, run through `batch` with `arguments`; the result lines parsed.
  static func batch(_ requests: [String], _ arguments: [String] = []) throws -> (CLIRunner.Result, [[String: Any]]) {
    let result = try bounded(["batch"] + arguments, input: requests.joined(separator: "\n") + "\n")
    let lines = try result.stdout.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    return (result, lines)
  }

  static func error(_ line: [String: Any]) -> (kind: String, message: String)? {
    guard let error = line["error"] as? [String: Any] else { return nil }
    return (error["kind"] as? String ?? "", error["message"] as? String ?? "")
  }

  @Test func batchRefusesPathRequestsWithoutRoot() throws {
    let outside = try Self.folder("batch-secret")
    defer { try? FileManager.default.removeItem(atPath: outside) }
    try Data("Secret +1 212 555 0199.\n".utf8).write(to: URL(fileURLWithPath: outside + "/secret.txt"))
    let (result, lines) = try Self.batch([
      #"{"id":1,"path":"\#(outside)/secret.txt","speak":"text"}"#, #"{"id":2,"path":"/proc/self/environ"}"#,
      #"{"id":3,"content":"Call +1 415 555 0100"}"#,
    ])
    #expect(result.status == 1)
    #expect(!result.stdout.contains("2125550199") && !result.stdout.contains("five five five"))
    try #require(lines.count == 3)
    for line in lines.prefix(2) {
      #expect(
        Self.error(line)?.message
          == "\"path\" requests are refused without --root DIR (batch reads files only beneath it)")
    }
    #expect(Self.error(lines[2]) == nil)
  }

  @Test func batchReadsOnlyRegularFilesBeneathRoot() throws {
    let root = try Self.folder("batch-root")
    let outside = try Self.folder("batch-outside")
    defer {
      try? FileManager.default.removeItem(atPath: root)
      try? FileManager.default.removeItem(atPath: outside)
    }
    try FileManager.default.createDirectory(atPath: root + "/docs", withIntermediateDirectories: true)
    try Data("Call +1 415 555 0100 now.\n".utf8).write(to: URL(fileURLWithPath: root + "/docs/a.txt"))
    try Data(String(repeating: "x", count: 5000).utf8).write(to: URL(fileURLWithPath: root + "/docs/big.txt"))
    try Data("Secret +1 212 555 0199.\n".utf8).write(to: URL(fileURLWithPath: outside + "/secret.txt"))
    try FileManager.default.createSymbolicLink(
      atPath: root + "/docs/out.txt", withDestinationPath: outside + "/secret.txt")
    try FileManager.default.createSymbolicLink(atPath: root + "/docs/in.txt", withDestinationPath: "a.txt")
    #expect(mkfifo(root + "/docs/fifo.txt", 0o600) == 0)
    let (result, lines) = try Self.batch(
      [
        #"{"id":1,"path":"docs/a.txt"}"#, #"{"id":2,"path":"/etc/passwd"}"#, #"{"id":3,"path":"../../etc/passwd"}"#,
        #"{"id":4,"path":"docs/../../\#((outside as NSString).lastPathComponent)/secret.txt"}"#,
        #"{"id":5,"path":"docs/out.txt"}"#, #"{"id":6,"path":"docs/fifo.txt"}"#, #"{"id":7,"path":"docs/big.txt"}"#,
        #"{"id":8,"path":"docs/in.txt"}"#, #"{"id":9,"path":"docs"}"#, #"{"id":10,"path":"/proc/self/environ"}"#,
      ], ["--root", root, "--max-input-bytes", "1000"])
    #expect(result.status == 1)
    try #require(lines.count == 10)
    #expect(!result.stdout.contains("2125550199"), "a file out of the root was read")
    #expect(Self.error(lines[0]) == nil && result.stdout.contains("tel:+14155550100"))
    #expect(Self.error(lines[1])?.message == #""path" "/etc/passwd" is absolute; paths are relative to --root"#)
    #expect(Self.error(lines[2])?.message.contains(#"has a ".." component"#) == true)
    #expect(Self.error(lines[3])?.message.contains(#"has a ".." component"#) == true)
    #expect(Self.error(lines[4])?.message == #""path" "docs/out.txt" leads out of --root (through a symbolic link)"#)
    #expect(Self.error(lines[5])?.message == "\(root)/docs/fifo.txt: not a regular file (a FIFO)")
    #expect(Self.error(lines[6])?.message.hasPrefix("\(root)/docs/big.txt: the input is larger than the limit") == true)
    #expect(Self.error(lines[7]) == nil)
    #expect(Self.error(lines[8])?.message == "\(root)/docs: cannot read: it is a directory")
    #expect(Self.error(lines[9])?.kind == "request")
  }

  @Test func aMissingRootIsAUsageError() throws {
    let result = try Self.bounded(["batch", "--root", "/nonexistent-textrotor-root"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("--root /nonexistent-textrotor-root: No such file or directory"))
  }
}
