import Testing
import TextModel

@testable import DocumentParsing

#if canImport(Glibc)
  import Glibc
#endif

/// Input that libxml2 2.9 stops reading, reads wrongly, or reads in quadratic time: the text after
/// the problem is kept and the problem is a diagnostic with its line and column.
@Suite struct RecoveryTests {
  func html(_ text: String, options: ReaderOptions = .default) throws -> TextDocument {
    try HTMLReader(options: options).read(bytes: Array(text.utf8))
  }
  func xml(_ text: String, options: ReaderOptions = .default) throws -> TextDocument {
    try XMLReader(options: options).read(bytes: Array(text.utf8))
  }

  // MARK: HTML

  @Test(arguments: [
    "<html><body><p>one</p></body></html>after the end",
    "<html><body><p>one</p></body>after the end</html>",
    "<p>one</p></HTML>\n<p>after the end</p>",
    "<p>one</p><!-->after the end",
    "<p>one</p><!--->after the end<!-- a real comment -->",
  ])
  func htmlTextAfterTheEndTagsAndAbruptCommentsIsKept(_ text: String) throws {
    let document = try html(text)
    #expect(document.text.contains("one"))
    #expect(document.text.contains("after the end"))
  }

  @Test func anAbruptCommentDoesNotSwallowTheTextUpToTheNextComment() throws {
    let document = try html("<p>one</p><!-->two<p>three</p><!-- c -->four")
    #expect(document.text.split(whereSeparator: \.isWhitespace) == ["one", "two", "three", "four"])
  }

  @Test func htmlSourceOffsetsStayExactAfterTheEndTags() throws {
    let text = "<p>one</p></body></html>\nafter"
    let document = try html(text)
    let start = document.text.utf8.count - "after".utf8.count
    #expect(document.text.hasSuffix("after"))
    #expect(document.sourceMap.sourceOffset(forTextOffset: start) == text.utf8.count - "after".utf8.count)
  }

  // MARK: Attributes

  @Test func attributesBeyondTheLimitAreDroppedWithADiagnostic() throws {
    let tag = "<p " + (0..<50).map { "a\($0)=\"\($0)\"" }.joined(separator: " ") + " title=late>"
    let document = try html("<div>\n  \(tag)kept</p></div>", options: ReaderOptions(maximumAttributes: 10))
    #expect(document.text == "kept")
    let diagnostic = try #require(document.diagnostics.first { $0.message.contains("attributes") })
    #expect(diagnostic.line == 2 && diagnostic.column == 3)
    #expect(diagnostic.message.contains("41 attribute(s)"))
  }

  @Test func theFirstAttributesUpToTheLimitAreRead() throws {
    let document = try html("<p a=1 b=2 hidden>secret</p><p>shown</p>", options: ReaderOptions(maximumAttributes: 2))
    // `hidden` is the third attribute: dropped, so the paragraph is read (and the cut is reported).
    #expect(document.text.contains("secret"))
    let kept = try html("<p hidden a=1 b=2>secret</p><p>shown</p>", options: ReaderOptions(maximumAttributes: 2))
    #expect(!kept.text.contains("secret"))
  }

  @Test(arguments: [true, false])
  func aMillionAttributesTakeLinearTime(_ isHTML: Bool) throws {
    // libxml2's duplicate check alone took 0.7 s for 20,000 attributes, so about 30 minutes for a
    // million; with the cap the time is that of a scan.
    let attributes = (0..<1_000_000).map { "a\($0)=\"1\"" }.joined(separator: " ")
    let text = isHTML ? "<p \(attributes)>hi</p>after" : "<r><p \(attributes)>hi</p>after</r>"
    let clock = ContinuousClock()
    let start = clock.now
    let document = isHTML ? try html(text) : try xml(text)
    let elapsed = clock.now - start
    #expect(document.text.contains("hi") && document.text.contains("after"))
    #expect(document.diagnostics.contains { $0.message.contains("999000 attribute(s)") })
    #expect(elapsed < .seconds(60), "took \(elapsed)")
  }

  // MARK: XML

  @Test func xmlAfterALessThanSignIsKeptAndTheRecoveryIsReported() throws {
    let document = try xml("<r>\n  <p>a < b more</p>\n  <p>last</p>\n</r>")
    #expect(document.text.contains("more"))
    #expect(document.text.contains("last"))
    let recovery = try #require(document.diagnostics.first { $0.message.contains("recover mode") })
    #expect(recovery.line == 2 && recovery.column == 9)
    #expect(recovery.severity == .warning)
  }

  @Test func aSecondXMLRootIsKeptAsItsOwnBlock() throws {
    let document = try xml("<r>x</r><r>y</r>")
    #expect(document.text == "x\ny")
    #expect(document.diagnostics.contains { $0.message.contains("recover mode") && $0.line == 1 && $0.column == 9 })
  }

  @Test func strayEndTagsAndTextAfterTheRootAreKept() throws {
    let document = try xml("<?xml version=\"1.0\"?>\n<!DOCTYPE r>\n<r>x</r></r>stray text<r>y</r>")
    #expect(document.text.contains("stray text"))
    #expect(document.text.contains("y"))
  }

  @Test func anXMLAttributeOverTenMegabytesDoesNotEndTheDocument() throws {
    let big = String(repeating: "A", count: 10_500_000)
    let document = try xml("<r><p>start</p><img alt=\"pic\" src=\"data:\(big)\"/><p>the end</p></r>")
    #expect(document.text.contains("pic"))
    #expect(document.text.contains("the end"))
    #expect(document.diagnostics.contains { $0.message.contains("recover mode") })
  }

  @Test func anUnsupportedXMLEncodingDoesNotEndTheDocument() throws {
    let document = try xml("<?xml version=\"1.0\" encoding=\"bogus\"?><r>text here</r>")
    #expect(document.text == "text here")
    #expect(document.diagnostics.contains { $0.message.contains("\"bogus\" is unknown and was ignored") })
  }

  @Test func theTextLibxml2DropsBeforeAStrayCDATAEndIsSaidSo() throws {
    let document = try xml("<r>a ]]> b</r>")
    #expect(document.diagnostics.contains { $0.message.contains("drops the text just before it") })
  }

  @Test func wellFormedXMLIsReadOnceWithoutRecovery() throws {
    let document = try xml("<note><title>T</title><para>a &amp; b</para></note>")
    #expect(document.text.contains("a & b"))
    #expect(!document.diagnostics.contains { $0.message.contains("recover") })
  }

  @Test func theRecoveringReadExpandsInternalEntitiesAndRefusesExternalOnes() throws {
    let text = """
      <?xml version="1.0"?>
      <!DOCTYPE r [<!ENTITY e SYSTEM "file:///etc/passwd"><!ENTITY a "aaaaaaaaaa">]>
      <r>&e; &a; x < y</r>
      """
    let document = try xml(text)
    #expect(!document.text.contains("root:"))
    #expect(document.text.contains("aaaaaaaaaa"))
    #expect(document.text.contains("y"))
  }

  /// The re-read lifts libxml2's own limits (XML_PARSE_HUGE, amplification checks included): the
  /// expansion limit still holds there.
  @Test func theRecoveringReadStillRefusesBillionLaughs() throws {
    var declarations = "<!ENTITY l0 \"lol\">"
    for level in 1...9 {
      declarations += "<!ENTITY l\(level) \"" + String(repeating: "&l\(level - 1);", count: 10) + "\">"
    }
    let document = try xml("<!DOCTYPE r [\(declarations)]>\n<r>x < y &l9; end</r>")
    #expect(document.diagnostics.contains { $0.message.contains("recover mode") })
    #expect(document.text.contains("y") && document.text.contains("end") && !document.text.contains("lol"))
    #expect(document.diagnostics.contains { $0.message.contains("'l9' was not expanded") })
  }

  // MARK: Limits

  @Test func tooDeepNestingIsADiagnosticWithAPlace() throws {
    let text = String(repeating: "<d>", count: 20) + "deep" + String(repeating: "</d>", count: 20)
    let document = try xml("<r>\n" + text + "</r>", options: ReaderOptions(maximumDepth: 8))
    #expect(document.text == "deep")
    let diagnostic = try #require(document.diagnostics.first { $0.message.contains("nested deeper than 8") })
    #expect(diagnostic.line == 2)
  }

  @Test func inputOverTheSizeLimitIsRefused() throws {
    let options = ReaderOptions(maximumInputBytes: 10)
    #expect(throws: ReadError.self) { try HTMLReader(options: options).read(bytes: Array("<p>twelve bytes</p>".utf8)) }
    #expect(throws: ReadError.self) { try XMLReader(options: options).read(bytes: Array("<r>twelve bytes</r>".utf8)) }
    #expect(throws: ReadError.self) { try DocumentReader(options: options).read(bytes: Array("twelve bytes".utf8)) }
    #expect(
      try HTMLReader(options: ReaderOptions(maximumInputBytes: 100)).read(bytes: Array("<p>ok</p>".utf8)).text == "ok")
  }
}

@Suite struct HTMLEarlyEndTests {
  @Test func ifLibxml2EndsTheHTMLDocumentEarlyItIsAnErrorNotASilentLoss() throws {
    // The filter keeps libxml2 out of its epilog; without it, the safety net must speak.
    let bytes = Array("<p>one</p>\n</html>lost".utf8)
    let session = HTMLSession(name: "early.html", options: .default)
    session.builder.filtering = false
    try session.start()
    session.feed(bytes[...], isFinal: true)
    let document = session.finish()
    #expect(!document.text.contains("lost"))
    let diagnostic = try #require(document.diagnostics.first { $0.message.contains("before the end of the input") })
    #expect(diagnostic.severity == .error)
    #expect(diagnostic.line == 2)
    #expect(try HTMLReader().read(bytes: bytes).text.contains("lost"))
  }
}
