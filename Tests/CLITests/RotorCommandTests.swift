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
