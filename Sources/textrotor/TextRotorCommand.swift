import ArgumentParser
import Foundation

@main
struct TextRotorCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "textrotor",
    abstract: "Make documents navigable and speakable for people who do not look at the screen.",
    discussion: """
      Reads HTML, XML notes and plain text; finds e-mail addresses, links, phone numbers and alerts; \
      moves between them like a screen reader's rotor; renders text so speech says it right.
      """,
    version: "0.1.0",
    subcommands: [
      ParseCommand.self, DetectCommand.self, RotorCommand.self, BrowseCommand.self, SpeakCommand.self,
      BatchCommand.self,
    ]
  )

  /// Runs the command; a usage error exits with status 2 as the CLI contract says (ArgumentParser's own is 64).
  static func main() {
    StandardStreams.occupyClosedDescriptors()
    do {
      var command = try parseAsRoot()
      if !(command is BatchCommand) { useOneMallocArena() }
      try command.run()
    } catch {
      let code = exitCode(for: error)
      if code == .validationFailure {
        StandardStreams.error(fullMessage(for: error))
        Foundation.exit(2)
      }
      exit(withError: error)
    }
  }
}

/// One document is read on at most two threads (detection puts phone numbers on the second core).
/// glibc gives that thread its own malloc arena, and what it frees there the main thread never
/// reuses: speaking 50 MB of text peaked 19 MB higher (3.46× the input instead of 3.1×). One arena
/// keeps freed memory reusable; the two threads rarely allocate at the same moment (measured: no
/// slower). `batch` keeps glibc's default: its workers allocate all the time, each on its own file.
private func useOneMallocArena() {
  #if os(Linux)
    _ = glibcMallopt(-8, 1)  // M_ARENA_MAX (malloc.h)
  #endif
}

#if os(Linux)
  /// glibc's `mallopt`, which Swift's Glibc module does not export (integer arguments and result: the
  /// C calling convention).
  @_silgen_name("mallopt") private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif
