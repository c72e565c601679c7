import Foundation
import Testing

/// Issue 9, item 8: Ctrl-C (and SIGTERM) during `speak --audio` stops espeak-ng and leaves nothing behind.
@Suite(.serialized) struct InterruptionTests {
  /// Starts `speak LONG --audio OUT` with `TMPDIR` pointing at a fresh folder, waits until espeak-ng
  /// runs, sends `signal`, and returns the status, what the folders held while espeak-ng ran and
  /// after the exit, the target's text and any espeak-ng still running on the temporary folder.
  static func interrupt(with signalNumber: Int32, existingTarget: Bool) throws -> (
    status: Int32, stderr: String,
    temporary: [String], work: [String], target: String?, survivors: String,
    temporaryWhileRunning: [String], workWhileRunning: [String]
  ) {
    let work = try freshFolder("interrupt")
    let temporary = try freshFolder("interrupt-tmp")
    defer {
      try? FileManager.default.removeItem(atPath: work)
      try? FileManager.default.removeItem(atPath: temporary)
    }
    let paragraph = "<p>The bridge is closed today; call the ranger at (415) 555-0132 before you set out.</p>\n"
    try Data(("<html lang=\"en\"><body>" + String(repeating: paragraph, count: 3000) + "</body></html>").utf8)
      .write(to: URL(fileURLWithPath: work + "/long.html"))
    if existingTarget { try Data("old".utf8).write(to: URL(fileURLWithPath: work + "/out.wav")) }
    let process = Process()
    process.executableURL = CLIRunner.binary
    process.arguments = ["speak", work + "/long.html", "--audio", work + "/out.wav"]
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_BACKTRACE"] = "enable=no"
    environment["TMPDIR"] = temporary
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    // Wait (at most a minute) for espeak-ng to run as this child's child.
    var espeak: String?
    for _ in 0..<600 where espeak == nil {
      espeak = pgrep(["-P", String(process.processIdentifier), "espeak-ng"])
      if espeak == nil { usleep(100_000) }
    }
    try #require(espeak != nil, "espeak-ng never started")
    let temporaryWhileRunning = contents(of: temporary)
    let workWhileRunning = contents(of: work)
    kill(process.processIdentifier, signalNumber)
    let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    usleep(200_000)
    let target = try? String(contentsOfFile: work + "/out.wav", encoding: .utf8)
    return (
      process.terminationStatus, stderr, contents(of: temporary), contents(of: work), target,
      // espeak-ng's arguments do not name the folder (its text comes on standard input): look for
      // the very processes seen running, and for anything else naming the folder.
      (pgrep(["-f", temporary]) ?? "")
        + (espeak ?? "").split(separator: "\n").filter { Int32($0).map(isRunning) ?? false }.joined(separator: "\n"),
      temporaryWhileRunning, workWhileRunning
    )
  }

  /// Whether `pid` still runs: a zombie has exited (once textrotor is gone it waits for PID 1 to
  /// reap it, which in a container can take a while); waits up to two seconds for it to go.
  static func isRunning(_ pid: Int32) -> Bool {
    for _ in 0..<20 {
      guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { return false }
      let state = stat[close...].dropFirst().drop { $0 == " " }.first
      if state == "Z" || state == "X" { return false }
      usleep(100_000)
    }
    return true
  }

  static func pgrep(_ arguments: [String]) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/pgrep")
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    guard (try? process.run()) != nil else { return nil }
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return output.isEmpty ? nil : output
  }

  @Test func ctrlCStopsEspeakAndRemovesEverything() throws {
    let result = try Self.interrupt(with: SIGINT, existingTarget: false)
    // While espeak-ng ran: one private folder in TMPDIR, one temporary file beside the target.
    #expect(result.temporaryWhileRunning.count == 1 && result.temporaryWhileRunning[0].hasPrefix("textrotor-audio-"))
    #expect(result.workWhileRunning.count == 2, "\(result.workWhileRunning)")
    #expect(result.workWhileRunning.contains { $0.hasPrefix(".out.wav.textrotor-") && $0.hasSuffix(".tmp") })
    #expect(result.status == 130)
    #expect(result.survivors.isEmpty, "espeak-ng still running: \(result.survivors)")
    #expect(result.temporary.isEmpty, "left in TMPDIR: \(result.temporary)")
    #expect(result.work == ["long.html"], "out.wav or a temporary file was left: \(result.work)")
    #expect(result.stderr.hasPrefix("textrotor: interrupted") && result.stderr.split(separator: "\n").count == 1)
  }

  @Test func sigtermLeavesAnExistingTargetAsItWas() throws {
    let result = try Self.interrupt(with: SIGTERM, existingTarget: true)
    #expect(result.status == 143)
    #expect(result.survivors.isEmpty, "espeak-ng still running: \(result.survivors)")
    #expect(result.temporary.isEmpty)
    #expect(result.work == ["long.html", "out.wav"])
    #expect(result.target == "old")
  }
}
