import DocumentParsing
import Testing
import TextModel

@testable import Audit

/// Names of elements nested in elements named from their content (links in links, buttons in
/// buttons, labels around labels): each subtree's share is worked out once (``NameState``), so a
/// page's names cost a few steps an element, not its depth (issue 55: the audit fuzz target's
/// 10-second timeout on nested links).
extension AuditPageTests {
  /// Every element of `page` named `tag` (or with `role`), outermost first.
  static func elements(_ page: AuditPage, role: String) -> [Int] {
    page.elementIndices.filter { page.role($0) == role }
  }

  @Test(
    "the names of 20,000 nested elements named from content cost a few steps an element",
    .timeLimit(.minutes(1)),
    arguments: [
      ("<span role=\"link\" tabindex=\"0\">", "</span>", "link"),
      ("<div role=\"button\">", "</div>", "button"),
      ("<h2><span role=\"link\">", "</span></h2>", "link"),
    ])
  func nestedNamesAreLinear(_ open: String, _ close: String, _ role: String) throws {
    let count = 20_000
    let page = try Self.page(
      AuditFixture.page(
        String(repeating: open, count: count) + "Trail <b>map</b>" + String(repeating: close, count: count)),
      maximumDepth: 2 * count + 10)
    let named = Self.elements(page, role: role)
    #expect(named.count == count)
    for element in named { #expect(page.accessibleName(element) == "Trail map") }
    // b61ffed walked each element's whole subtree: 200 million steps here (89 s in a release build).
    #expect(page.caches.names.steps <= 4 * page.elementCount, "\(page.caches.names.steps) steps")
  }

  @Test func aLabelledByTargetInsideASubtreeTakenWholeIsAlreadyVisited() throws {
    // The inner link's name keeps <b>'s share; the outer one takes it whole, then reaches <i>
    // again through aria-labelledby: visited once already, it adds nothing (accname: each node once).
    let page = try Self.page(
      AuditFixture.page(
        "<div role=\"link\" tabindex=\"0\"><span role=\"link\" tabindex=\"0\"><b><i id=\"t\">Trail</i> map</b></span>"
          + "<span aria-labelledby=\"t\"></span></div>"), maximumDepth: 256)
    let links = Self.elements(page, role: "link")
    #expect(page.accessibleName(links[1]) == "Trail map")
    #expect(page.accessibleName(links[0]) == "Trail map")
  }

  @Test func aShareWorkedOutInsideALabelledByTraversalIsNotKept() throws {
    // The first link's name reads the span through aria-labelledby, where <i>'s own
    // aria-labelledby is not followed (accname 2B): "Park". The second link walks the same <b>
    // outside any traversal, where it is followed: "Zoo".
    let page = try Self.page(
      AuditFixture.page(
        "<a href=\"/x\" aria-labelledby=\"l\"></a><div role=\"link\" tabindex=\"0\"><span id=\"l\"><b>"
          + "<i aria-labelledby=\"z\">Park</i></b></span></div><span id=\"z\">Zoo</span>"), maximumDepth: 256)
    let links = Self.elements(page, role: "link")
    #expect(page.accessibleName(links[0]) == "Park")
    #expect(page.accessibleName(links[1]) == "Zoo")
  }

  @Test func aShareThatHoldsTheLabelledControlIsNotTakenForItsLabel() throws {
    // The link's name keeps <b>'s share, which holds the field's value; the field's own label
    // walks <b> again, where the field (visited first) adds nothing.
    let page = try Self.page(
      AuditFixture.page(
        "<label><span role=\"link\" tabindex=\"0\"><b>Park <input type=\"text\" value=\"foo\"></b></span></label>"),
      maximumDepth: 256)
    let link = try #require(Self.elements(page, role: "link").first)
    let field = try #require(page.elementIndices.first { page.name($0) == "input" })
    #expect(page.accessibleName(link) == "Park foo")
    #expect(page.accessibleName(field) == "Park")
  }

  @Test func nestedLinksAreReportedAtTheirOwnPlaces() throws {
    // Links in links, the innermost empty: its name is blank, and so is each around it.
    let marked =
      "<div>" + String(repeating: "⟦<span role=\"link\" tabindex=\"0\">⟧", count: 3) + "<img alt=\"\">"
      + String(repeating: "</span>", count: 3) + "</div><span role=\"link\" tabindex=\"0\">Map</span>"
    let result = try MarkedFindings("link-name", marked)
    #expect(result.positions == result.expected)
    #expect(result.messages == Array(repeating: "link has no accessible name", count: 3))
  }
}
