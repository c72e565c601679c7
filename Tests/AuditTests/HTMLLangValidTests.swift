import Testing

@testable import Audit

/// ``HTMLLangValid`` (`html-lang-valid`): markup it reports, and markup it leaves alone.
@Suite struct HTMLLangValidTests {
  @Test(
    "reports",
    arguments: [
      (
        "⟦<html lang=\"english\">⟧<head><title>T</title></head><body>x</body></html>",
        ["lang=\"english\" is not a valid language tag"]
      ),
      (
        "⟦<html lang=\"#1\">⟧<head><title>T</title></head><body>x</body></html>",
        ["lang=\"#1\" is not a valid language tag"]
      ),
    ] as [(String, [String])])
  func reports(_ marked: String, _ messages: [String]) throws {
    let result = try MarkedFindings("html-lang-valid", marked)
    #expect(result.positions == result.expected, "\(marked)")
    #expect(result.messages == messages, "\(marked)")
  }

  @Test(
    "leaves alone",
    arguments: [
      "<html lang=\"en-US\"><head><title>T</title></head><body>x</body></html>",
      "<html lang=\"FR\"><head><title>T</title></head><body>x</body></html>",
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "html-lang-valid", in: body).isEmpty, "\(body)")
  }
}
