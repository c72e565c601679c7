import Foundation
import Output
import ParallelSupport
import TextRotor

#if canImport(Glibc)
  import Glibc
#endif

/// The audio clips of `preview --audio`: each block's speech through espeak-ng, as a WAV file in a
/// folder beside the page (`notes.html` → `notes-audio/b12.wav`), which the page links to.
///
/// As for `speak --audio` (``AudioWriter``): the text goes to espeak-ng on standard input from a file
/// in a private temporary folder (never a pipe), espeak-ng writes its WAV to a pipe (`--stdout`), the
/// voice is ``SynthesizerVoice/espeakName(for:)`` of the block's language (a well-formed tag, never
/// an option), the run must exit 0 with a PCM WAV, and the folder goes at the end or on a signal.
/// espeak-ng's header on a pipe gives no length; the clip gets the canonical header with the length
/// received.
enum PreviewClips {
  /// The clip folder of the page `page`: `notes.html` → `notes-audio` beside it.
  static func folder(of page: String) -> String {
    let stem =
      page.hasSuffix(".html") ? String(page.dropLast(5)) : page.hasSuffix(".htm") ? String(page.dropLast(4)) : page
    return stem + "-audio"
  }

  /// Writes the clip of each of `blocks` that says something as `bN.wav` in the page's clip folder
  /// (made if missing; a link or anything but a folder is refused), each file replaced whole
  /// (``ReplacementFile``); returns per block of the document the clip's URL relative to the page.
  /// The page stays small however long the speech (a 5 KB brochure's clips were 13 MB of WAV,
  /// 18 MB as base64 inside the page).
  static func write(
    _ page: PreviewPage, blocks: Range<Int>, beside output: String, parallelism: Parallelism
  ) throws -> [PreviewPage.Clip?] {
    let tool = "/usr/bin/espeak-ng"
    guard FileManager.default.isExecutableFile(atPath: tool) else {
      throw InputFailure(message: "espeak-ng is not installed (apt-get install espeak-ng)")
    }
    let speech = blocks.map { page.speech(ofBlock: $0) }
    let folder = Self.folder(of: output)
    var status = stat()
    if lstat(folder, &status) != 0 {
      guard mkdir(folder, 0o777) == 0 else {
        throw InputFailure(message: "\(folder): cannot make the clip folder (\(String(cString: strerror(errno))))")
      }
    } else if status.st_mode & S_IFMT != S_IFDIR {
      throw InputFailure(message: "\(folder): is not a folder; --audio writes the clips in a folder of that name")
    }
    let relative = String(folder.split(separator: "/", omittingEmptySubsequences: false).last ?? "")
    InterruptionCleanup.shared.install()
    AudioWriter.warnAboutMissingDictionaries(speech.filter { !$0.text.isEmpty })
    let temporary = try InterruptionCleanup.shared.makeTemporaryFolder(prefix: "textrotor-preview")
    defer {
      try? FileManager.default.removeItem(atPath: temporary)
      InterruptionCleanup.shared.remove(folder: temporary)
    }
    // The clips are made on the cores `parallelism` allows (espeak-ng runs on one core each), each
    // written as it is made, each run with its own text file in the temporary folder.
    let work = Array(zip(blocks, speech).filter { $0.1.text.contains(where: { !$0.isWhitespace }) })
    let failure = LockedValue<InputFailure?>(nil)
    parallelism.forEach(work.count) { item in
      guard failure.withValue({ $0 == nil }) else { return }
      let (block, said) = work[item]
      do {
        let wav = try clip(
          said.text, voice: SynthesizerVoice.espeakName(for: said.language), folder: temporary,
          name: "block-\(item).txt")
        let file = try ReplacementFile(target: folder + "/b\(block).wav", noun: "the clip", option: "--audio")
        try file.write(wav)
        try file.commit(expectedSize: UInt64(wav.count))
      } catch {
        let reason = error as? InputFailure ?? InputFailure(message: "\(error)")
        failure.withValue { if $0 == nil { $0 = reason } }
      }
    }
    if let failure = failure.withValue({ $0 }) { throw failure }
    let encodedFolder = relative.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? relative
    var clips = [PreviewPage.Clip?](repeating: nil, count: page.document.blocks.count)
    for (block, _) in work { clips[block] = .file(encodedFolder + "/b\(block).wav") }
    return clips
  }

  private static func clip(_ text: String, voice: String, folder: String, name: String) throws -> [UInt8] {
    let path = folder + "/" + name
    guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)),
      let inputHandle = FileHandle(forReadingAtPath: path)
    else { throw InputFailure(message: "cannot write in the temporary folder \(folder)") }
    defer { try? inputHandle.close() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/espeak-ng")
    process.arguments = ["-v", voice, "--stdout", "--stdin", "-b", "1"]
    let audio = Pipe()
    process.standardOutput = audio
    process.standardError = FileHandle.nullDevice
    process.standardInput = inputHandle
    try InterruptionCleanup.shared.run(process)
    let bytes = [UInt8](audio.fileHandleForReading.readDataToEndOfFile())
    process.waitUntilExit()
    InterruptionCleanup.shared.finished(process)
    guard process.terminationReason == .exit && process.terminationStatus == 0 else {
      if process.terminationReason == .uncaughtSignal { InterruptionCleanup.shared.awaitPendingSignal() }
      throw InputFailure(message: "espeak-ng failed (exit status \(process.terminationStatus)) on voice \(voice)")
    }
    guard case (var header, let offset)? = WAVHeader.parse(bytes) else {
      throw InputFailure(message: "espeak-ng did not write a WAV for voice \(voice)")
    }
    let samples = bytes.count - offset
    header.dataBytes = UInt64(samples)
    return header.bytes + bytes[offset...]
  }

}
