import Foundation
import Testing

/// Issue 55, row 16 (the CLI's part): a rotor name that does not exist, a book's rotor that this
/// document lacks, and the top-level help. Each fails on 034130b.
@Suite struct RotorChoiceTests {
  static let builtIn =
    "headings, links, alerts, warnings, landmarks, emails, phones, lists, tables, images, blockquotes, listitems, heading1, heading2, heading3, heading4, heading5, heading6"

  @Test func anUnknownRotorIsNamedWithTheRotorsAndTheCommandsUsage() throws {
    for command in ["rotor", "browse"] {
      let result = try CLIRunner.run([command, CLIRunner.corpus("park-trip-brochure.html"), "--rotor", "bogus"])
      #expect(result.status == 2)
      #expect(
        result.stderr.hasPrefix(
          "Error: unknown rotor \"bogus\"; rotors: \(Self.builtIn); in a book also contents, pages, guide, notes\n"),
        "\(command): \(result.stderr)")
      // 034130b: rotor's refusal came after reading, with the root's "Usage: textrotor <subcommand>".
      #expect(result.stderr.contains("Usage: textrotor \(command) "), "\(command): \(result.stderr)")
      #expect(!result.stderr.contains("<subcommand>"))
    }
  }

  @Test func aBooksRotorThisDocumentLacksSaysWhatIsMissing() throws {
    let book = CLIRunner.packageRoot + "/Fuzz/seeds/epub/w3c__pkg-spine-order.epub"
    let page = CLIRunner.corpus("park-trip-brochure.html")
    for (file, name) in [(book, "w3c__pkg-spine-order.epub"), (page, "park-trip-brochure.html")] {
      let rotor = try CLIRunner.run(["rotor", file, "--rotor", "pages"])
      #expect(rotor.status == 2)
      #expect(
        rotor.stderr.hasPrefix(
          "textrotor: \(file): this document has no print pages (no page list), so it has no \"pages\" rotor; rotors here: headings,"
        ),
        "\(name): \(rotor.stderr)")
      #expect(!rotor.stderr.contains("unknown rotor") && !rotor.stderr.contains("Usage:"))
      // 034130b: browse started and said "No rotor named pages" at the first move, exit 0.
      let browse = try CLIRunner.run(["browse", file, "--rotor", "pages"], input: Data("next\nquit\n".utf8))
      #expect(browse.status == 2)
      #expect(browse.stderr.contains("this document has no print pages"), "\(name): \(browse.stderr)")
      #expect(browse.stdout.isEmpty)
    }
    let contents = try CLIRunner.run(["rotor", book, "--rotor", "contents", "--list"])
    #expect(contents.status == 0, "\(contents.stderr)")
  }

  @Test func theTopLevelHelpListsEveryFormatReadToday() throws {
    let help = try CLIRunner.run(["--help"])
    #expect(help.status == 0)
    let text = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(text.contains("Reads HTML, XML, plain text, Markdown, EPUB books and Word (DOCX) files;"), "\(help.stdout)")
    #expect(!text.contains("HTML, XML notes and plain text"))
  }
}
