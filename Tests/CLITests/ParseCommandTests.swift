import Foundation
import Testing

@Suite struct ParseCommandTests {
  @Test func aMissingFileIsAnInputErrorNamingTheFile() throws {
    let result = try CLIRunner.run(["parse", "/no/such/brochure.html"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("/no/such/brochure.html"))
    #expect(result.stdout.isEmpty)
  }

  @Test func htmlFromStandardInputIsSniffed() throws {
    let result = try CLIRunner.run(["parse"], input: Data("<!doctype html><h1>Hi</h1><p>there</p>".utf8))
    #expect(result.status == 0)
    #expect(result.stdout == "Heading 1: Hi\nthere\n")
  }
}
