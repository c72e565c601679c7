import DocumentParsing
import TestSupport
import Testing
import TextModel

@testable import Audit

/// ``AuditPage`` and ``ElementTable``: the flat facts read as the markup facts say, names worked
/// out once, white space collapsed as the Character split collapses it.
@Suite(.tags(.threadSafety)) struct AuditPageTests {
  static let html = """
    <html lang="en"><head><title>T</title></head><body>
    <p id="a" class="x">Hi <b>there</b> <a href="/x">more</a></p>
    <table><tr><th>H</th></tr><tr><td>1</td></tr></table>
    <img src="x.png" alt="A cat"></body></html>
    """

  static func page(_ html: String = html) throws -> AuditPage {
    var options = ReaderOptions.default
    options.collectsMarkupFacts = true
    let document = try DocumentReader(options: options).read(bytes: Array(html.utf8), format: .html)
    return AuditPage(document: document)
  }

  @Test func theTableReadsAsTheMarkupFacts() throws {
    let page = try Self.page()
    let facts = page.facts
    #expect(page.elementCount == facts.elements.count)
    for index in facts.elements.indices {
      let element = facts.elements[index]
      #expect(page.name(index) == element.name.lowercased())
      #expect(page.parent(index) == element.parent)
      #expect(page.attributes(of: index).map(\.name) == element.attributes.map(\.name))
      #expect(page.attributes(of: index).map(\.value) == element.attributes.map(\.value))
      for attribute in element.attributes { #expect(page.attribute(index, attribute.name) == element[attribute.name]) }
      #expect(page.attribute(index, "nonexistent") == nil)
      #expect(Array(page.children(of: index)) == element.children)
      #expect(page.textContent(of: index) == facts.textContent(of: index))
      #expect(page.descendants(of: index) == facts.descendants(of: index))
      #expect(Array(page.ancestors(of: index)) == Array(facts.ancestors(of: index)))
    }
  }

  @Test func whatAStyleSheetHidesIsOutOfTheAccessibilityTree() throws {
    // Issue 56: `display: none` from a `<style>` sheet hid the element from the reader, not the audit.
    let page = try Self.page(
      """
      <html lang="en"><head><title>T</title><style>.gone { display: none } #quiet { visibility: hidden }</style>
      </head><body><div class="gone"><img src="a.png"></div><p id="quiet">Q</p><p>Shown</p></body></html>
      """)
    let hidden = page.elementIndices.filter { page.excluded[$0] }.map { page.name($0) }
    #expect(hidden == ["head", "title", "style", "div", "img", "p"])
    #expect(page.name(page.elementIndices.last!) == "p" && !page.excluded[page.elementIndices.last!])
  }

  @Test func accessibleNamesAreKeptAndTheSameEachTime() throws {
    let page = try Self.page()
    let link = try #require(page.elementIndices.first { page.name($0) == "a" })
    #expect(page.caches.accessibleNames[link] == nil)
    #expect(page.accessibleName(link) == "more")
    #expect(page.caches.accessibleNames[link] == "more")
    #expect(page.accessibleName(link) == "more")
    let paragraph = try #require(page.elementIndices.first { page.name($0) == "p" })
    #expect(page.accessibleName(paragraph) == "")  // a paragraph is not named from content
  }

  /// Strings where a white-space byte is not a Character of its own (a combining mark after a
  /// space, CR LF, a prepended concatenation mark before a space) beside plain ones.
  @Test(
    arguments: [
      "", " ", "  a  b  ", "a\tb\nc\u{0C}d\re", "a\r\nb", "a \u{301}b", "a \u{301} b", "\u{600} x", "x \u{200D}y",
      "日本 語", "Section 0 — Visitor", "👍🏽 👍 ok", "a\u{0B}b", "\r\n", " \r", "\n\r", "a \u{E33}b",
    ])
  func collapsingMatchesTheCharacterSplit(_ text: String) throws {
    let page = try Self.page("<p>x</p>")
    #expect(page.collapse(text) == text.tokens.joined(separator: " "), "\(Array(text.unicodeScalars))")
  }
}
