import Detection
import Testing
import TextModel

@testable import Navigation

/// A book's navigation as rotors (issue 46): only an EPUB gets them, announced by their labels.
@Suite struct NavigationRotorTests {
  static func document(format: InputFormat) -> TextDocument {
    var document = TextDocument(format: format, text: "Chapter One\nIt was calm.1\nChapter Two\nCalm is relative.")
    document.navigation = [
      .init(list: "contents", label: "Chapter Two", range: TextRange(start: 26, end: 37)),
      .init(list: "contents", label: "Chapter One", range: TextRange(start: 0, end: 11)),
      .init(list: "pages", label: "page 7", range: TextRange(start: 12, end: 25)),
      .init(list: "guide", label: "Start", range: TextRange(start: 0, end: 11)),
      .init(list: "notes", label: "endnote: Calm is relative.", range: TextRange(start: 38, end: 55)),
      .init(list: "notes", label: "note reference 1", range: TextRange(start: 24, end: 25)),
    ]
    return document
  }

  @Test func anEPUBsNavigationListsAreRotorsInDocumentOrder() throws {
    let index = RotorIndex(document: Self.document(format: .epub), detections: [])
    #expect(Array(index.kinds.suffix(4)).map(\.rawValue) == ["contents", "guide", "notes", "pages"])
    let contents = try #require(index.rotor(RotorKind("contents")))
    #expect(contents.entries.map(\.label) == ["Chapter One", "Chapter Two"])
    #expect(index.rotor(RotorKind("pages"))?.entries.map(\.kind.rawValue) == ["page"])
    #expect(
      index.rotor(RotorKind("notes"))?.entries.map(\.label) == ["note reference 1", "endnote: Calm is relative."])
    #expect(index.entryCount(of: RotorKind("guide")) == 1)
  }

  @Test func otherDocumentsKeepTheirRotors() {
    let index = RotorIndex(document: Self.document(format: .html), detections: [])
    #expect(index.kinds == RotorIndex.builtInOrder)
    #expect(index.rotor(RotorKind("contents")) == nil)
  }

  @Test func browseAnnouncesAnEntryByItsLabel() throws {
    let index = RotorIndex(document: Self.document(format: .epub), detections: [])
    let session = BrowseSession(index: index, rotor: RotorKind("pages"))
    let page = try #require(index.rotor(RotorKind("pages"))?.entries.first)
    #expect(
      session.announcement(page, in: RotorKind("pages"), position: (1, 1), whole: false)
        == "Page 7, 1 of 1: It was calm.1")
    let note = try #require(index.rotor(RotorKind("notes"))?.entries.first)
    #expect(
      session.announcement(note, in: RotorKind("notes"), position: (1, 2), whole: false) == "Note reference 1, 1 of 2")
  }
}
