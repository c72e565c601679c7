import Foundation
import Testing

/// Issue 42, row 2: a full disk never loses the audio silently. `prlimit --fsize` makes writes fail
/// as a full disk would (EFBIG instead of ENOSPC), for textrotor and for the espeak-ng it starts,
/// without root or a small mount.
@Suite struct AudioFullDiskTests {
  /// Three paragraphs in three languages: three espeak-ng runs of about 260 KB of audio each, so a
  /// limit of 400,000 bytes lets each run's audio through but not the joined file (as a disk with
  /// room for the parts in $TMPDIR and not for the whole).
  static let document = """
    <html lang="en"><body>
    <p>This is the first part of a longer text that the synthesizer speaks for a while, sentence after sentence, about the trip.</p>
    <p lang="fr">Voici la deuxième partie du texte, que le synthétiseur lit aussi pendant un moment, phrase après phrase, sur le voyage.</p>
    <p lang="de">Dies ist der dritte Teil des Textes, den der Synthesizer eine Weile spricht, Satz für Satz, über die Reise.</p>
    </body></html>
    """

  static func folder(_ name: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("textrotor-\(name)-\(UUID().uuidString)")
      .path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// Runs `speak DOC --audio TARGET` with `TMPDIR` in a fresh folder, under a file size limit when given.
  static func speak(in work: String, limit: Int?) throws -> CLIRunner.Result {
    try CLIRunner.shell(
      #"mkdir -p "$WORK/tmp" && TMPDIR="$WORK/tmp" timeout -s KILL 120 \#(limit.map { "prlimit --fsize=\($0) " } ?? "")"#
        + #""$TEXTROTOR" speak "$WORK/doc.html" --audio "$WORK/out.wav" >/dev/null"#,
      environment: ["WORK": work])
  }

  @Test func aFullDiskFailsWithOneLineAndKeepsTheOldFileByteForByte() throws {
    let work = try Self.folder("audio-full")
    defer { try? FileManager.default.removeItem(atPath: work) }
    try Data(Self.document.utf8).write(to: URL(fileURLWithPath: work + "/doc.html"))
    let old = Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
    try old.write(to: URL(fileURLWithPath: work + "/out.wav"))
    let result = try Self.speak(in: work, limit: 400_000)
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stderr == "textrotor: \(work)/out.wav: cannot write the audio file (File too large)\n")
    #expect(try Data(contentsOf: URL(fileURLWithPath: work + "/out.wav")) == old)
    // No temporary file beside the target, nothing left in $TMPDIR.
    #expect(try FileManager.default.contentsOfDirectory(atPath: work).sorted() == ["doc.html", "out.wav", "tmp"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: work + "/tmp").isEmpty)
  }

  @Test func withRoomTheJoinedFileHoldsEveryRunAndItsHeaderSaysSo() throws {
    let work = try Self.folder("audio-room")
    defer { try? FileManager.default.removeItem(atPath: work) }
    try Data(Self.document.utf8).write(to: URL(fileURLWithPath: work + "/doc.html"))
    let result = try Self.speak(in: work, limit: nil)
    #expect(result.status == 0, "\(result.stderr)")
    let wav = [UInt8](try Data(contentsOf: URL(fileURLWithPath: work + "/out.wav")))
    try #require(wav.count > 44)
    func word(_ at: Int) -> Int {
      Int(wav[at]) | Int(wav[at + 1]) << 8 | Int(wav[at + 2]) << 16 | Int(wav[at + 3]) << 24
    }
    #expect(Array(wav[0..<4]) == Array("RIFF".utf8) && Array(wav[36..<40]) == Array("data".utf8))
    #expect(word(4) == wav.count - 8 && word(40) == wav.count - 44)
    // Three runs of ~6 s each at 22,050 Hz, 16 bits: more than the 400,000 bytes of the test above.
    #expect(wav.count > 600_000, "\(wav.count) bytes")
    #expect(try FileManager.default.contentsOfDirectory(atPath: work + "/tmp").isEmpty)
  }
}
