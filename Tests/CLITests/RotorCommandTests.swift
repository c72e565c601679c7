import Foundation
import Testing

@Suite struct RotorCommandTests {
  let brochure = CLIRunner.corpus("park-trip-brochure.html")

  @Test func theAlertsListNamesEachAlert() throws {
    let result = try CLIRunner.run(["rotor", brochure, "--rotor", "alerts", "--list"])
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.first == "6 alerts")
    #expect(lines.count == 7)
    #expect(lines[1].contains("East Meadow picnic area closed for maintenance"))
    #expect(lines[2].contains("Heavy fog expected") && lines[2].hasSuffix("(critical)"))
  }

  @Test func nextAndPreviousPrintOneEntryOrTheBoundary() throws {
    let next = try CLIRunner.run(["rotor", brochure, "--rotor", "headings", "--next", "--from", "0"])
    #expect(next.stdout.hasPrefix("Heading 1 of 10, level 1"))
    #expect(next.stdout.hasSuffix("Spring Trip Guide\n"))
    let none = try CLIRunner.run(["rotor", brochure, "--rotor", "headings", "--previous", "--from", "0"])
    #expect(none.stdout == "No previous heading\n")
    #expect(none.status == 0)
  }

  @Test func jsonItemsCarryOffsetsThatSliceTheDocument() throws {
    let result = try CLIRunner.run(["rotor", brochure, "--rotor", "alerts", "--format", "json"])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(object["count"] as? Int == 6)
    let parsed = try CLIRunner.run(["parse", brochure, "--format", "json"])
    let model = try #require(try JSONSerialization.jsonObject(with: Data(parsed.stdout.utf8)) as? [String: Any])
    let text = Array((model["text"] as? String ?? "").utf8)
    for item in try #require(object["items"] as? [[String: Any]]) {
      let start = try #require((item["start"] as? [String: Int])?["utf8"])
      let end = try #require((item["end"] as? [String: Int])?["utf8"])
      #expect(String(decoding: text[start..<end], as: UTF8.self) == item["text"] as? String)
    }
  }

  @Test func anUnknownRotorIsAUsageError() throws {
    let result = try CLIRunner.run(["rotor", brochure, "--rotor", "paragraphs"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("headings"))
  }
}

@Suite struct BrowseCommandTests {
  let brochure = CLIRunner.corpus("park-trip-brochure.html")

  @Test func scriptedBrowsePrintsOneLinePerCommand() throws {
    let script = "rotor alerts\nnext\nnext\nprevious\n"
    let result = try CLIRunner.run(["browse", brochure], input: Data(script.utf8))
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(lines.count == 4)
    #expect(lines[0] == "Alerts, 6 items")
    #expect(lines[1].hasPrefix("Alert, 1 of 6: East Meadow picnic area closed"))
    #expect(lines[2].hasPrefix("Alert, critical, 2 of 6: Heavy fog"))
    #expect(lines[3] == lines[1])
  }

  @Test func outputHasNoEscapeSequencesOrColour() throws {
    let result = try CLIRunner.run(["browse", brochure], input: Data("rotor headings\nnext\nhelp\nsay\n".utf8))
    #expect(!result.stdout.contains("\u{1B}"))
  }

  static let python3 = ["/usr/bin/python3", "/usr/local/bin/python3"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  // Drives the binary under a pseudo-terminal with Python's pty module (.ci/run installs python3).
  @Test(.disabled(if: python3 == nil, "python3 drives the pseudo-terminal and is not installed"))
  func theArrowKeysAndLettersWorkInARealTerminal() throws {
    let driver = """
      import os, pty, sys, time, select
      pid, fd = pty.fork()
      if pid == 0:
          os.environ["SWIFT_BACKTRACE"] = "enable=no"
          os.execv(sys.argv[1], [sys.argv[1], "browse", sys.argv[2]])
      out = b""
      def pump(seconds):
          global out
          end = time.time() + seconds
          while time.time() < end:
              r, _, _ = select.select([fd], [], [], 0.05)
              if r:
                  try:
                      data = os.read(fd, 4096)
                  except OSError:
                      return
                  if not data:
                      return
                  out += data
      pump(3)
      for keys in [b"\\x1b[C", b"\\x1b[C", b"\\x1b[B", b"\\x1b[B", b"\\x1b[A", b"h", b"\\x04"]:
          os.write(fd, keys)
          pump(0.6)
      pump(1)
      sys.stdout.write(out.decode("utf-8", "replace"))
      """
    let script = FileManager.default.temporaryDirectory.appendingPathComponent("pty-\(UUID().uuidString).py")
    try driver.write(to: script, atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["timeout", "30", "python3", script.path, CLIRunner.binary.path, brochure]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let screen = String(decoding: data, as: UTF8.self)
    #expect(screen.contains("Press F1 for help"))
    #expect(screen.contains("Links, 7 items"))
    #expect(screen.contains("Alerts, 6 items"))
    #expect(screen.contains("Alert, 1 of 6: East Meadow"))
    #expect(screen.contains("Alert, critical, 2 of 6: Heavy fog"))
    #expect(screen.contains("Goodbye"))
  }
}

extension RotorCommandTests {
  /// `rotor` detects only what its rotor shows; its detection rotors hold exactly the detections
  /// of that kind a full `detect` run reports (same ranges and values), on every corpus document.
  @Test func detectionRotorsEqualWhatTheFullDetectionFinds() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: CLIRunner.packageRoot + "/corpus")
      .filter { !$0.hasSuffix(".md") }.sorted()
    var compared = 0
    for file in files {
      let path = CLIRunner.corpus(file)
      let detect = try CLIRunner.run(["detect", path, "--format", "jsonl"])
      guard detect.status == 0 else { continue }  // binary and hostile inputs: refused by both
      let all = try detect.stdout.split(separator: "\n").map {
        try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
      }
      for (rotor, kind) in [("links", "link"), ("emails", "email"), ("phones", "phone"), ("alerts", "alert")] {
        let result = try CLIRunner.run(["rotor", path, "--rotor", rotor, "--list", "--format", "json"])
        try #require(result.status == 0, "\(file) \(rotor): \(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        let items = object["items"] as! [[String: Any]]
        func key(_ item: [String: Any]) -> String {
          "\((item["start"] as! [String: Any])["utf8"]!)-\((item["end"] as! [String: Any])["utf8"]!) \(item["value"] ?? "")"
        }
        let expected = all.filter { $0["kind"] as? String == kind }.map(key)
        #expect(items.map(key) == expected, "\(file) \(rotor)")
        compared += expected.count
      }
    }
    #expect(compared > 80)
  }
}
