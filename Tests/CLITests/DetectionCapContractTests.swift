import Foundation
import Testing

/// Issue 55 (decided from #42): `--max-detections` bounds what `detect` writes; it does not change
/// how speech, browse or batch read the text. On 034130b a cap of 0 made speak read a phone number
/// as plain numbers and a link as words with a warning, and browse had no phones.
@Suite struct DetectionCapContractTests {
  static let text = "Call +44 20 7946 0958 or see https://example.org/a?b=1 now.\n"

  @Test func speechReadsEveryDetectionWhateverTheCap() throws {
    let uncapped = try CLIRunner.run(["speak", "-", "--input", "text"], input: Data(Self.text.utf8))
    #expect(uncapped.stdout.contains("plus 4 4, 2 0, 7 9 4 6, 0 9 5 8"), "\(uncapped.stdout)")
    #expect(uncapped.stdout.contains("https colon slash slash example dot org"), "\(uncapped.stdout)")
    for cap in ["0", "1"] {
      let capped = try CLIRunner.run(
        ["speak", "-", "--input", "text", "--max-detections", cap], input: Data(Self.text.utf8))
      #expect(capped.status == 0)
      #expect(capped.stdout == uncapped.stdout, "--max-detections \(cap)")
      #expect(capped.stderr.isEmpty, "--max-detections \(cap): \(capped.stderr)")
    }
  }

  @Test func browseReadsEveryDetectionWhateverTheCap() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("textrotor-cap-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("call.txt").path
    try Data(Self.text.utf8).write(to: URL(fileURLWithPath: file))
    let browse = try CLIRunner.run(
      ["browse", file, "--max-detections", "0"], input: Data("rotor phones\nnext\nquit\n".utf8))
    #expect(browse.status == 0)
    #expect(browse.stdout.contains("plus 4 4, 2 0, 7 9 4 6, 0 9 5 8"), "\(browse.stdout)")
    #expect(browse.stderr.isEmpty, "\(browse.stderr)")
  }

  @Test func detectStillWritesAtMostTheCap() throws {
    let result = try CLIRunner.run(
      ["detect", "-", "--input", "text", "--max-detections", "1", "--format", "text"], input: Data(Self.text.utf8))
    #expect(result.stdout.split(separator: "\n").count == 1, "\(result.stdout)")
    #expect(result.stderr.contains("2 detections found; only the first 1 are reported (limit: --max-detections)"))
  }
}
