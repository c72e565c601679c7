import Testing

@testable import DocumentParsing

@Suite struct MarkupFilterTests {
  /// Filters `text` in chunks of `size` bytes and returns the bytes fed to libxml2 and the filter.
  func filtered(
    _ text: String, mode: MarkupFilter.Mode = .html, maximumAttributes: Int = 1000,
    chunk size: Int = 1 << 16
  ) -> (String, MarkupFilter) {
    var filter = MarkupFilter(mode: mode, maximumAttributes: maximumAttributes)
    let bytes = Array(text.utf8)
    var output: [UInt8] = []
    var offset = 0
    repeat {
      let end = min(bytes.count, offset + size)
      bytes[offset..<end].withUnsafeBytes { output += filter.filter($0, isFinal: end == bytes.count) }
      offset = end
    } while offset < bytes.count
    return (String(decoding: output, as: UTF8.self), filter)
  }

  @Test func theHTMLAndBodyEndTagsBecomeEmptyProcessingInstructions() {
    #expect(filtered("<p>a</p></body></HTML >b").0 == "<p>a</p><?body><?HTML >b")
    #expect(filtered("</htmlx></bodyguard>").0 == "</htmlx></bodyguard>")
  }

  @Test func abruptlyClosedCommentsBecomeProcessingInstructions() {
    #expect(filtered("a<!-->b<!--->c<!---->d<!-- e -->f").0 == "a<?c->b<?c-->c<!---->d<!-- e -->f")
  }

  @Test func scriptsCommentsAndAttributeValuesAreLeftAlone() {
    let text = "<script>x = '</html>'; if (a <b) {}</script><p title=\"</html>\">t</p><!-- </html> <!--> -->"
    #expect(filtered(text).0 == text)
  }

  @Test func attributesBeyondTheLimitAreBlankedKeepingLineBreaksAndLength() {
    let (output, filter) = filtered("<p a=1 b='2>' c=\"3\"\nd e/>x", maximumAttributes: 2)
    #expect(output == "<p a=1 b='2>'      \n   />x")
    #expect(filter.cuts == [MarkupFilter.Cut(offset: 0, name: "p", dropped: 3)])
  }

  @Test func xmlEmptyElementsStayEmptyWhenAttributesAreCut() {
    let (output, _) = filtered("<r><e a=\"1\" b=\"2\"/></r>", mode: .xml, maximumAttributes: 1)
    #expect(output == "<r><e a=\"1\"      /></r>")
  }

  @Test func xmlCDATAIsNotReadAsTags() {
    let text = "<r><![CDATA[<p a b c d>]]></r>"
    #expect(filtered(text, mode: .xml, maximumAttributes: 1).0 == text)
  }

  @Test(arguments: [1, 2, 3, 5, 7, 8, 13])
  func theOutputDoesNotDependOnHowTheInputIsSplit(_ size: Int) {
    let text = "<p a=1 b=2 c=3>x</p></body><!-->y<!--->z<script>'</html>'</script></html>w<q d e f g>"
    let whole = filtered(text, maximumAttributes: 2)
    let split = filtered(text, maximumAttributes: 2, chunk: size)
    #expect(split.0 == whole.0)
    #expect(split.1.cuts == whole.1.cuts)
    #expect(whole.0.utf8.count == text.utf8.count)
  }
}
