import Foundation
import Testing

/// The CLI's output on every corpus document, byte for byte, against files recorded beside this test.
///
/// It guards moves of code between modules: behaviour a user sees must not change by accident. When a
/// change of output is intended, re-record with `TEXTROTOR_RECORD_GOLDENS=1 swift test --filter GoldenTests`
/// and review the diff of `Tests/CLITests/Goldens/` like any other change.
@Suite struct GoldenTests {
  static let goldens = CLIRunner.packageRoot + "/Tests/CLITests/Goldens"
  static let recording = ProcessInfo.processInfo.environment["TEXTROTOR_RECORD_GOLDENS"] == "1"

  /// Every document in corpus/ (the inventory, corpus/README.md, is not a document).
  static let documents: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: CLIRunner.packageRoot + "/corpus")) ?? []
    return names.filter { $0 != "README.md" && !$0.hasPrefix(".") }.sorted()
  }()

  /// The commands whose output is pinned: each reading, detection, rotor and speech form.
  static let commands: [(name: String, arguments: [String])] = [
    ("parse.txt", ["parse"]),
    ("parse.json", ["parse", "--format", "json"]),
    ("detect.jsonl", ["detect"]),
    ("detect.tsv", ["detect", "--format", "tsv"]),
    ("rotor-headings.txt", ["rotor", "--rotor", "headings", "--list"]),
    ("rotor-alerts.json", ["rotor", "--rotor", "alerts", "--list", "--format", "json"]),
    ("speak.txt", ["speak"]),
    ("speak.ssml", ["speak", "--format", "ssml"]),
    ("speak.json", ["speak", "--format", "json", "--punctuation", "all"]),
  ]

  @Test func theCorpusIsThere() {
    #expect(Self.documents.count >= 10)
  }

  @Test(arguments: documents)
  func everyCommandPrintsWhatItPrintedBefore(_ document: String) throws {
    for command in Self.commands {
      let result = try CLIRunner.run(command.arguments + [CLIRunner.corpus(document)])
      // Standard error names the file by its path, which differs between checkouts: keep its last part.
      let stderr = result.stderr.replacingOccurrences(of: CLIRunner.packageRoot + "/", with: "")
      let actual = "status \(result.status)\n--- stdout\n\(result.stdout)--- stderr\n\(stderr)"
      let path = "\(Self.goldens)/\(document).\(command.name)"
      if Self.recording {
        try FileManager.default.createDirectory(atPath: Self.goldens, withIntermediateDirectories: true)
        try actual.write(toFile: path, atomically: true, encoding: .utf8)
        continue
      }
      let expected = try #require(
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) },
        "no golden file \(path): record it with TEXTROTOR_RECORD_GOLDENS=1")
      #expect(actual == expected, "textrotor \(command.arguments.joined(separator: " ")) \(document) changed")
    }
  }
}
