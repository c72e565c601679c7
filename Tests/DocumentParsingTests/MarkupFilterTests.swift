import Testing

@testable import DocumentParsing

@Suite struct MarkupFilterTests {
  /// Filters `text` in chunks of `size` bytes and returns the bytes fed to libxml2 and the filter.
  func filtered(
    _ text: String, mode: MarkupFilter.Mode = .html, maximumAttributes: Int = 1000,
    chunk size: Int = 1 << 16, skipping: Bool = true
  ) -> (String, MarkupFilter) {
    var filter = MarkupFilter(mode: mode, maximumAttributes: maximumAttributes)
    filter.skipsWithinChunks = skipping
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

  @Test(arguments: [1, 2, 3, 7, 64])
  func anHTMLDoctypesInternalSubsetIsBlankedBracketsIncluded(_ size: Int) {
    // issue 44 row 12: libxml2 skipped to the first ">" (the entity's) and read "]>" as text.
    let text = "<!DOCTYPE html PUBLIC \"-//X//[DTD]\" [\n<!ENTITY a \"x]>\">\n]>\n<p>t</p>"
    let blanked = "<!DOCTYPE html PUBLIC \"-//X//[DTD]\"  \n                 \n >\n<p>t</p>"
    #expect(filtered(text, chunk: size).0 == blanked)
    #expect(filtered("<!doctype html><p>[a]</p>").0 == "<!doctype html><p>[a]</p>")
    #expect(filtered(text, mode: .xml).0 == text)
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

  /// The loops that skip a name, an unquoted value, a quoted value (libc's `memchr`) or the rest of
  /// an end tag or declaration within a chunk do what the byte-by-byte states do: random markup —
  /// names with digits, `=` and quotes in odd places, attributes over the limit (blanked byte by
  /// byte), comments, script — filtered with the loops, whole and in random chunks, gives the bytes
  /// and cuts of the byte-by-byte states alone.
  @Test func skippingWithinAChunkFiltersAsByteByByte() {
    var generator = SystemRandomNumberGenerator()
    let pieces = [
      "<p", "<h2", "<my-el", "<A", " class=\"x y\"", " data-v='1\"2'", " b=c", " d", " e=f/g", "=", "\"", "'", ">",
      "/>", "</p>", "</h2 >", "<!DOCTYPE html>", "<?x y?>", "<!-- a -- b -->", "<!-->", "text ", "\n",
      "<script>if (a<b) x='</p>'</script>", "<style>p{}</style>", "</body>", " \t", "<", "é", "<br/>",
      String(repeating: "long", count: 40),
    ]
    for round in 0..<200 {
      let text = (0..<Int.random(in: 0...60, using: &generator)).map { _ in
        pieces.randomElement(using: &generator)!
      }.joined()
      let limit = Int.random(in: 1...4, using: &generator)
      let simple = filtered(text, maximumAttributes: limit, skipping: false)
      let whole = filtered(text, maximumAttributes: limit)
      let split = filtered(text, maximumAttributes: limit, chunk: Int.random(in: 1...64, using: &generator))
      #expect(whole.0 == simple.0, "round \(round): \(text)")
      #expect(split.0 == simple.0, "round \(round): \(text)")
      #expect(whole.1.cuts == simple.1.cuts)
      #expect(whole.0.utf8.count == text.utf8.count)
    }
  }
}
