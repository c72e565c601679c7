import Foundation
import Testing

@Suite struct SpeakCommandTests {
  @Test func theContrastNoteSaysElevenPointSevenToOne() throws {
    let result = try CLIRunner.run(["speak", CLIRunner.corpus("contrast-accessibility-note.html"), "--locale", "en"])
    #expect(result.status == 0)
    #expect(result.stdout.contains(" 11.7 to 1 "))
    #expect(result.stdout.contains("4.5 to 1"))
    #expect(!result.stdout.contains("11.7:1"))
    // "10:30" in the same note is a time, not a ratio.
    #expect(result.stdout.contains("from 10 30 to 14 45"))
  }

  @Test func chineseAndJapaneseNotesUseTheirOwnConnectors() throws {
    let zh = try CLIRunner.run(["speak", CLIRunner.corpus("contrast-note.zh.html"), "--locale", "en"])
    #expect(zh.stdout.contains("11.7比1"))
    let ja = try CLIRunner.run(["speak", CLIRunner.corpus("park-brochure.ja.html")])
    #expect(ja.stdout.contains("11.7対1"))
    let vi = try CLIRunner.run(["speak", CLIRunner.corpus("travel-notes.vi.html")])
    #expect(vi.stdout.contains("11,7 trên 1"))
    let ar = try CLIRunner.run(["speak", CLIRunner.corpus("clinic-brochure.ar.html")])
    #expect(ar.stdout.contains("11.7 إلى 1"))
  }

  @Test func ssmlMarksEverySegmentAndSaysPhonesAsTelephone() throws {
    let result = try CLIRunner.run(["speak", CLIRunner.corpus("park-trip-brochure.html"), "--format", "ssml"])
    #expect(result.status == 0)
    // Well-formed: elements balance and every "&" is an entity.
    for element in ["say-as", "lang", "speak"] {
      #expect(
        result.stdout.components(separatedBy: "<\(element)").count
          == result.stdout.components(separatedBy: "</\(element)>").count)
    }
    for piece in result.stdout.components(separatedBy: "&").dropFirst() {
      #expect(["amp;", "lt;", "gt;", "quot;"].contains { piece.hasPrefix($0) })
    }
    #expect(result.stdout.contains("<speak version=\"1.1\""))
    #expect(result.stdout.contains("<say-as interpret-as=\"telephone\">4 1 5, 5 5 5, 0 1 3 2</say-as>"))
    #expect(result.stdout.contains("<break strength=\"medium\"/>"))
  }

  @Test func audioIsAudibleSpeechOfPlausibleLength() throws {
    let wav = FileManager.default.temporaryDirectory.appendingPathComponent("textrotor-speak-\(getpid()).wav").path
    defer { try? FileManager.default.removeItem(atPath: wav) }
    let result = try CLIRunner.run([
      "speak", CLIRunner.corpus("contrast-accessibility-note.html"), "--range", "0..600",
      "--audio", wav,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let words = result.stdout.split(whereSeparator: { $0 == " " || $0 == "\n" }).count
    let stat = Process()
    stat.executableURL = URL(fileURLWithPath: "/usr/bin/sox")
    stat.arguments = [wav, "-n", "stat"]
    let pipe = Pipe()
    stat.standardError = pipe
    try stat.run()
    let report = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    stat.waitUntilExit()
    func value(_ name: String) -> Double? {
      report.split(separator: "\n").first { $0.hasPrefix(name) }.flatMap {
        Double($0.split(separator: ":").last!.trimmingCharacters(in: .whitespaces))
      }
    }
    let seconds = try #require(value("Length (seconds)"))
    let rms = try #require(value("RMS     amplitude"))
    // espeak-ng speaks about 2–4 words a second; silence would have an RMS near 0.
    #expect(seconds > Double(words) / 6 && seconds < Double(words) / 1.2, "\(seconds) s for \(words) words")
    #expect(rms > 0.02)
  }

  @Test func jsonSegmentsSliceTheDocumentText() throws {
    let file = CLIRunner.corpus("park-trip-brochure.html")
    let parsed = try CLIRunner.run(["parse", file, "--format", "json"])
    let document = try #require(try JSONSerialization.jsonObject(with: Data(parsed.stdout.utf8)) as? [String: Any])
    let text = Array((try #require(document["text"] as? String)).utf8)
    let spoken = try CLIRunner.run(["speak", file, "--format", "json"])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(spoken.stdout.utf8)) as? [String: Any])
    let segments = try #require(object["segments"] as? [[String: Any]])
    #expect(segments.count > 50)
    for segment in segments {
      let start = try #require((segment["start"] as? [String: Any])?["utf8"] as? Int)
      let end = try #require((segment["end"] as? [String: Any])?["utf8"] as? Int)
      #expect(String(decoding: text[start..<end], as: UTF8.self) == segment["text"] as? String)
    }
  }

  @Test func badInputIsReportedWithTheFileName() throws {
    let missing = try CLIRunner.run(["speak", "/nonexistent/note.html"])
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("/nonexistent/note.html"))
    #expect(missing.stdout.isEmpty)
    let range = try CLIRunner.run(["speak", CLIRunner.corpus("hiking-checklist.txt"), "--range", "9..3"])
    #expect(range.status == 2)
    let past = try CLIRunner.run(["speak", CLIRunner.corpus("hiking-checklist.txt"), "--range", "999999..1000000"])
    #expect(past.status == 1)
    #expect(past.stderr.contains("past the end"))
    let audio = try CLIRunner.run([
      "speak", CLIRunner.corpus("hiking-checklist.txt"), "--audio", "/nonexistent/dir/out.wav",
    ])
    #expect(audio.status == 1)
    #expect(audio.stderr.contains("/nonexistent/dir/out.wav") && audio.stdout.isEmpty)
  }

  @Test func punctuationLevelAllNamesEveryMark() throws {
    let result = try CLIRunner.run(["speak", "--locale", "en", "--punctuation", "all"], input: Data("Hi, you!\n".utf8))
    #expect(result.stdout == "Hi comma, you exclamation mark!\n")
  }
}
