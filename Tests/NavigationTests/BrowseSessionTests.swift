import Detection
import DocumentParsing
import Navigation
import Testing
import TextModel

@Suite struct BrowseSessionTests {
  static let html = """
    <html lang="en"><body><nav aria-label="Site"><a href="/home">Home</a></nav><main>
    <h1>Park</h1><div role="alert">First alert</div><p>Call (415) 555-0132.</p>
    <h2>Trails</h2><p class="warning">Second alert</p><p>See <a href="https://maps.example.org">the map</a>.</p>
    <h2>Weather</h2><div class="alert alert-danger">Third alert</div></main></body></html>
    """

  func session() throws -> BrowseSession {
    let document = try TextDocument(parsingHTML: Array(Self.html.utf8))
    return BrowseSession(index: RotorIndex(document: document, detections: DocumentDetector().detect(in: document)))
  }

  @Test func scriptedMovesPrintTheFirstSecondAndFirstAlertAgain() throws {
    var browse = try session()
    #expect(browse.perform("rotor alerts") == "Alerts, 3 items")
    #expect(browse.perform("next") == "Alert, 1 of 3: First alert")
    #expect(browse.perform("next") == "Alert, 2 of 3: Second alert")
    #expect(browse.perform("previous") == "Alert, 1 of 3: First alert")
  }

  @Test func nextParagraphReadsOnFromAFirstParagraphAtOffsetZero() throws {
    // issue 44 row 13: the first paragraph starts at offset 0, and "p" read it again and again.
    let document = try TextDocument(parsingHTML: Array("<p>One.</p><p>Two.</p><p>Three.</p>".utf8))
    var browse = BrowseSession(
      index: RotorIndex(document: document, detections: DocumentDetector().detect(in: document)))
    #expect(browse.perform("p") == "One.")
    #expect(browse.perform("p") == "Two.")
    #expect(browse.perform("p") == "Three.")
    #expect(browse.perform("P") == "Two.")
    #expect(browse.perform("P") == "One.")
    #expect(browse.perform("p") == "Two.")
  }

  @Test func plainTextParagraphsEndAtBlankLinesNotAtWrappedLines() {
    // issue 44 row 13: an e-mail's wrapped lines were paragraphs of their own, cut mid-sentence.
    let text = "Hi Ann,\n\nThe trip is on Saturday and we will\nmeet at the gate. Bring water.\n \n\nBest,\nBob\n"
    let document = TextReader().read(bytes: Array(text.utf8))
    let index = RotorIndex(document: document, detections: DocumentDetector().detect(in: document))
    var browse = BrowseSession(index: index)
    #expect(browse.perform("p") == "Hi Ann,")
    #expect(browse.perform("p") == "The trip is on Saturday and we will meet at the gate. Bring water.")
    #expect(browse.perform("p") == "Best, Bob")
    #expect(browse.perform("p") == "No next paragraph")
    #expect(browse.perform("P") == "The trip is on Saturday and we will meet at the gate. Bring water.")
    var sayAll = BrowseSession(index: index)
    let began = sayAll.beginSayAll()
    #expect(began)
    var lines: [String] = []
    while let line = sayAll.nextSayAllLine() { lines.append(line) }
    #expect(lines == ["Hi Ann,", "The trip is on Saturday and we will meet at the gate.", "Bring water.", "Best, Bob"])
  }

  @Test func theBoundaryIsAnnounced() throws {
    var browse = try session()
    _ = browse.perform("rotor alerts")
    #expect(browse.perform("previous") == "No previous alert")
    _ = browse.perform("next")
    _ = browse.perform("next")
    #expect(browse.perform("next") == "Alert, critical, 3 of 3: Third alert")
    #expect(browse.perform("next") == "No next alert")
  }

  @Test func switchingRotorsKeepsThePlace() throws {
    var browse = try session()
    _ = browse.perform("rotor alerts")
    _ = browse.perform("next")
    _ = browse.perform("next")  // Second alert, after the "Trails" heading
    #expect(browse.perform("h") == "Heading level 2, 3 of 3: Weather")
    #expect(browse.perform("H") == "Heading level 2, 2 of 3: Trails")
  }

  @Test func lettersJumpLikeNVDABrowseMode() throws {
    var browse = try session()
    #expect(browse.perform("2") == "Heading level 2, 1 of 2: Trails")
    #expect(browse.perform("k") == "Link, 2 of 2: the map")
    #expect(browse.perform("enter") == "Target: https://maps.example.org")
    #expect(browse.perform("d") == "No next landmark")
    #expect(browse.perform("D") == "Navigation landmark, Site, 1 of 2: Home")  // from inside main, the one before it
  }

  @Test func arrowsCycleThroughRotorsAnnouncingNameAndCount() throws {
    var browse = try session()
    #expect(browse.perform("right") == "Links, 2 items")
    #expect(browse.perform("right") == "Alerts, 3 items")
    #expect(browse.perform("left") == "Links, 2 items")
  }

  @Test func sayAllReadsFromTheCurrentPlace() throws {
    var browse = try session()
    _ = browse.perform("rotor headings")
    _ = browse.perform("next")
    _ = browse.perform("next")
    let lines = browse.perform("say").split(separator: "\n")
    #expect(lines.prefix(3) == ["Heading level 2: Trails", "Alert: Second alert", "See link the map."])
    #expect(lines.last == "End of document")
    #expect(browse.perform("say") == "End of document")
  }

  @Test func helpQuitAndUnknownCommandsAnswerInOneLine() throws {
    var browse = try session()
    #expect(!browse.perform("help").contains("\n"))
    #expect(browse.perform("jump") == "Unknown command \"jump\"; type help")
    #expect(browse.perform("q") == "No block quotes in this document")  // NVDA's q: block quote, not quit
    #expect(!browse.isFinished)
    #expect(browse.perform("quit") == "Goodbye")
    #expect(browse.isFinished)
  }
}
