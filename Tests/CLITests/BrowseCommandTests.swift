import Foundation
import Testing

@Suite struct BrowseCommandTests {
  let brochure = CLIRunner.corpus("park-trip-brochure.html")

  @Test func scriptedBrowsePrintsOneLinePerCommand() throws {
    let script = "rotor alerts\nnext\nnext\nprevious\n"
    let result = try CLIRunner.run(["browse", brochure], input: Data(script.utf8))
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(lines.count == 4)
    #expect(lines[0] == "Alerts, 6 items")
    #expect(lines[1].hasPrefix("Alert, 1 of 6: East Meadow picnic area closed"))
    #expect(lines[2].hasPrefix("Alert, critical, 2 of 6: Heavy fog"))
    #expect(lines[3] == lines[1])
  }

  @Test func outputHasNoEscapeSequencesOrColour() throws {
    let result = try CLIRunner.run(["browse", brochure], input: Data("rotor headings\nnext\nhelp\nsay\n".utf8))
    #expect(!result.stdout.contains("\u{1B}"))
  }

  static let python3 = ["/usr/bin/python3", "/usr/local/bin/python3"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  // Drives the binary under a pseudo-terminal with Python's pty module (.ci/run installs python3).
  @Test(.disabled(if: python3 == nil, "python3 drives the pseudo-terminal and is not installed"))
  func theArrowKeysAndLettersWorkInARealTerminal() throws {
    let driver = """
      import os, pty, sys, time, select
      pid, fd = pty.fork()
      if pid == 0:
          os.environ["SWIFT_BACKTRACE"] = "enable=no"
          os.execv(sys.argv[1], [sys.argv[1], "browse", sys.argv[2]])
      out = b""
      def pump(seconds):
          global out
          end = time.time() + seconds
          while time.time() < end:
              r, _, _ = select.select([fd], [], [], 0.05)
              if r:
                  try:
                      data = os.read(fd, 4096)
                  except OSError:
                      return
                  if not data:
                      return
                  out += data
      pump(3)
      for keys in [b"\\x1b[C", b"\\x1b[C", b"\\x1b[B", b"\\x1b[B", b"\\x1b[A", b"h", b"\\x04"]:
          os.write(fd, keys)
          pump(0.6)
      pump(1)
      sys.stdout.write(out.decode("utf-8", "replace"))
      """
    let script = FileManager.default.temporaryDirectory.appendingPathComponent("pty-\(UUID().uuidString).py")
    try driver.write(to: script, atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["timeout", "30", "python3", script.path, CLIRunner.binary.path, brochure]
    // Browse keeps its place under $XDG_STATE_HOME: a fresh folder, never the real home.
    let state = try freshFolder("state")
    defer { try? FileManager.default.removeItem(atPath: state) }
    process.environment = ProcessInfo.processInfo.environment.merging(["XDG_STATE_HOME": state]) { _, new in new }
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let screen = String(decoding: data, as: UTF8.self)
    #expect(screen.contains("Press F1 for help"))
    #expect(screen.contains("Links, 7 items"))
    #expect(screen.contains("Alerts, 6 items"))
    #expect(screen.contains("Alert, 1 of 6: East Meadow"))
    #expect(screen.contains("Alert, critical, 2 of 6: Heavy fog"))
    #expect(screen.contains("Goodbye"))
  }
}
