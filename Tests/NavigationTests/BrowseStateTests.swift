import Navigation
import Testing

@Suite struct BrowseStateTests {
  static let text = "Trail notes. Open daily. Level six is here. The end."

  func json(_ string: String) -> [UInt8] { Array(string.utf8) }

  @Test func theOlderFormLoadsAndPlacesOnlyInItsOwnText() throws {
    let older = try BrowseState(
      json: json(#"{"bookmarks":[{"name":"six","position":25}],"path":"\/d\/a.html","position":13,"textHash":"ab"}"#))
    #expect(older.path == "/d/a.html" && older.place?.position == 13 && older.bookmarks.first?.quote == nil)
    let same = older.placed(in: Self.text, textHash: "ab")
    #expect(same.position == 13 && same.bookmarks == [.init(name: "six", position: 25)] && same.unplaced.isEmpty)
    let changed = older.placed(in: Self.text, textHash: "cd")
    #expect(changed.position == nil && changed.bookmarks.isEmpty && changed.unplaced.map(\.name) == ["six"])
  }

  @Test func theFileFormRoundTripsQuotesWithAnyCharacters() throws {
    let text = "A \"quoted\" \\ line\nwith a tab\t, a bell \u{07}, 東京 and 😀 here."
    let state = BrowseState(
      path: "/d/\"odd\".md", textHash: "0123",
      place: .init(name: "", position: 3, in: text),
      bookmarks: [.init(name: "tab\tname", position: 20, in: text), .init(name: "old", position: 7, quote: nil)])
    let bytes = state.json
    #expect(!bytes.contains(0x07) && !bytes.contains(0x09))
    #expect(try BrowseState(json: bytes) == state)
  }

  @Test func twoSessionsMergeIntoTheUnionOfTheirBookmarks() {
    var later = BrowseState(
      path: "/d", textHash: "1", place: .init(name: "", position: 30, in: Self.text),
      bookmarks: [.init(name: "b", position: 5, in: Self.text), .init(name: "same", position: 30, in: Self.text)])
    let earlier = BrowseState(
      path: "/d", textHash: "1", place: .init(name: "", position: 2, in: Self.text),
      bookmarks: [.init(name: "a", position: 1, in: Self.text), .init(name: "same", position: 2, in: Self.text)])
    later.merge(keeping: earlier)
    #expect(later.place?.position == 30)
    #expect(later.bookmarks.map(\.name) == ["a", "b", "same"])
    #expect(later.bookmarks.last?.position == 30, "the later session's bookmark of one name wins")
    var other = later
    other.merge(
      keeping: BrowseState(
        path: "/elsewhere", textHash: "1", place: nil,
        bookmarks: [
          .init(name: "z", position: 0, quote: nil)
        ]))
    #expect(other == later, "another document's state is never merged")
  }

  @Test(arguments: [
    ("", "not JSON at byte 0: the text ends where a value should be"),
    ("[]", "not a JSON object"),
    (#"{"path":"a","textHash":"b","position":1.5}"#, #""position" is missing or not a whole number"#),
    (#"{"path":"a\u","textHash":"b"}"#, #"not JSON at byte 12: a bad \u escape"#),
    (#"{"path":"a\ud800","textHash":"b"}"#, "not JSON at byte 16: a lone surrogate"),
    (#"{"path":"a","path":"b"}"#, #"not JSON at byte 22: member "path" twice"#),
    (#"{"textHash":"b"}"#, #""path" is missing or not a string"#),
    (#"{"path":"a","textHash":"b"} x"#, "not JSON at byte 28: text after the end"),
  ])
  func aBrokenFileIsRefusedInWords(input: String, message: String) {
    #expect(throws: BrowseState.DecodingError(description: message)) { try BrowseState(json: json(input)) }
  }

  @Test func deepAndHugeFilesAreRefusedWithoutRecursingOrReading() {
    let deep = String(repeating: "[", count: 100_000)
    #expect(throws: BrowseState.DecodingError(description: "not JSON at byte 16: nested deeper than 16")) {
      try BrowseState(json: json(deep))
    }
    let huge = [UInt8](repeating: 0x20, count: BrowseState.maximumSize + 1)
    #expect(throws: BrowseState.DecodingError(description: "1048577 bytes, over the 1048576-byte limit")) {
      try BrowseState(json: huge)
    }
  }
}
