import Testing

@testable import Audit

/// ``PageTitle`` (`document-title`, ACT 2779a5), clause by clause of the rule text: each marked
/// start tag is where a finding is expected.
@Suite struct PageTitleTests {
  static let rule = "document-title"

  @Test(
    "a page without a title, or whose first title is empty, is reported there",
    arguments: [
      // Expectation 1: a descendant title element.
      ("<!doctype html>⟦<html lang=\"en\">⟧<head></head><body>x</body></html>", "the page has no <title>"),
      // Expectation 1: an SVG title, a template's content, are not the page's.
      (
        "<!doctype html>⟦<html lang=\"en\">⟧<body><svg><title>Logo</title></svg></body></html>",
        "the page has no <title>"
      ),
      (
        "<!doctype html>⟦<html lang=\"en\">⟧<body><template><title>T</title></template></body></html>",
        "the page has no <title>"
      ),
      // Expectation 2: the first title's text is only white space (Unicode White_Space).
      (
        "<!doctype html><html lang=\"en\"><head>⟦<title>⟧ </title></head><body>x</body></html>",
        "the page's <title> is empty"
      ),
      (
        "<!doctype html><html lang=\"en\"><head>⟦<title>⟧&nbsp;\u{3000}</title></head><body>x</body></html>",
        "the page's <title> is empty"
      ),
      // Expectation 2: the first title decides, not a later one.
      (
        "<!doctype html><html lang=\"en\"><head>⟦<title>⟧</title><title>Home</title></head><body>x</body></html>",
        "the page's <title> is empty"
      ),
    ] as [(String, String)])
  func reports(_ html: String, _ message: String) throws {
    let result = try MarkedFindings(Self.rule, html)
    #expect(result.positions == result.expected, "\(html)")
    #expect(result.messages == [message], "\(html)")
  }

  @Test(
    "a page whose first title has text passes, wherever the title is",
    arguments: [
      "<!doctype html><html lang=\"en\"><head><title>Home</title></head><body>x</body></html>",
      // The first title has text; a later empty one does not matter.
      "<!doctype html><html lang=\"en\"><head><title>Home</title><title></title></head><body>x</body></html>",
      // A title outside <head> is still a descendant of the root.
      "<!doctype html><html lang=\"en\"><body><title>Home</title><p>x</p></body></html>",
    ])
  func passes(_ html: String) throws {
    #expect(try MarkedFindings(Self.rule, html).findings.isEmpty, "\(html)")
  }

  @Test("an SVG document's root is not html, so the rule does not apply")
  func svgDoesNotApply() throws {
    let document = try AuditFixture.document("<svg xmlns=\"http://www.w3.org/2000/svg\"><text>x</text></svg>")
    let auditor = Auditor(rules: [Self.rule])
    #expect(auditor.audit(document, contentType: Auditor.contentType(forPath: "logo.svg")).isEmpty)
  }
}
