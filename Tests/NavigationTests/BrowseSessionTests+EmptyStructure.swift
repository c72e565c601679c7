import Detection
import DocumentParsing
import Navigation
import Testing
import TextModel

/// Issue 56: a heading, link or named landmark with no text is reached and named as a screen
/// reader names it: "heading level 2", a link by its target's file name.
extension BrowseSessionTests {
  static let emptyStructure = """
    <h1>Feeds</h1><h2></h2><p>See <a href="/feeds/rss.xml?v=2"><img src="rss.png"></a> here</p>
    <nav aria-label="Site"></nav><p>Mail <a href="mailto:ann@example.org"></a></p>
    """

  @Test func emptyStructureIsReachedAndNamedAsAScreenReaderNamesIt() throws {
    let document = try TextDocument(parsingHTML: Array(Self.emptyStructure.utf8))
    let index = RotorIndex(document: document, detections: DocumentDetector().detect(in: document))
    var browse = BrowseSession(index: index)
    #expect(browse.perform("rotor headings") == "Headings, 2 items")
    #expect(browse.perform("next") == "Heading level 1, 1 of 2: Feeds")
    #expect(browse.perform("next") == "Heading level 2, 2 of 2")
    #expect(browse.perform("rotor links") == "Links, 1 item")
    #expect(browse.perform("next") == "Link, rss.xml, 1 of 1")
    #expect(browse.perform("rotor emails") == "E-mail addresses, 1 item")
    #expect(browse.perform("next") == "E-mail address, 1 of 1: ann@example.org")
    #expect(browse.perform("rotor landmarks") == "Landmarks, 1 item")
    #expect(browse.perform("previous") == "Navigation landmark, Site, 1 of 1")
    let links = try #require(index.rotor(.links))
    #expect(links.entries.map(\.label) == ["rss.xml"])
    #expect(links.entries.map(\.range) == [TextRange(start: 9, end: 9)])
    let emails = try #require(index.rotor(.emails))
    #expect(emails.entries.map(\.label) == ["ann@example.org"])
    #expect(emails.entries.map(\.range) == [TextRange(start: 19, end: 19)])
  }
}
