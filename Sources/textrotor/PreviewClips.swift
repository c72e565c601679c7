import Foundation
import TextRotor

#if canImport(Glibc)
  import Glibc
#endif

/// The audio clips of `preview --audio`: each block's speech through espeak-ng, as a WAV file held in
/// memory (the page embeds it as a `data:` URI).
///
/// As for `speak --audio` (``AudioWriter``): the text goes to espeak-ng on standard input from a file
/// in a private temporary folder (never a pipe), espeak-ng writes its WAV to a pipe (`--stdout`), the
/// voice is ``SynthesizerVoice/espeakName(for:)`` of the block's language (a well-formed tag, never
/// an option), the run must exit 0 with a PCM WAV, and the folder goes at the end or on a signal.
/// espeak-ng's header on a pipe gives no length; the clip gets the canonical header with the length
/// received.
enum PreviewClips {
  static func synthesize(_ blocks: [(language: String, text: String)]) throws -> [[UInt8]?] {
    let tool = "/usr/bin/espeak-ng"
    guard FileManager.default.isExecutableFile(atPath: tool) else {
      throw InputFailure(message: "espeak-ng is not installed (apt-get install espeak-ng)")
    }
    InterruptionCleanup.shared.install()
    AudioWriter.warnAboutMissingDictionaries(blocks.filter { !$0.text.isEmpty })
    let folder = try InterruptionCleanup.shared.makeTemporaryFolder(prefix: "textrotor-preview")
    defer {
      try? FileManager.default.removeItem(atPath: folder)
      InterruptionCleanup.shared.remove(folder: folder)
    }
    var clips: [[UInt8]?] = []
    clips.reserveCapacity(blocks.count)
    for block in blocks {
      guard block.text.contains(where: { !$0.isWhitespace }) else {
        clips.append(nil)
        continue
      }
      clips.append(try clip(block.text, voice: SynthesizerVoice.espeakName(for: block.language), folder: folder))
    }
    return clips
  }

  private static func clip(_ text: String, voice: String, folder: String) throws -> [UInt8] {
    let path = folder + "/block.txt"
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
