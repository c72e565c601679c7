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
    // Speech, not text: "10:30" in the second alert would be spoken as a time; the first is spoken as written.
    #expect(
      lines.last
        == "Spoken: East Meadow picnic area closed for maintenance until May 30. Use the River Bend tables instead.")
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
}
