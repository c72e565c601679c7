import Foundation
import Testing

/// Silent losses (issue 42 row 10): a declared XML entity is expanded; every diagnostic that means
/// text was left out or changed is one line on standard error by default, naming the file and
/// line:column (`--quiet` silences them, informational ones are not printed); an encoding label a
/// person gives that names no usable encoding is a usage error.
@Suite struct TextChangesCommandTests {
  func temporaryFile(_ name: String, _ text: String) throws -> (folder: String, path: String) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("textrotor-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let url = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return (folder.path, url.path)
  }

  static let notes = """
    <?xml version="1.0"?>
    <!DOCTYPE note [<!ENTITY app "PocketBudget"><!ENTITY secret SYSTEM "file:///etc/passwd">]>
    <note><para>Open &app; today.</para>
    <para>Keys: &secret;&missing;</para></note>

    """

  @Test func aDeclaredEntityIsExpandedAndEachLossIsOneLineNamingTheFile() throws {
    let (folder, path) = try temporaryFile("notes.xml", Self.notes)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let result = try CLIRunner.run(["parse", path])
    #expect(result.status == 0)
    #expect(result.stdout.contains("Open PocketBudget today."))
    #expect(!result.stdout.contains("root:"))
    let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(lines.count == 2, "\(result.stderr)")
    #expect(lines.first?.hasPrefix("textrotor: \(path):4:13: warning: external entity 'secret' was not loaded") == true)
    #expect(lines.last?.hasPrefix("textrotor: \(path):4:21: warning: entity 'missing' is not declared") == true)
  }

  @Test(arguments: ["parse", "detect", "speak", "rotor"])
  func quietSilencesTheLinesInEveryCommand(_ command: String) throws {
    let (folder, path) = try temporaryFile("notes.xml", Self.notes)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let extra = command == "rotor" ? ["--rotor", "headings", "--list"] : []
    let loud = try CLIRunner.run([command, path] + extra)
    #expect(loud.status == 0 && loud.stderr.contains("warning: external entity 'secret'"), "\(loud.stderr)")
    let quiet = try CLIRunner.run([command, path, "--quiet"] + extra)
    #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
  }

  @Test func replacedBytesAreSaidButInformationIsNot() throws {
    // Invalid UTF-8 changes the text; libxml2's complaints about a malformed page do not.
    let invalid = try CLIRunner.run(["parse", CLIRunner.corpus("invalid-utf8.html")])
    #expect(
      invalid.stderr.contains("invalid-utf8.html:4:14: warning: 7 invalid UTF-8 sequence(s) replaced with U+FFFD"))
    let malformed = try CLIRunner.run(["parse", CLIRunner.corpus("malformed.html")])
    let all = try CLIRunner.run(["parse", CLIRunner.corpus("malformed.html"), "--diagnostics"])
    #expect(malformed.status == 0 && malformed.stderr.isEmpty, "\(malformed.stderr)")
    #expect(!all.stderr.isEmpty)
  }

  @Test func theBillionLaughsAttackIsRefusedAndSaysSo() throws {
    let result = try CLIRunner.run(["parse", CLIRunner.corpus("billion-laughs.xml")])
    #expect(result.status == 0)
    #expect(result.stdout == "Laughs:\nStill here.\n")
    #expect(result.stderr.contains("billion-laughs.xml:14:21: warning: entity 'lol9' was not expanded"))
  }

  @Test(arguments: ["klingon", "utf-7", "replacement"])
  func anUnusableEncodingLabelIsAUsageError(_ label: String) throws {
    let (folder, path) = try temporaryFile("a.txt", "plain text\n")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let result = try CLIRunner.run(["parse", path, "--encoding", label])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    if label == "klingon" { #expect(result.stderr.contains("unknown encoding label 'klingon'")) }
  }
}
