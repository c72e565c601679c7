import Foundation
import TextModel
import TextRotor

#if canImport(Glibc)
  import Glibc
#endif

/// Speaks a script through espeak-ng, one voice per language run, and writes the WAV file itself.
///
/// Nothing the user has is deleted or overwritten except the target file, and that only at the very
/// end (``ReplacementFile``). Each run's text waits in a private temporary folder (`mkdtemp`, under
/// `$TMPDIR`) and goes to espeak-ng on standard input; espeak-ng writes its WAV to a pipe
/// (`--stdout`), and this process writes every byte of the target: a header, each run's samples, then
/// the header again with the real length. Every write is checked, espeak-ng must exit 0 with a WAV of
/// one sample format, the file's size must be the header's and the samples' sum, and it is flushed
/// (`fsync`) before the rename. On any failure the temporary file goes, the old file stays byte for
/// byte, and the command exits 1 with one line.
///
/// Why not espeak-ng `-w` and sox, as before: both exit 0 after a write fails with EFBIG or ENOSPC
/// (measured under `prlimit --fsize`: sox printed "error writing output file: File too large" and
/// exited 0; espeak-ng rewrote its header to the truncated length, so even the file looked whole).
/// SIGXFSZ is ignored while writing, so a file size limit fails the write (EFBIG) instead of killing
/// the process without a word; espeak-ng inherits the ignored signal. Ctrl-C, SIGTERM or SIGHUP stops
/// the running espeak-ng and removes the folder and the temporary file (``InterruptionCleanup``).
enum AudioWriter {

  static func write(_ script: SpeechScript, to path: String) throws {
    InterruptionCleanup.shared.install()
    signal(SIGXFSZ, SIG_IGN)
    // Refuse a folder, a link or a device, and fail before synthesizing (which can take minutes)
    // when the file cannot be written.
    let output = try ReplacementFile(target: path)
    let runs = script.languageRuns()
    guard !runs.isEmpty else { throw InputFailure(message: "\(path): nothing to speak in the chosen range") }
    let folder = try InterruptionCleanup.shared.makeTemporaryFolder(prefix: "textrotor-audio")
    defer {
      try? FileManager.default.removeItem(atPath: folder)
      InterruptionCleanup.shared.remove(folder: folder)
    }
    warnAboutMissingDictionaries(runs)
    try output.write(WAVHeader.placeholder)
    var format: WAVHeader?
    var samples: UInt64 = 0
    for (index, run) in runs.enumerated() {
      let part = folder + "/" + String(format: "part-%05d", index)
      guard FileManager.default.createFile(atPath: part + ".txt", contents: Data(run.text.utf8)) else {
        throw InputFailure(message: "cannot write in the temporary folder \(folder)")
      }
      let header = try synthesize(
        ["-v", SynthesizerVoice.espeakName(for: run.language), "--stdout", "--stdin", "-b", "1"],
        input: part + ".txt", errors: part + ".err", into: output, target: path)
      if let format, !format.sameSamples(as: header) {
        throw InputFailure(
          message:
            "\(path): espeak-ng's voices gave different sample formats (\(format) and \(header)); cannot join them")
      }
      format = format ?? header
      samples += header.dataBytes
    }
    guard let format, samples > 0 else { throw InputFailure(message: "\(path): espeak-ng wrote no audio") }
    guard samples <= UInt64(UInt32.max) - 36 else {
      throw InputFailure(message: "\(path): the speech is longer than a WAV file can hold (4 GiB)")
    }
    var final = format
    final.dataBytes = samples
    try output.write(final.bytes, at: 0)
    try output.commit(expectedSize: UInt64(WAVHeader.length) + samples)
  }

  /// Runs espeak-ng with `arguments` (its WAV on standard output), appends the samples to `output`
  /// as they come (checked writes), and returns the header with the count of bytes received.
  /// - Throws: when espeak-ng is missing, fails, dies of a signal, or writes no WAV.
  private static func synthesize(
    _ arguments: [String], input: String, errors: String, into output: ReplacementFile, target: String
  ) throws -> WAVHeader {
    let tool = "/usr/bin/espeak-ng"
    guard FileManager.default.isExecutableFile(atPath: tool) else {
      throw InputFailure(message: "espeak-ng is not installed (apt-get install espeak-ng)")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    let audio = Pipe()
    process.standardOutput = audio
    // Its messages to a file, not a pipe: a pipe nobody reads could fill and stop espeak-ng.
    guard FileManager.default.createFile(atPath: errors, contents: nil),
      let errorHandle = FileHandle(forWritingAtPath: errors),
      let inputHandle = FileHandle(forReadingAtPath: input)
    else { throw InputFailure(message: "cannot write in the temporary folder of \(input)") }
    process.standardError = errorHandle
    // Standard input from a file, never a pipe: a tool that stops early must not stop this process with SIGPIPE.
    process.standardInput = inputHandle
    try InterruptionCleanup.shared.run(process)
    try? errorHandle.close()
    try? inputHandle.close()
    let reader = audio.fileHandleForReading.fileDescriptor
    var header: WAVHeader?
    var pending: [UInt8] = []
    var received: UInt64 = 0
    var writeFailure: (any Error)?
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { break }
      // After a failed write keep draining, so espeak-ng ends and its status is known.
      guard writeFailure == nil else { continue }
      do {
        if header == nil {
          pending.append(contentsOf: buffer[..<count])
          guard let (parsed, offset) = WAVHeader.parse(pending) else {
            if pending.count > 4096 { throw InputFailure(message: "\(target): espeak-ng did not write a WAV") }
            continue
          }
          header = parsed
          let samples = pending[offset...]
          try output.write(Array(samples))
          received += UInt64(samples.count)
          pending = []
        } else {
          try buffer.withUnsafeBytes { raw in try output.write(UnsafeRawBufferPointer(rebasing: raw[..<count])) }
          received += UInt64(count)
        }
      } catch {
        writeFailure = error
      }
    }
    process.waitUntilExit()
    InterruptionCleanup.shared.finished(process)
    if let writeFailure { throw writeFailure }
    guard process.terminationReason == .exit && process.terminationStatus == 0 else {
      if process.terminationReason == .uncaughtSignal { InterruptionCleanup.shared.awaitPendingSignal() }
      let message = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
      let text = message.split(separator: "\n").last.map(String.init) ?? ""
      let how =
        process.terminationReason == .uncaughtSignal
        ? "killed by signal \(process.terminationStatus)" : "exit status \(process.terminationStatus)"
      throw InputFailure(message: "espeak-ng failed (\(how))" + (text.isEmpty ? "" : ": \(text)"))
    }
    guard var header else { throw InputFailure(message: "\(target): espeak-ng wrote no audio") }
    header.dataBytes = received
    return header
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
}
