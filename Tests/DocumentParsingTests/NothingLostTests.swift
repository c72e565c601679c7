import Testing
import TextModel

@testable import DocumentParsing

#if canImport(Glibc)
  import Glibc
#endif

/// "Nothing lost": every visible text node of a document (computed by ``VisibleTextReference``
/// from libxml2's own DOM, skipping only what the reading rules drop) appears in our document text,
/// in order, over every corpus file and a set of hostile fixtures.
@Suite struct NothingLostTests {
  static let corpusDirectory: String = {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
    return path + "/corpus/"
  }()

  /// Every markup file in corpus/ (listed from the directory, so a new file is covered at once).
  static let corpusFiles: [String] = {
    guard let directory = opendir(corpusDirectory) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name.hasSuffix(".html") || name.hasSuffix(".xml") { names.append(name) }
    }
    return names.sorted()
  }()

  static func readFile(_ path: String) -> [UInt8] {
    guard let file = fopen(path, "rb") else { return [] }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = fread(&buffer, 1, buffer.count, file)
      if count <= 0 { break }
      bytes.append(contentsOf: buffer[0..<count])
    }
    return bytes
  }

  /// Hostile inputs: each one lost text in libxml2 2.9 before the reader's fixes, or tests a rule.
  static let hostileFixtures: [(name: String, html: Bool, text: String)] = [
    ("text after </html>", true, "<html><body><p>one</p></body></html>after the html end tag"),
    ("text after </body>", true, "<html><body><p>one</p></body>after the body end tag</html>"),
    ("text after </body></html>", true, "<html><body><p>one</p></body></html>\n\n<p>a late paragraph</p>tail words"),
    ("comment then text after </html>", true, "<p>one</p></html><!-- note -->still read"),
    ("abruptly closed comment <!-->", true, "<p>one</p><!-->after the empty comment<p>two</p><!-- real -->three"),
    ("abruptly closed comment <!--->", true, "<p>one</p><!--->after the other empty comment<p>two</p>"),
    ("</html> inside a script", true, "<p>one</p><script>var s = '</html>';</script><p>two</p></html>three"),
    ("</html> inside an attribute", true, "<p title=\"</html>\">one</p><!-- <!--> -->two"),
    ("--!> closes a comment", true, "<p>one</p><!-- c --!>two"),
    (
      "hidden and dropped content", true,
      "<p>shown</p><div hidden>not shown</div><p aria-hidden=\"true\">not read</p><p style=\"display: none\">no</p>"
        + "<template>t</template><noscript>n</noscript><p>end</p>"
    ),
    (
      "many attributes", true,
      "<p " + (0..<5000).map { "a\($0)=\"v\($0)\"" }.joined(separator: " ") + ">kept text</p>after"
    ),
    ("misnested inline markup", true, "<p>a <b>bold <i>both</b> italic</i> c</p><p>d"),
    ("table text outside cells", true, "<table>ta<tr>tb<td>cell</td>tc</tr></table>after the table"),
    ("stray end tags", true, "<p>x</p></p></div></span>y<p>z"),
    ("misplaced html and body", true, "<p>a</p><html><body>second html</body></html>c"),
    ("xml: a < b", false, "<r>a < b more text</r>"),
    ("xml: references", false, "<r>x &#65; y &amp; z <![CDATA[c < d]]></r>"),
    ("xml: mismatched end tag", false, "<r><a>one</b> two</r>"),
    ("xml: hidden and dropped", false, "<r><p>shown</p><remark>not read</remark><p hidden=\"\">no</p><p>end</p></r>"),
  ]

  func check(_ document: TextDocument, against reference: VisibleTextReference, _ name: String) {
    #expect(!reference.nodes.isEmpty, "the reference found no text in \(name)")
    if let (node, index) = reference.firstMissingNode(in: document.text) {
      Issue.record(
        """
        \(name): visible text node \(index + 1) of \(reference.nodes.count) is missing from the document text \
        (or out of order): \"\(node.text.prefix(200))\" inside \(node.path.joined(separator: " > "))
        """)
    }
  }

  @Test(arguments: corpusFiles)
  func everyVisibleCharacterOfACorpusFileIsInItsText(_ name: String) throws {
    let bytes = Self.readFile(Self.corpusDirectory + name)
    let document = try DocumentReader().read(path: Self.corpusDirectory + name)
    let reference = name.hasSuffix(".html") ? VisibleTextReference(html: bytes) : VisibleTextReference(xml: bytes)
    check(document, against: reference, name)
  }

  @Test(arguments: hostileFixtures.indices)
  func everyVisibleCharacterOfAHostileFixtureIsInItsText(_ index: Int) throws {
    let fixture = Self.hostileFixtures[index]
    let bytes = Array(fixture.text.utf8)
    let document =
      fixture.html
      ? try HTMLReader().read(bytes: bytes, name: fixture.name) : try XMLReader().read(bytes: bytes, name: fixture.name)
    let reference = fixture.html ? VisibleTextReference(html: bytes) : VisibleTextReference(xml: bytes)
    check(document, against: reference, fixture.name)
  }

  @Test func theCorpusIsFound() {
    #expect(Self.corpusFiles.count >= 10)
  }

  // The reference itself must see what a browser shows, or the test above proves nothing.

  @Test func theReferenceKeepsTextAfterTheHTMLEndTagAndAfterAbruptComments() {
    let afterEnd = VisibleTextReference(html: Array("<p>one</p></body></html>after".utf8))
    #expect(afterEnd.nodes.map(\.text).joined().contains("after"))
    let abrupt = VisibleTextReference(html: Array("<p>one</p><!-->two<p>three</p><!-- x -->four".utf8))
    #expect(abrupt.nodes.map(\.text).joined(separator: " ") == "one two three four")
  }

  @Test func theReferenceDropsOnlyWhatTheRulesDrop() {
    let reference = VisibleTextReference(
      html: Array("<p>a</p><script>s</script><div hidden>h</div><span aria-hidden=true>x</span><p>b</p>".utf8))
    #expect(reference.nodes.map(\.text) == ["a", "b"])
    #expect(reference.dropped.count == 3)
  }

  @Test func theCheckFailsWhenTextIsMissing() {
    let reference = VisibleTextReference(html: Array("<p>one</p><p>two</p><p>three</p>".utf8))
    #expect(reference.firstMissingNode(in: "one\nthree")?.node.text == "two")
    #expect(reference.firstMissingNode(in: "three two one")?.node.text == "two")
    #expect(reference.firstMissingNode(in: "one two three") == nil)
  }
}
