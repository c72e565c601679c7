import Foundation
import Testing

/// `--threads N` reaches every stage of a command, and the output never depends on it: a page large
/// enough to be read on two threads and detected on two cores gives the same bytes with one thread,
/// the default and three.
@Suite struct ThreadsCommandTests {
  static func page() throws -> String {
    let rows = (0..<4000).map { row in
      "<li>Call (415) 555-\(String(format: "%04d", row)) or mail desk\(row)@example.org, "
        + "<a href=\"https://example.org/\(row)\">page \(row)</a>. Warning: trail \(row) closes.</li>"
    }
    let html = "<html lang=\"en\"><body><ul>\n" + rows.joined(separator: "\n") + "\n</ul></body></html>\n"
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("textrotor-\(UUID().uuidString).html")
    try Data(html.utf8).write(to: url)
    return url.path
  }

  @Test func oneThreadTheDefaultAndThreeGiveTheSameOutput() throws {
    let path = try Self.page()
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int > 256 << 10)
    for command in [["detect", path], ["detect", path, "--format", "json"], ["parse", path, "--format", "json"]] {
      let standard = try CLIRunner.run(command)
      #expect(standard.status == 0)
      for threads in ["1", "3"] {
        let other = try CLIRunner.run(command + ["--threads", threads])
        #expect(other.status == 0 && other.stdout == standard.stdout, "\(command) --threads \(threads)")
      }
    }
  }

  @Test func zeroThreadsIsAUsageError() throws {
    let result = try CLIRunner.run(["detect", "--threads", "0", "-"], input: Data("text".utf8))
    #expect(result.status == 2)
    #expect(result.stderr.contains("--threads takes 1 or more (got 0)"))
  }
}
