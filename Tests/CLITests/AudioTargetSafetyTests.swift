import Foundation
import Testing

/// Issue 9, item 1: `--audio` never deletes or overwrites anything but its target, and that last.
@Suite struct AudioTargetSafetyTests {
  @Test func aFolderIsRefusedAndLeftAsItWas() throws {
    let folder = try freshFolder("audio-dir")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let target = folder + "/music"
    try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
    try Data("keep me".utf8).write(to: URL(fileURLWithPath: target + "/song.txt"))
    let result = try CLIRunner.run([
      "speak", CLIRunner.corpus("hiking-checklist.txt"), "--range", "0..80", "--audio", target,
    ])
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("textrotor: \(target): is a folder"))
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    #expect(contents(of: target) == ["song.txt"])
    #expect(try String(contentsOfFile: target + "/song.txt", encoding: .utf8) == "keep me")
    #expect(contents(of: folder) == ["music"])
  }

  /// Special files are made in the test's own folder, never taken from /dev: a regression would
  /// replace them (the old code replaced /dev/null with a regular file when run as root).
  @Test func aSymbolicLinkAFIFOASocketAndADeviceAreRefused() throws {
    let folder = try freshFolder("audio-special")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data("precious".utf8).write(to: URL(fileURLWithPath: folder + "/real.wav"))
    try FileManager.default.createSymbolicLink(atPath: folder + "/link.wav", withDestinationPath: folder + "/real.wav")
    #expect(mkfifo(folder + "/fifo.wav", 0o600) == 0)
    let made = try CLIRunner.shell(
      #"python3 -c 'import socket,sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])' "$F/socket.wav"; "#
        + #"mknod "$F/device.wav" c 1 3 2>/dev/null || true"#, environment: ["F": folder])
    #expect(made.status == 0, "\(made.stderr)")
    let before = contents(of: folder)
    #expect(before.contains("socket.wav"))
    for name in ["link.wav", "fifo.wav", "socket.wav", "device.wav"] where before.contains(name) {
      let target = folder + "/" + name
      let result = try CLIRunner.shell(
        #"timeout 60 "$TEXTROTOR" speak "$DOC" --range 0..80 --audio "$TARGET""#,
        environment: ["DOC": CLIRunner.corpus("hiking-checklist.txt"), "TARGET": target])
      #expect(result.status == 1, "\(target): \(result.stderr)")
      #expect(result.stderr.hasPrefix("textrotor: \(target): is "), "\(result.stderr)")
      var status = stat()
      #expect(lstat(target, &status) == 0 && status.st_mode & S_IFMT != S_IFREG, "\(target) was replaced")
    }
    #expect(try String(contentsOfFile: folder + "/real.wav", encoding: .utf8) == "precious")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/link.wav") == folder + "/real.wav")
    #expect(contents(of: folder) == before)
  }

  @Test func anExistingFileIsReplacedWholeAndKeepsItsPermissions() throws {
    let folder = try freshFolder("audio-replace")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let target = folder + "/out.wav"
    try Data("old".utf8).write(to: URL(fileURLWithPath: target))
    #expect(chmod(target, 0o640) == 0)
    let result = try CLIRunner.run([
      "speak", CLIRunner.corpus("hiking-checklist.txt"), "--range", "0..80", "--audio", target,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let data = try Data(contentsOf: URL(fileURLWithPath: target))
    #expect(data.prefix(4) == Data("RIFF".utf8) && data.count > 10_000)
    let attributes = try FileManager.default.attributesOfItem(atPath: target)
    #expect((attributes[.posixPermissions] as? Int) == 0o640)
    #expect(contents(of: folder) == ["out.wav"])
  }

  @Test func aFailureLeavesTheExistingFileAndNoTemporaryFile() throws {
    let folder = try freshFolder("audio-fail")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let target = folder + "/out.wav"
    try Data("old".utf8).write(to: URL(fileURLWithPath: target))
    // An empty range has nothing to speak: the command fails after the temporary file was made.
    let result = try CLIRunner.run([
      "speak", CLIRunner.corpus("hiking-checklist.txt"), "--range", "0..0", "--audio", target,
    ])
    #expect(result.status == 1)
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "old")
    #expect(contents(of: folder) == ["out.wav"])
  }
}
