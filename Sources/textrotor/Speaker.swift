import Foundation
import ParallelSupport
import Speech
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Speaks lines with espeak-ng for `browse --speak`, stopping the previous utterance first.
///
/// - The text goes to espeak-ng on standard input (`--stdin`), never in its arguments: an item of
///   more than ~128 KiB as one argument made `execve` fail with E2BIG (MAX_ARG_STRLEN), and the
///   item was never spoken. Standard input is a temporary file holding the text, removed from its
///   folder as soon as it is made (only the open descriptors keep it), so nothing blocks on a pipe and nothing can raise SIGPIPE when an utterance is cut short.
/// - A failure is announced on standard error, one line, once per distinct problem: espeak-ng
///   missing or not startable, a non-zero exit, or espeak-ng's own complaint when it cannot play
///   (with no audio device it prints "error: No such file or directory" and still exits 0). An
///   utterance stopped by the next one is not a failure.
/// - The synthesizer is the `espeak-ng` found on `PATH` (else /usr/bin/espeak-ng), as a shell finds it.
final class Speaker: Sendable {
  private let voice: String
  private let synthesizer: String
  /// The utterance being spoken, the problems said so far and how many utterances are not done.
  private struct State {
    var current: Utterance?
    var announced: Set<String> = []
    var pending = 0
  }
  private let state = LockedValue(State())

  /// One espeak-ng run: its process, and whether this side stopped it.
  private final class Utterance: Sendable {
    let process = Process()
    let stopped = Atomic<Bool>(false)
  }

  /// The voice comes from ``SynthesizerVoice``: a document's `lang` value never reaches espeak-ng as
  /// a path or an option.
  init(language: String?, environment: [String: String] = ProcessInfo.processInfo.environment) {
    voice = SynthesizerVoice.espeakName(for: language)
    synthesizer = Self.locate("espeak-ng", path: environment["PATH"]) ?? "/usr/bin/espeak-ng"
  }

  /// The arguments espeak-ng gets for an utterance: the voice and "read standard input as UTF-8".
  /// The text is never among them.
  var arguments: [String] { ["-v", voice, "--stdin", "-b", "1"] }

  func say(_ text: String) {
    stop()
    let utterance = Utterance()
    let process = utterance.process
    process.executableURL = URL(fileURLWithPath: synthesizer)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    guard let input = Self.textFile(holding: text) else {
      announce("textrotor: speech failed: cannot hold the text for espeak-ng (\(String(cString: strerror(errno))))")
      return
    }
    process.standardInput = input
    let errors = Pipe()
    process.standardError = errors
    do {
      try process.run()
    } catch {
      try? input.close()
      let reason =
        FileManager.default.isExecutableFile(atPath: synthesizer)
        ? "cannot start \(synthesizer) (\(error.localizedDescription))"
        : "espeak-ng is not installed (apt-get install espeak-ng)"
      announce("textrotor: speech failed: \(reason)")
      return
    }
    try? input.close()
    try? errors.fileHandleForWriting.close()
    state.withValue {
      $0.current = utterance
      $0.pending += 1
    }
    let reader = errors.fileHandleForReading
    // Never joined: ``finish()`` waits for the count of pending utterances instead.
    let watcher = JoinableThread.start { [self] in
      let output = reader.readDataToEndOfFile()
      process.waitUntilExit()
      if !utterance.stopped.load(ordering: .sequentiallyConsistent),
        let problem = Self.problem(status: process.terminationStatus, reason: process.terminationReason, errors: output)
      {
        announce(
          "textrotor: speech failed: \(problem)", once: problem.hasPrefix(Self.cannotPlay) ? Self.cannotPlay : nil)
      }
      state.withValue {
        $0.pending -= 1
        state.lock.broadcast()
      }
    }
    if watcher == nil {
      // No thread could be made: wait here, so the count still ends.
      _ = reader.readDataToEndOfFile()
      process.waitUntilExit()
      state.withValue { $0.pending -= 1 }
    }
  }

  /// Waits until the last utterance has been spoken (and its failure, if any, announced).
  func finish() { state.withValue(when: { $0.pending == 0 }) { _ in } }

  /// Whether the last utterance is still being spoken.
  var isSpeaking: Bool { state.withValue { $0.current?.process.isRunning ?? false } }

  /// Stops the utterance.
  func stop() {
    state.withValue {
      guard let current = $0.current, current.process.isRunning else { return }
      current.stopped.store(true, ordering: .sequentiallyConsistent)
      current.process.terminate()
    }
  }

  /// How an audio failure's message starts: it is said once a session, whatever its details.
  static let cannotPlay = "espeak-ng could not play the audio"

  /// What went wrong with an utterance that was not stopped, or nil when it was spoken. The sound
  /// library's own lines (ALSA's "ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default",
  /// PulseAudio's) are never quoted: they are said in words.
  static func problem(status: Int32, reason: Process.TerminationReason, errors: Data) -> String? {
    let lines = String(decoding: errors, as: UTF8.self).split(whereSeparator: \.isNewline).map {
      String($0).trimmingCharacters(in: .whitespaces)
    }.filter { !$0.isEmpty }
    let own = lines.filter { !isSoundLibraryLine($0) }
    let lastLine = own.last.map { String(printable($0).prefix(200)) } ?? ""
    if reason == .uncaughtSignal { return "espeak-ng was killed by signal \(status)" }
    if status != 0 { return "espeak-ng exited with status \(status)" + (lastLine.isEmpty ? "" : ": \(lastLine)") }
    // espeak-ng exits 0 when it cannot open the audio device; what it prints says so.
    guard !lines.isEmpty else { return nil }
    return cannotPlay + " (" + (lastLine.isEmpty ? "no sound device answered" : lastLine) + ")"
  }

  /// Whether `line` is the sound library's (ALSA, PulseAudio, JACK), not espeak-ng's own.
  static func isSoundLibraryLine(_ line: String) -> Bool {
    line.hasPrefix("ALSA lib") || line.hasPrefix("alsa:") || line.lowercased().contains("pulseaudio")
      || line.hasPrefix("Cannot connect to server") || line.hasPrefix("jack")
  }

  /// Prints `message` on standard error, once per distinct message (or once per `key`).
  private func announce(_ message: String, once key: String? = nil) {
    let first = state.withValue { $0.announced.insert(key ?? message).inserted }
    if first { StandardStreams.error(message) }
  }

  /// A handle on a nameless temporary file (under `$TMPDIR`, else /tmp) holding `text`, at its start.
  private static func textFile(holding text: String) -> FileHandle? {
    var base = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
    if base.isEmpty { base = "/tmp" }
    var template = Array((base + "/textrotor-speech-XXXXXX").utf8CString)
    let fd = mkstemp(&template)
    guard fd >= 0 else { return nil }
    unlink(template)
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    var bytes = Array(text.utf8)
    let error = bytes.withUnsafeMutableBytes { StandardStreams.writeAll(fd, UnsafeRawBufferPointer($0)) }
    guard error == 0, lseek(fd, 0, SEEK_SET) == 0 else {
      close(fd)
      errno = error
      return nil
    }
    return FileHandle(fileDescriptor: fd, closeOnDealloc: true)
  }

  /// The first executable `name` in the colon-separated `path`.
  static func locate(_ name: String, path: String?) -> String? {
    for folder in (path ?? "").split(separator: ":") where !folder.isEmpty {
      let candidate = folder + "/" + name
      if access(candidate, X_OK) == 0 { return candidate }
    }
    return nil
  }
}
