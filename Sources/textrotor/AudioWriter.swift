import Foundation
import TextModel
import TextRotor

#if canImport(Glibc)
  import Glibc
#endif

/// Speaks a script through espeak-ng, one voice per language run, and joins the parts with sox.
///
/// Nothing the user has is deleted or overwritten except the target file, and that only at the very
/// end (``ReplacementFile``). The parts live in a private temporary folder (`mkdtemp`, under
/// `$TMPDIR`). Ctrl-C, SIGTERM or SIGHUP stops the running tool and removes both
/// (``InterruptionCleanup``).
enum AudioWriter {

  static func write(_ script: SpeechScript, to path: String) throws {
    InterruptionCleanup.shared.install()
    // Refuse a folder, a link or a device, and fail before synthesizing (which can take minutes)
    // when the file cannot be written.
    let output = try ReplacementFile(target: path)
    let runs = script.languageRuns()
    guard !runs.isEmpty else { throw InputFailure(message: "\(path): nothing to speak in the chosen range") }
    let folder = try makeTemporaryFolder()
    defer {
      try? FileManager.default.removeItem(atPath: folder)
      InterruptionCleanup.shared.remove(folder: folder)
    }
    warnAboutMissingDictionaries(runs)
    var parts: [String] = []
    for (index, run) in runs.enumerated() {
      let part = folder + "/" + String(format: "part-%05d", index)
      guard FileManager.default.createFile(atPath: part + ".txt", contents: Data(run.text.utf8)) else {
        throw InputFailure(message: "cannot write in the temporary folder \(folder)")
      }
      try runTool(
        "/usr/bin/espeak-ng",
        ["-v", SynthesizerVoice.espeakName(for: run.language), "-w", part + ".wav", "--stdin", "-b", "1"],
        input: part + ".txt", missing: "espeak-ng is not installed (apt-get install espeak-ng)")
      parts.append(part + ".wav")
    }
    if parts.count == 1 {
      guard let data = FileManager.default.contents(atPath: parts[0]) else {
        throw InputFailure(message: "\(path): espeak-ng wrote no audio")
      }
      try output.write(data)
    } else {
      try runTool(
        "/usr/bin/sox", parts + ["-t", "wav", output.temporaryPath], input: nil,
        missing: "sox is not installed (apt-get install sox)")
    }
    try output.commit()
  }

  /// A new private folder under `$TMPDIR` (else /tmp), registered for removal on a signal.
  private static func makeTemporaryFolder() throws -> String {
    var base = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
    if base.isEmpty { base = "/tmp" }
    while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
    var template = Array((base + "/textrotor-audio-XXXXXX").utf8CString)
    return try InterruptionCleanup.shared.withLock {
      guard let created = mkdtemp(&template) else {
        throw InputFailure(message: "cannot make a temporary folder in \(base) (\(String(cString: strerror(errno))))")
      }
      let folder = String(cString: created)
      InterruptionCleanup.shared.addLocked(folder: folder)
      return folder
    }
  }

  /// Debian's espeak-ng `cmn` and `ja` voices have no dictionary for Han characters: they read a
  /// code point or "Chinese letter" instead. Probe once per voice that has Han text and say so.
  static func warnAboutMissingDictionaries(_ runs: [(language: String, text: String)]) {
    var probed: Set<String> = []
    for run in runs where (run.language == "zh" || run.language == "ja") && !probed.contains(run.language) {
      guard run.text.unicodeScalars.contains(where: { (0x4E00...0x9FFF).contains($0.value) }) else { continue }
      probed.insert(run.language)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/espeak-ng")
      process.arguments = ["-q", "-x", "-v", SynthesizerVoice.espeakName(for: run.language), "字"]
      let pipe = Pipe()
      process.standardOutput = pipe
      process.standardError = FileHandle.nullDevice
      guard (try? InterruptionCleanup.shared.run(process)) != nil else { continue }
      let phonemes = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      InterruptionCleanup.shared.finished(process)
      if phonemes.contains("(en)") {
        StandardStreams.error(
          "textrotor: note: espeak-ng's \(SynthesizerVoice.espeakName(for: run.language)) voice here has no dictionary "
            + "for Han characters and will not read them properly; the text and SSML are right for a full \(run.language) voice"
        )
      }
    }
  }

  /// Runs `tool` with standard input from the file `input` (never a pipe: a tool that stops early
  /// must not stop this process with SIGPIPE), and throws its error output when it fails.
  static func runTool(_ tool: String, _ arguments: [String], input: String?, missing: String) throws {
    guard FileManager.default.isExecutableFile(atPath: tool) else { throw InputFailure(message: missing) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    if let input {
      guard let handle = FileHandle(forReadingAtPath: input) else {
        throw InputFailure(message: "\(input): cannot read")
      }
      process.standardInput = handle
    } else {
      process.standardInput = FileHandle.nullDevice
    }
    try InterruptionCleanup.shared.run(process)
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    InterruptionCleanup.shared.finished(process)
    guard process.terminationStatus == 0 else {
      if process.terminationReason == .uncaughtSignal { InterruptionCleanup.shared.awaitPendingSignal() }
      let text = String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
      throw InputFailure(message: "\(URL(fileURLWithPath: tool).lastPathComponent) failed: \(text)")
    }
  }
}
