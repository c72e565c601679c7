import Foundation
import Testing

@Suite struct ParseCommandTests {
  func temporaryFile(_ name: String, _ bytes: [UInt8]) throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("textrotor-\(UUID().uuidString)-\(name)")
    try Data(bytes).write(to: url)
    return url.path
  }

  @Test func aMissingFileIsAnInputErrorNamingTheFile() throws {
    let result = try CLIRunner.run(["parse", "/no/such/brochure.html"])
    #expect(result.status == 1)
    #expect(result.stderr == "textrotor: /no/such/brochure.html: no such file\n")
    #expect(result.stdout.isEmpty)
  }

  @Test func aDirectoryIsAnInputError() throws {
    let result = try CLIRunner.run(["parse", FileManager.default.temporaryDirectory.path])
    #expect(result.status == 1)
    #expect(result.stderr.contains("directory"))
    #expect(result.stdout.isEmpty)
  }

  @Test func binaryInputIsRejectedWithNothingOnStandardOutput() throws {
    let path = try temporaryFile("image.txt", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D])
    let result = try CLIRunner.run(["parse", path])
    #expect(result.status == 1)
    #expect(result.stderr.contains(path))
    #expect(result.stderr.contains("binary"))
    #expect(result.stdout.isEmpty)
  }

  @Test(.disabled(if: getuid() == 0, "root may read a file whatever its mode; the test below covers root"))
  func aFileWithoutReadPermissionIsAnInputError() throws {
    let path = try temporaryFile("locked.html", Array("<p>x</p>".utf8))
    chmod(path, 0)
    let result = try CLIRunner.run(["parse", path])
    #expect(result.status == 1)
    #expect(result.stderr.contains(path))
  }

  /// Opening /proc/self/mem succeeds for everyone, root included, and reading it from offset 0 fails
  /// (nothing is mapped there): a read error is an input error, not a crash or an empty document.
  @Test func aFileWhoseReadFailsIsAnInputErrorEvenForRoot() throws {
    let result = try CLIRunner.run(["parse", "/proc/self/mem", "--input", "text"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("/proc/self/mem"))
    #expect(result.stdout.isEmpty)
  }

  @Test func anUnknownFormatIsAUsageError() throws {
    let result = try CLIRunner.run(["parse", "x.html", "--format", "yaml"])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    let input = try CLIRunner.run(["parse", "x.html", "--input", "pdf"])
    #expect(input.status == 2)
  }

  @Test func htmlFromStandardInputIsSniffed() throws {
    let result = try CLIRunner.run(["parse"], input: Data("<!doctype html><h1>Hi</h1><p>there</p>".utf8))
    #expect(result.status == 0)
    #expect(result.stdout == "Heading 1: Hi\nthere\n")
  }

  @Test func plainTextFromStandardInputKeepsItsAlerts() throws {
    let result = try CLIRunner.run(["parse", "-"], input: Data("Hello.\n\nWarning: bears.\n".utf8))
    #expect(result.stdout == "Hello.\nAlert (warning): Warning: bears.\n")
  }

  @Test func jsonOutputCarriesOffsetsInThreeUnits() throws {
    let result = try CLIRunner.run(
      ["parse", "--input", "html", "--format", "json"],
      input: Data("<p>👍🏽 <a href=\"https://x.example\">go</a></p>".utf8))
    let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let runs = try #require(object["runs"] as? [[String: Any]])
    let link = try #require(runs.first { $0["attribute"] as? String == "link" })
    let start = try #require(link["start"] as? [String: Int])
    #expect(start == ["utf8": 9, "utf16": 5, "char": 2])
    #expect(link["text"] as? String == "go")
  }
}
