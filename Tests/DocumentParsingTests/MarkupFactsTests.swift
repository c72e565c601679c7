import Testing
import TextModel

@testable import DocumentParsing

/// The markup facts the audit reads: kept only when asked, with names, attributes, nesting, text and
/// positions.
@Suite struct MarkupFactsTests {
  static let page =
    "<html lang=\"en\"><body>\n<p id=\"a\">Hi <b>there</b></p>\n<img src=\"x.png\" alt=\"\"></body></html>"

  @Test func aReadKeepsNoFactsUnlessAsked() throws {
    let document = try DocumentReader().read(bytes: Array(Self.page.utf8), format: .html)
    #expect(document.markupFacts == nil)
  }

  @Test func factsHoldElementsAttributesTextAndPositions() throws {
    var options = ReaderOptions.default
    options.collectsMarkupFacts = true
    let document = try DocumentReader(options: options).read(bytes: Array(Self.page.utf8), format: .html)
    let facts = try #require(document.markupFacts)
    #expect(facts.elements.map(\.name) == ["html", "body", "p", "b", "img"])
    let p = facts.elements[2]
    #expect(p["id"] == "a" && p.parent == 1)
    #expect(facts.textContent(of: 2) == "Hi there")
    #expect(p.line == 2)
    #expect(facts.elements[4]["alt"] == "")
    #expect(facts.elements[4].line == 3)
    #expect(facts.descendants(of: 2) == 3..<4)
    #expect(Array(facts.ancestors(of: 3)) == [2, 1, 0])
    // The document itself is the one read without facts.
    var plain = try DocumentReader().read(bytes: Array(Self.page.utf8), format: .html)
    plain.markupFacts = nil
    #expect(plain.text == document.text)
  }
}
