import Foundation
import TestSupport
import Testing

@testable import Audit

/// The rule table: names unique, every ACT rule of the suite covered, and docs/AUDIT.md's rule list
/// generated from it (re-record with TEXTROTOR_RECORD_DOCS=1).
@Suite(.tags(.threadSafety)) struct AuditRulesTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  @Test func ruleNamesAreUnique() {
    let names = AuditRules.all.map { $0.descriptor.name }
    #expect(Set(names).count == names.count)
  }

  @Test func theTwentySixACTRulesAreCovered() {
    let ids = Set(AuditRules.all.flatMap { $0.descriptor.act })
    let expected: Set<String> = [
      "23a2a8", "2779a5", "2t702h", "46ca7f", "59796f", "5f99a7", "674b10", "6a7281", "7d6734", "8fc3b6", "97a4e1",
      "a25f45", "b4f0c3", "b5c3f8", "bc659a", "bf051a", "bisz58", "c487ae", "cae760", "d0f69e", "de46e4", "e086e5",
      "e88epe", "ffd0e9", "off6ek", "ucwvc8",
    ]
    #expect(ids == expected)
  }

  @Test func docsRuleListIsGeneratedFromTheTable() throws {
    let url = Self.root.appendingPathComponent("docs/AUDIT.md")
    let text = try String(contentsOf: url, encoding: .utf8)
    let begin = "<!-- rules: generated from AuditRules.all -->\n"
    let end = "<!-- end of rules -->"
    let start = try #require(text.range(of: begin))
    let stop = try #require(text.range(of: end, range: start.upperBound..<text.endIndex))
    let current = String(text[start.upperBound..<stop.lowerBound])
    if ProcessInfo.processInfo.environment["TEXTROTOR_RECORD_DOCS"] == "1" {
      try (String(text[..<start.upperBound]) + AuditRules.markdownTable + String(text[stop.lowerBound...]))
        .write(to: url, atomically: true, encoding: .utf8)
      return
    }
    #expect(current == AuditRules.markdownTable)
  }

  @Test func languageSubtagsComeFromTheRegistry() {
    #expect(LanguageTag.isValid("en") && LanguageTag.isValid("zh-Hant") && LanguageTag.isValid("FR"))
    #expect(LanguageTag.isValid("yue") && LanguageTag.isValid("iw"))
    #expect(!LanguageTag.isValid("eng") && !LanguageTag.isValid("english") && !LanguageTag.isValid("i-lux"))
  }

  @Test func findingsAreInSourceOrderWithPositions() throws {
    let findings = try AuditFixture.findings(
      AuditFixture.page("<h1></h1>\n<img src=\"a.png\">"), rules: ["empty-heading", "image-alt"])
    #expect(findings.map(\.rule) == ["empty-heading", "image-alt"])
    #expect(findings.map(\.line) == [1, 2])
    #expect(findings[1].snippet == "<img src=\"a.png\">")
    #expect(findings[1].sourceOffset > findings[0].sourceOffset)
  }

  @Test func aDocumentWithoutMarkupHasOnlyTextFindings() throws {
    let document = try DocumentParsingBridge.text("Mail ann@example.org 🎉🎉🎉")
    let findings = Auditor().audit(document)
    #expect(Set(findings.map(\.rule)) == ["contact-not-linked", "emoji-run"])
  }
}
