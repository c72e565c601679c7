import ArgumentParser

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
    subcommands: [ParseCommand.self]
  )
}
