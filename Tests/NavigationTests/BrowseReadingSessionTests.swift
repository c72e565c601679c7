import Detection
import DocumentParsing
import Navigation
import Testing
import TextModel

/// Issue 45 in the session: text by line, word and character; search; bookmarks; resuming; where am
/// I; list edges; text that is not a link; heading levels 7–9; language changes.
@Suite struct BrowseReadingSessionTests {
  static let html = """
    <html lang="en"><body><main>
    <h1>Park</h1><p>Zürich, a city.</p>
    <h2>Trails</h2>
    <ul><li>One</li><li>Two</li><li>Three</li></ul>
    <p>After the list.</p>
    <p><a href="https://a.example">Only a link</a></p>
    <p lang="de">Grüße aus der Straße.</p>
    <p>Back to STRASSE in English.</p>
    <div role="heading" aria-level="8">Deep heading</div>
    </main></body></html>
    """

  func session() throws -> BrowseSession {
    let document = try TextDocument(parsingHTML: Array(Self.html.utf8))
    return BrowseSession(index: RotorIndex(document: document, detections: DocumentDetector().detect(in: document)))
  }

  @Test func linesWordsAndCharacters() throws {
    var browse = try session()
    #expect(browse.perform("nextline") == "Park")
    #expect(browse.perform("nextline") == "Zürich, a city.")
    #expect(browse.perform("nextchar") == "ü")
    #expect(browse.perform("nextword") == ",")
    #expect(browse.perform("nextchar") == "space")
    #expect(browse.perform("previouschar") == "comma")
    #expect(browse.perform("previousword") == "Zürich")
    #expect(browse.perform("previouschar") == "k")
    // On the first line already: there is no line before it.
    #expect(browse.perform("previousline") == "Top of document")
    #expect(browse.perform("nextline") == "Zürich, a city.")
  }

  @Test func aLongParagraphIsReadInLinesOfAtMostOneHundredCharacters() throws {
    let words = (1...60).map { "word\($0)" }.joined(separator: " ")
    let document = try TextDocument(parsingHTML: Array("<p>\(words)</p><p>End.</p>".utf8))
    var browse = BrowseSession(index: RotorIndex(document: document, detections: []))
    var lines: [String] = []
    for _ in 0..<10 {
      let line = browse.perform("nextline")
      if line == "End." { break }
      lines.append(line)
    }
    #expect(lines.count > 1)
    #expect(lines.allSatisfy { $0.count <= 100 })
    #expect(lines.joined(separator: " ") == words)
  }

  @Test func searchIgnoresCaseAndAccentsAndWraps() throws {
    var browse = try session()
    #expect(browse.perform("find strasse") == "German: 1 of 2: Grüße aus der Straße.")
    #expect(browse.perform("findnext") == "English: 2 of 2: Back to STRASSE in English.")
    #expect(browse.perform("findnext") == "German: Wrapped to top, 1 of 2: Grüße aus der Straße.")
    #expect(browse.perform("findprevious") == "English: Wrapped to bottom, 2 of 2: Back to STRASSE in English.")
    #expect(browse.perform("find nowhere") == "\"nowhere\" not found")
    var fresh = try session()
    #expect(fresh.perform("findnext") == "Nothing searched for yet; press Control+F to find")
  }

  @Test func theSearchPromptTakesTypedCharacters() throws {
    var browse = try session()
    #expect(browse.perform("find") == "Find: type the text, then Enter; Escape cancels")
    #expect(browse.isTyping)
    _ = browse.perform("type z")
    #expect(browse.perform("type u") == "zu")
    #expect(browse.perform("enter") == "1 of 1: Zürich, a city.")
    #expect(!browse.isTyping)
  }

  @Test func languageChangesAreAnnouncedExceptWhenBrief() throws {
    var browse = try session()
    _ = browse.perform("find grüße")
    #expect(browse.perform("nextline") == "English: Back to STRASSE in English.")
    var brief = try session()
    brief.verbosity = .brief
    #expect(brief.perform("find grüße") == "1 of 1: Grüße aus der Straße.")
  }

  @Test func bookmarksAreARotorOfTheirOwn() throws {
    var browse = try session()
    _ = browse.perform("2")
    #expect(browse.perform("bookmark Trails") == "Bookmark Trails set")
    _ = browse.perform("top")
    #expect(browse.perform("'") == "Bookmark, Trails, 1 of 1: Trails")
    #expect(browse.bookmarks == [BrowseSession.Bookmark(name: "Trails", position: browse.position)])
    #expect(browse.perform("elements bookmarks").hasSuffix("1 of 1: Trails"))
    var empty = try session()
    #expect(empty.perform("'") == "No bookmarks in this document")
  }

  @Test func resumingSaysWhereAndStaysOnTheItem() throws {
    var first = try session()
    _ = first.perform("2")
    let kept = first.position
    var second = try session()
    #expect(second.resume(at: kept)?.hasSuffix("percent: Trails") == true)
    #expect(second.perform("next").hasPrefix("Heading level 8, 3 of 3"))
    #expect(second.resume(at: 1 << 40) == nil)
  }

  @Test func whereAmISaysHeadingsLandmarkListItemAndPercent() throws {
    var browse = try session()
    #expect(browse.perform("where") == "Top of document")
    _ = browse.perform("rotor listitems")
    _ = browse.perform("next")
    let answer = browse.perform("next")
    #expect(answer == "List item, 2 of 3: Two")
    let whereAmI = browse.perform("where")
    #expect(whereAmI.hasPrefix("List item, 2 of 3: Two. Under Park › Trails. In main landmark. List item 2 of 3. "))
    #expect(whereAmI.hasSuffix(" percent"))
  }

  @Test func commaLeavesTheListAndNSkipsLinks() throws {
    var browse = try session()
    _ = browse.perform("i")
    #expect(browse.perform(",") == "Out of list: After the list.")
    #expect(browse.perform("<") == "Not in a list or table")
    #expect(browse.perform("n") == "German: Grüße aus der Straße.", "the paragraph that is only a link is skipped")
    #expect(browse.perform("N") == "English: After the list.")
  }

  @Test func headingLevelsSevenToNine() throws {
    var browse = try session()
    #expect(browse.perform("8") == "Heading level 8, 1 of 1: Deep heading")
    #expect(browse.perform("7") == "No headings of level 7 in this document")
    #expect(RotorKind("heading9").headingLevel == 9)
    #expect(browse.index.rotor(.heading(level: 9))?.count == 0)
  }
}
