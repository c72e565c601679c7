import Foundation
import Testing

/// `textrotor batch`: JSON Lines requests in, one result line per input line in input order, errors
/// as objects with their id while the stream goes on, the same answers as `detect` and `speak`, and
/// the same output for any number of jobs.
@Suite struct BatchCommandTests {
  static func json(_ line: Substring) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
  }

  static func request(_ object: [String: Any]) throws -> String {
    String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
  }

  @Test func eachLineGetsTheResultThatDetectAndSpeakGive() throws {
    let brochure = CLIRunner.corpus("park-trip-brochure.html")
    let checklist = CLIRunner.corpus("hiking-checklist.txt")
    let input = [
      try Self.request(["id": "brochure", "path": "park-trip-brochure.html"]),
      try Self.request(["id": 7, "path": "hiking-checklist.txt", "kinds": ["phone"], "region": "US", "speak": true]),
      try Self.request(["id": "ssml", "content": "Dilute 1:10. Call +1 415 555 0100.", "speak": "ssml", "locale": "en"]
      ),
    ].joined(separator: "\n")
    let result = try CLIRunner.run(
      ["batch", "--jobs", "2", "--root", CLIRunner.packageRoot + "/corpus"], input: Data(input.utf8))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
    let lines = result.stdout.split(separator: "\n")
    try #require(lines.count == 3)

    // Line 1: the detections of `detect --format jsonl`, object for object.
    let first = try Self.json(lines[0])
    #expect(first["id"] as? String == "brochure")
    #expect(first["line"] as? Int == 1)
    #expect(first["format"] as? String == "html")
    let detect = try CLIRunner.run(["detect", brochure, "--format", "jsonl"])
    let expected = try detect.stdout.split(separator: "\n").map(Self.json)
    let detections = try #require(first["detections"] as? [[String: Any]])
    #expect(detections.count == 22)
    #expect(detections.map { NSDictionary(dictionary: $0) } == expected.map { NSDictionary(dictionary: $0) })

    // Line 2: options as `detect --kinds phone --region US`, speech as `speak`.
    let second = try Self.json(lines[1])
    #expect(second["id"] as? Int == 7)
    let phones = try CLIRunner.run(["detect", checklist, "--kinds", "phone", "--region", "US"])
    #expect(
      (second["detections"] as? [[String: Any]])?.map { NSDictionary(dictionary: $0) }
        == (try phones.stdout.split(separator: "\n").map(Self.json)).map { NSDictionary(dictionary: $0) })
    let speak = try CLIRunner.run(["speak", checklist])
    #expect(second["speech"] as? String == String(speak.stdout.dropLast()))

    // Line 3: inline content, SSML.
    let third = try Self.json(lines[2])
    let ssml = try CLIRunner.run(
      ["speak", "--locale", "en", "--format", "ssml"], input: Data("Dilute 1:10. Call +1 415 555 0100.".utf8))
    #expect(third["speech"] as? String == ssml.stdout)
    #expect(third["format"] as? String == "text")
  }

  @Test func aBadLineIsAnErrorWithItsIdAndTheStreamGoesOn() throws {
    let input = """
      {"id":"ok1","content":"mail ann@example.org"}
      not json
      {"id":"missing","path":"/nonexistent/notes.html"}

      {"id":3,"content":"x","colour":"red"}
      {"id":4,"content":"x","kinds":["fax"]}
      {"id":5,"content":"x","region":"USA"}
      {"id":6,"content":"x","path":"y.txt"}
      {"id":7.5,"content":"x"}
      [1,2]
      {"id":"ok2","content":"call +1 415 555 0100","format":"text","kinds":"phone"}
      """
    let result = try CLIRunner.run(["batch", "--jobs", "3"], input: Data(input.utf8))
    #expect(result.status == 1)
    #expect(result.stderr == "textrotor: batch: 9 of 11 lines failed (see their \"error\" objects)\n")
    let lines = try result.stdout.split(separator: "\n").map(Self.json)
    try #require(lines.count == 11)
    #expect(lines.map { $0["line"] as? Int } == Array(1...11))
    func error(_ index: Int) -> (kind: String?, message: String?) {
      let object = lines[index]["error"] as? [String: Any]
      return (object?["kind"] as? String, object?["message"] as? String)
    }
    #expect(lines[0]["error"] == nil && (lines[0]["detections"] as? [Any])?.count == 1)
    #expect(lines[1]["id"] is NSNull && error(1).message == "not valid JSON")
    #expect(lines[2]["id"] as? String == "missing")
    // Without --root no path is read (issue 42): InputFileSafetyTests has the rest.
    #expect(
      error(2).kind == "request"
        && error(2).message == "\"path\" requests are refused without --root DIR (batch reads files only beneath it)")
    #expect(error(3).message == "empty line")
    #expect(lines[4]["id"] as? Int == 3 && error(4).message?.hasPrefix("unknown key \"colour\"") == true)
    #expect(error(5).message == "unknown kind \"fax\": use email, link, phone, alert")
    #expect(error(6).message?.contains("two-letter ISO 3166") == true)
    #expect(error(7).message == "both \"content\" and \"path\": give one")
    #expect(error(8).message == "\"id\" must be a string or an integer")
    #expect(error(9).message == "not a JSON object")
    #expect(lines[10]["id"] as? String == "ok2")
    #expect((lines[10]["detections"] as? [[String: Any]])?.first?["value"] as? String == "tel:+14155550100")
  }

  @Test func aLineOverTheLimitIsAnErrorAndDoesNotStopTheStream() throws {
    let long = "{\"id\":\"long\",\"content\":\"" + String(repeating: "a", count: 300_000) + "\"}"
    let input = ["{\"id\":1,\"content\":\"a\"}", long, "{\"id\":2,\"content\":\"b\"}"].joined(separator: "\n") + "\n"
    let result = try CLIRunner.run(["batch", "--max-line-bytes", "1000"], input: Data(input.utf8))
    #expect(result.status == 1)
    let lines = try result.stdout.split(separator: "\n").map(Self.json)
    try #require(lines.count == 3)
    #expect(lines[0]["id"] as? Int == 1 && lines[2]["id"] as? Int == 2)
    let message = (lines[1]["error"] as? [String: Any])?["message"] as? String
    #expect(message == "line of \(long.utf8.count) bytes is longer than --max-line-bytes (1000)")
  }

  /// Many small documents of every kind: the output is the same byte for byte with 1, 2 and 5 jobs
  /// and a reorder window smaller than the input (several chunks).
  @Test func theOutputIsTheSameForAnyNumberOfJobs() throws {
    var lines: [String] = []
    for index in 0..<150 {
      let content =
        index % 2 == 0
        ? "<p>Call (415) 555-\(String(format: "%04d", index)) or write to ranger\(index)@example.org.</p><div role=alert>Closed \(index)</div>"
        : "Visit https://parks.example.org/\(index) today.\nWarning: fog.\n" + String(repeating: "words ", count: index)
      var request: [String: Any] = ["id": "d\(index)", "content": content]
      if index % 2 == 0 { request["format"] = "html" }
      if index % 9 == 0 { request["speak"] = true }
      if index % 13 == 0 { request["kinds"] = "email" }
      lines.append(index == 77 ? "{broken" : try Self.request(request))
    }
    let input = Data((lines.joined(separator: "\n") + "\n").utf8)
    let one = try CLIRunner.run(["batch", "--jobs", "1"], input: input)
    let two = try CLIRunner.run(["batch", "--jobs", "2", "--window", "4"], input: input)
    let five = try CLIRunner.run(["batch", "--jobs", "5", "--window", "3"], input: input)
    #expect(one.status == 1 && two.status == 1 && five.status == 1)
    #expect(one.stdout.split(separator: "\n").count == 150)
    #expect(two.stdout == one.stdout)
    #expect(five.stdout == one.stdout)
    let ids = try one.stdout.split(separator: "\n").map { try Self.json($0)["id"] as? String }
    #expect(ids[0] == "d0" && ids[149] == "d149" && ids[77] == nil)
  }

  /// A limit that cuts a document's detections is a warning in its result, not a silent cut.
  @Test func aCutByTheDetectionLimitIsAWarningInTheResult() throws {
    let input = "{\"id\":1,\"content\":\"a@example.org b@example.org c@example.org\"}\n"
    let result = try CLIRunner.run(["batch", "--max-detections", "1"], input: Data(input.utf8))
    #expect(result.status == 0)
    let line = try Self.json(try #require(result.stdout.split(separator: "\n").first))
    #expect((line["detections"] as? [Any])?.count == 1)
    #expect(
      line["warnings"] as? [String] == [
        "1:15: warning: 3 detections found; only the first 1 are reported (limit: --max-detections); the first one left out is here"
      ])
  }

  /// Windows line ends and a last line without a line break are read like any other line.
  @Test func crlfLinesAndALastLineWithoutABreakAreRead() throws {
    let input = "{\"id\":1,\"content\":\"mail ann@example.org\"}\r\n{\"id\":2,\"content\":\"x\"}"
    let result = try CLIRunner.run(["batch"], input: Data(input.utf8))
    #expect(result.status == 0, "\(result.stderr)")
    let lines = try result.stdout.split(separator: "\n").map(Self.json)
    #expect(lines.map { $0["id"] as? Int } == [1, 2])
    #expect((lines[0]["detections"] as? [Any])?.count == 1)
  }

  @Test func anEmptyInputIsAnEmptyOutput() throws {
    let result = try CLIRunner.run(["batch"], input: Data())
    #expect(result.status == 0 && result.stdout.isEmpty && result.stderr.isEmpty)
  }

  /// Output and input failures end the stream with one line on standard error and status 1.
  @Test func anUnwritableOutputOrUnreadableInputIsOneLineAndStatusOne() throws {
    let full = try CLIRunner.shell("echo '{\"id\":1,\"content\":\"a\"}' | \"$TEXTROTOR\" batch > /dev/full")
    #expect(full.status == 1)
    #expect(full.stderr == "textrotor: cannot write to standard output (No space left on device)\n")
    let directory = try CLIRunner.shell("\"$TEXTROTOR\" batch < /tmp")
    #expect(directory.status == 1)
    #expect(directory.stderr == "textrotor: <stdin>: cannot read: Is a directory\n")
    #expect(directory.stdout.isEmpty)
  }

  @Test func usageErrorsExitTwo() throws {
    #expect(try CLIRunner.run(["batch", "--jobs", "0"]).status == 2)
    #expect(try CLIRunner.run(["batch", "--window", "0"]).status == 2)
  }

  /// Progress goes to standard error only when it is a terminal: here it is a pseudo-terminal, and
  /// standard output (a file) gets only the results.
  @Test(.disabled(if: PseudoTerminal.python3 == nil, "python3 makes the pseudo-terminal"))
  func progressIsShownOnATerminalOnly() throws {
    let script = """
      import os, pty, subprocess, sys, tempfile
      master, slave = pty.openpty()
      data = b"".join(b'{"id":%d,"content":"mail ann@example.org"}\\n' % i for i in range(50))
      with tempfile.TemporaryFile() as stdin, tempfile.TemporaryFile() as stdout:
          stdin.write(data); stdin.seek(0)
          child = subprocess.Popen([os.environ["TEXTROTOR"], "batch"], stdin=stdin, stdout=stdout, stderr=slave)
          os.close(slave)
          seen = b""
          while True:
              try:
                  chunk = os.read(master, 4096)
              except OSError:
                  break
              if not chunk:
                  break
              seen += chunk
          child.wait()
          stdout.seek(0)
          print(len(stdout.read().splitlines()), child.returncode)
          print(seen.decode().replace("\\r", "<CR>").replace("\\x1b[K", ""))
      """
    let result = try CLIRunner.shell("python3 -c '\(script.replacingOccurrences(of: "'", with: "'\\''"))'")
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.first == "50 0", "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains("textrotor batch: 50 lines, "))
    #expect(result.stdout.contains(" 0 failed, 0:00 elapsed"))
    // Standard input is a file: its size is known, so the share read and the time left are shown.
    #expect(result.stdout.contains(" 0:00 elapsed, 100%, 0:00 left"))
  }
}
