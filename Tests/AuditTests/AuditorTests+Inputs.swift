import DocumentParsing
import Testing
import TextModel

@testable import Audit

/// Which rules run on which input formats (the table's `formats`), and where a finding in a
/// document read from several inputs (a book) is: its entry, and the line and column inside it.
extension AuditorTests {
  @Test func markdownAndTextGetNoPageRules() throws {
    var options = ReaderOptions.default
    options.collectsMarkupFacts = true
    let markdown = try DocumentReader(options: options).read(
      bytes: Array("# Trail notes\n\nOpen daily.\n".utf8), format: .markdown)
    #expect(Auditor().audit(markdown).isEmpty)
    let text = try DocumentReader(options: options).read(bytes: Array("Trail notes.\n".utf8), format: .text)
    #expect(Auditor().audit(text).isEmpty)
    // The same page as HTML still gets them.
    let html = try DocumentReader(options: options).read(bytes: Array("<h1>Trail notes</h1>".utf8), format: .html)
    #expect(Auditor().audit(html).map(\.rule).contains("document-title"))
  }

  @Test func everyRuleDeclaresItsFormatsAndThePageRulesLeaveOutMarkdownAndText() {
    let descriptors = AuditRules.all.map { rule in rule.descriptor }
    let pageOnly = descriptors.filter { !$0.applies(to: .markdown) }.map { $0.name }
    #expect(
      pageOnly == [
        "document-title", "html-has-lang", "html-lang-valid", "html-lang-mismatch", "meta-refresh", "meta-viewport",
      ])
    for descriptor in descriptors where !pageOnly.contains(descriptor.name) {
      #expect(descriptor.formats == AuditRuleDescriptor.everyFormat)
    }
    #expect(AuditRules.markdownTable.contains("| error | html, xml, epub, docx | The page has a title"))
  }

  @Test func aFindingInABookNamesItsEntryAndTheLineInsideIt() throws {
    let first = try DocumentReader().read(bytes: Array("<p>One.</p>\n<p>Two.</p>".utf8), format: .html)
    let second = try DocumentReader().read(
      bytes: Array("<p>Three.</p>\n<p>Mail ann@example.org today.</p>".utf8), format: .html)
    var book = TextDocument(format: .epub, text: "")
    book.append(first, name: "OEBPS/a.xhtml")
    book.append(second, name: "OEBPS/b.xhtml")
    let findings = Auditor(rules: ["contact-not-linked"]).audit(book)
    #expect(findings.map(\.entry) == ["OEBPS/b.xhtml"])
    #expect(findings.map(\.line) == [2])
    #expect(findings.map(\.column) == [9])
  }
}
