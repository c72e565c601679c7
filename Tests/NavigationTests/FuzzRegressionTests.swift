import Detection
import DocumentParsing
import Navigation
import Testing
import TextModel

/// Inputs found by the fuzz targets in Fuzz/ (docs/FUZZING.md), each minimized and kept here.
@Suite struct FuzzRegressionTests {
  func session(_ html: String, rotor: RotorKind) throws -> BrowseSession {
    let document = try TextDocument(parsingHTML: Array(html.utf8))
    return BrowseSession(
      index: RotorIndex(document: document, detections: DocumentDetector().detect(in: document)),
      rotor: rotor)
  }

  /// fuzz-rotor: two landmarks with the same range; "previous" from the second came back to the first
  /// forever (the session found its place by range, which both share).
  @Test func previousOverEntriesThatShareARangeReachesTheStart() throws {
    var browse = try session("<nav><nav>-", rotor: .landmarks)
    #expect(browse.perform("next") == "Navigation landmark, 1 of 2: -")
    #expect(browse.perform("next") == "Navigation landmark, 2 of 2: -")
    #expect(browse.perform("next") == "No next landmark")
    #expect(browse.perform("previous") == "Navigation landmark, 1 of 2: -")
    #expect(browse.perform("previous") == "No previous landmark")
  }

  /// fuzz-rotor: from the top of the document, "next" skipped an item that starts at offset 0.
  @Test func nextFromTheTopReachesAnItemAtTheFirstCharacter() throws {
    var browse = try session("<h1>Title</h1><p>Body</p><h2>End</h2>", rotor: .headings)
    #expect(browse.perform("next") == "Heading level 1, 1 of 2: Title")
    #expect(browse.perform("next") == "Heading level 2, 2 of 2: End")
  }
}
