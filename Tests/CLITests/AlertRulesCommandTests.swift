import Foundation
import Testing

@Suite struct AlertRulesCommandTests {
  /// `detect --rules` was silently ignored for plain text and standard input.
  @Test func aRulesFileAppliesToStandardInput() throws {
    let rules = FileManager.default.temporaryDirectory.appendingPathComponent("textrotor-\(UUID().uuidString).rules")
    try "cue  Heads up  critical\n".write(to: rules, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: rules) }
    let result = try CLIRunner.run(
      ["detect", "--rules", rules.path, "--format", "text", "--input", "text"],
      input: Data("Intro.\n\nHeads up: the gate locks at 6.\n".utf8))
    #expect(result.status == 0)
    #expect(result.stdout == "alert 3:1 Heads up: the gate locks at 6. → critical\n")
  }
}
