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
