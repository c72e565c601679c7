import Testing

@testable import Audit

/// ``EmojiRun`` (`emoji-run`): markup it reports, and markup it leaves alone.
@Suite struct EmojiRunTests {
  @Test(
    "reports",
    arguments: [
      "<p>Sale 🎉🎉🎉 now</p>"
    ])
  func reports(_ body: String) throws {
    let findings = try AuditFixture.findings(of: "emoji-run", in: body)
    #expect(findings.count >= 1, "\(body)")
    #expect(findings.allSatisfy { $0.rule == "emoji-run" && $0.act == EmojiRun.descriptor.act })
  }

  @Test(
    "leaves alone",
    arguments: [
      "<p>Sale 🎉 now</p>",
      "<p>Sale 🎉 and 🎉</p>",
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "emoji-run", in: body).isEmpty, "\(body)")
  }
}
