import DocumentParsing
import Testing
import TextModel

@Suite struct HTMLReaderTests {
  @Test func scriptAndStyleAreNotRead() throws {
    let document = try TextDocument(parsingHTML: Array("<p>Hi <script>x()</script>there</p>".utf8))
    #expect(document.text == "Hi there")
  }
}
