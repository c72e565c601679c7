import Foundation
import Testing

/// Examples/EmbedExample is a program that uses only `import TextRotor`: it must build, link without
/// Foundation, and do what an embedder expects (read, list alerts, speak one).
@Suite struct EmbedExampleTests {
  static var example: URL {
    CLIRunner.binary.deletingLastPathComponent().appendingPathComponent("textrotor-embed-example")
  }

  @Test func theExampleListsTheBrochuresAlertsAndSpeaksTheFirst() throws {
    let process = Process()
    process.executableURL = Self.example
    process.arguments = [CLIRunner.corpus("park-trip-brochure.html")]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let lines = output.split(separator: "\n").map(String.init)
    #expect(lines.first == "6 alerts")
    #expect(lines.contains { $0.hasPrefix("2. critical: Heavy fog expected on the ridge road") })
    // Speech, not text: the date in the first alert is said as a date ("May 30th").
    #expect(
      lines.last
        == "Spoken: East Meadow picnic area closed for maintenance until May 30th. Use the River Bend tables instead.")
  }

  @Test func theExampleIsTwentyLinesThatImportOnlyTextRotor() throws {
    let source = try String(
      contentsOfFile: CLIRunner.packageRoot + "/Examples/EmbedExample/main.swift", encoding: .utf8)
    let imports = source.split(separator: "\n").filter { $0.hasPrefix("import ") }
    #expect(imports == ["import TextRotor"])
    #expect(source.split(separator: "\n").count <= 20)
  }

  @Test func theExampleDoesNotLinkFoundation() throws {
    let binary = try Data(contentsOf: Self.example)
    // A program linked with Foundation names its shared library in its dynamic section.
    #expect(binary.range(of: Data("libFoundation.so".utf8)) == nil)
    #expect(binary.range(of: Data("libFoundationEssentials.so".utf8)) == nil)
  }

  /// The DocC getting-started article is this program: its Swift code blocks, joined in order, are
  /// the program's code (comments aside), and its printed output is what the program prints.
  @Test func theGettingStartedArticleIsTheCompiledProgram() throws {
    let article = try String(
      contentsOfFile: CLIRunner.packageRoot + "/Sources/TextRotor/TextRotor.docc/GettingStarted.md", encoding: .utf8)
    let source = try String(
      contentsOfFile: CLIRunner.packageRoot + "/Examples/EmbedExample/main.swift", encoding: .utf8)
    var blocks: [(fence: String, lines: [String])] = []
    var current: (fence: String, lines: [String])?
    for line in article.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if line.hasPrefix("```") {
        if let open = current {
          blocks.append(open)
          current = nil
        } else {
          current = (String(line.dropFirst(3)), [])
        }
      } else if current != nil {
        current!.lines.append(line)
      }
    }
    let code = blocks.filter { $0.fence == "swift" }.flatMap(\.lines)
    let program = source.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("//") }
    #expect(!code.isEmpty)
    #expect(code == program)

    let printed = try #require(blocks.last { $0.fence.isEmpty }).lines
    let process = Process()
    process.executableURL = Self.example
    process.currentDirectoryURL = URL(fileURLWithPath: CLIRunner.packageRoot)
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(output.split(separator: "\n").map(String.init) == printed)
  }
}
