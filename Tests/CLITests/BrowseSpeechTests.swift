import Foundation
import Testing

/// Issue 42, row 10: `browse --speak` announces speech failures (one line, not one per move) and
/// gives long items to the synthesizer on standard input (an item over ~128 KB as an argument made
/// execve fail with E2BIG, silently). A fake `espeak-ng` first on `PATH` stands for the synthesizer.
@Suite struct BrowseSpeechTests {
  static func folder(_ name: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("textrotor-\(name)-\(UUID().uuidString)")
      .path
    try FileManager.default.createDirectory(atPath: path + "/bin", withIntermediateDirectories: true)
    return path
  }

  /// Puts a fake espeak-ng (`script`, a shell body) in `work/bin` and runs browse with `commands`.
  static func browse(
    in work: String, document: String, commands: [String], synthesizer script: String
  ) throws -> CLIRunner.Result {
    try Data(("#!/bin/sh\n" + script + "\n").utf8).write(to: URL(fileURLWithPath: work + "/bin/espeak-ng"))
    chmod(work + "/bin/espeak-ng", 0o755)
    try Data(document.utf8).write(to: URL(fileURLWithPath: work + "/doc.html"))
    try Data((commands.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: work + "/commands"))
    return try CLIRunner.shell(
      #"PATH="$WORK/bin:$PATH" timeout -s KILL 60 "$TEXTROTOR" browse "$WORK/doc.html" --speak < "$WORK/commands""#,
      environment: ["WORK": work])
  }

  @Test func aSynthesizerThatCannotPlayIsAnnouncedOnce() throws {
    let work = try Self.folder("browse-noaudio")
    defer { try? FileManager.default.removeItem(atPath: work) }
    // What espeak-ng does with no audio device: ALSA's complaints, its own, and exit status 0.
    let result = try Self.browse(
      in: work, document: "<h1>One</h1><h1>Two</h1><h1>Three</h1>",
      commands: ["rotor headings", "next", "next", "quit"],
      synthesizer:
        #"cat >/dev/null; echo "ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default" >&2; echo "error: No such file or directory" >&2; exit 0"#
    )
    #expect(result.status == 0)
    #expect(result.stdout.contains("Heading level 1, 2 of 3: Two"))
    #expect(
      result.stderr
        == "textrotor: speech failed: espeak-ng could not play the audio (error: No such file or directory)\n")
  }

  /// Issue 55, row 16: with only the sound library's complaints (ALSA's, a different one each
  /// time), 034130b printed them raw, one line per distinct complaint.
  @Test func anAudioFailureIsSaidOnceInWordsWithoutALSAsLines() throws {
    let work = try Self.folder("browse-alsa")
    defer { try? FileManager.default.removeItem(atPath: work) }
    let result = try Self.browse(
      in: work, document: "<h1>One</h1><h1>Two</h1><h1>Three</h1>",
      commands: ["rotor headings", "next", "next", "quit"],
      synthesizer:
        #"cat >/dev/null; echo "ALSA lib confmisc.c:855:(parse_card) cannot find card '$$'" >&2; echo "ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default" >&2; exit 0"#
    )
    #expect(result.status == 0)
    #expect(result.stdout.contains("Heading level 1, 2 of 3: Two"))
    #expect(
      result.stderr == "textrotor: speech failed: espeak-ng could not play the audio (no sound device answered)\n")
  }

  @Test func aFailingSynthesizerIsAnnounced() throws {
    let work = try Self.folder("browse-fail")
    defer { try? FileManager.default.removeItem(atPath: work) }
    let result = try Self.browse(
      in: work, document: "<h1>One</h1>", commands: ["rotor headings", "quit"],
      synthesizer: #"cat >/dev/null; echo "espeak-ng: voice not found" >&2; exit 3"#)
    #expect(result.stderr == "textrotor: speech failed: espeak-ng exited with status 3: espeak-ng: voice not found\n")
  }

  @Test func aLongItemGoesToTheSynthesizerOnStandardInput() throws {
    let work = try Self.folder("browse-long")
    defer { try? FileManager.default.removeItem(atPath: work) }
    let words = String(repeating: "word ", count: 50_000)  // 250,000 bytes: over MAX_ARG_STRLEN (128 KiB)
    let result = try Self.browse(
      // No "quit" after "read": its goodbye would stop the long utterance, maybe before the
      // synthesizer counted its input (a race on a loaded machine); at the end of the commands
      // browse waits for the speech to finish.
      in: work, document: "<h1>\(words)</h1><p>end</p>", commands: ["rotor headings", "next", "read"],
      // One short append per call (calls may overlap when a move stops the speech before it).
      synthesizer: #"count=$(wc -c); echo "$# args, $count" >> "$WORK/log""#)
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty, "\(result.stderr)")
    let log = try String(contentsOfFile: work + "/log", encoding: .utf8)
    let calls = log.split(separator: "\n").map {
      $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }
    // Every call: the voice and the options only (5 arguments), the text on standard input.
    #expect(calls.allSatisfy { $0.first == "5 args" }, "\(log)")
    let longest = calls.compactMap { Int($0.last ?? "") }.max() ?? 0
    #expect(longest >= 249_000, "\(log)")
  }
}
