import Testing

@testable import Audit

/// ``HTMLHasLang`` (`html-has-lang`, ACT b5c3f8), clause by clause of the rule text: each marked
/// start tag is where a finding is expected.
@Suite struct HTMLHasLangTests {
  static let rule = "html-has-lang"

  @Test(
    "an html element of a text/html page without a lang value is reported",
    arguments: [
      ("⟦<html>⟧<head><title>T</title></head><body>x</body></html>", "<html> has no lang attribute"),
      // Expectation: xml:lang is not lang.
      ("⟦<html xml:lang=\"en\">⟧<head><title>T</title></head><body>x</body></html>", "<html> has no lang attribute"),
      // Expectation: neither empty nor only ASCII white space.
      ("⟦<html lang=\"\">⟧<head><title>T</title></head><body>x</body></html>", "<html>'s lang attribute is empty"),
      ("⟦<html lang=\" \t\">⟧<head><title>T</title></head><body>x</body></html>", "<html>'s lang attribute is empty"),
    ] as [(String, String)])
  func reports(_ html: String, _ message: String) throws {
    let result = try MarkedFindings(Self.rule, html)
    #expect(result.positions == result.expected, "\(html)")
    #expect(result.messages == [message], "\(html)")
  }

  @Test(
    "a lang value, a root that is not html, or another content type passes",
    arguments: [
      "<html lang=\"en\"><head><title>T</title></head><body>x</body></html>",
      // Only ASCII white space counts as empty: U+00A0 is a value (whether it is valid is bf051a's).
      "<html lang=\"\u{A0}\"><head><title>T</title></head><body>x</body></html>",
    ])
  func passes(_ html: String) throws {
    #expect(try MarkedFindings(Self.rule, html).findings.isEmpty, "\(html)")
  }

  @Test("an XHTML document is not text/html, so the rule does not apply")
  func xhtmlDoesNotApply() throws {
    let html =
      "<html xmlns=\"http://www.w3.org/1999/xhtml\" xml:lang=\"en\"><head><title>T</title></head><body>x</body></html>"
    let document = try AuditFixture.document(html)
    let auditor = Auditor(rules: [Self.rule])
    #expect(auditor.audit(document, contentType: Auditor.contentType(forPath: "page.xhtml")).isEmpty)
    #expect(auditor.audit(document, contentType: Auditor.contentType(forPath: "page.XHT")).isEmpty)
    #expect(auditor.audit(document, contentType: Auditor.contentType(forPath: "drawing.svg")).isEmpty)
    #expect(
      auditor.audit(document, contentType: Auditor.contentType(forPath: "page.html")).map(\.message) == [
        "<html> has no lang attribute"
      ])
  }
}
