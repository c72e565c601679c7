import TestSupport
import Testing
import TextModel

@testable import DocumentParsing

extension StoredZip {
  /// A two-chapter book whose spine reverses the manifest.
  static func book(extra: (inout StoredZip) -> Void = { _ in }) -> [UInt8] {
    var zip = StoredZip()
    zip.add("mimetype", "application/epub+zip")
    zip.add(
      "META-INF/container.xml",
      #"<container xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles>"#
        + #"<rootfile full-path="OPS/package.opf"/></rootfiles></container>"#)
    zip.add(
      "OPS/package.opf",
      #"<package xmlns="http://www.idpf.org/2007/opf"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/">"#
        + #"<dc:title>A Book</dc:title><dc:creator>Ann</dc:creator><dc:language>en</dc:language>"#
        + #"<meta property="schema:accessibilitySummary">Screen reader friendly.</meta></metadata><manifest>"#
        + #"<item id="one" href="text/one.xhtml" media-type="application/xhtml+xml"/>"#
        + #"<item id="two" href="text/t%77o.xhtml" media-type="application/xhtml+xml"/>"#
        + #"<item id="skip" href="text/skip.xhtml" media-type="application/xhtml+xml"/></manifest>"#
        + #"<spine><itemref idref="two"/><itemref idref="skip" linear="no"/><itemref idref="one"/></spine></package>"#)
    zip.add(
      "OPS/text/one.xhtml", #"<html xmlns="http://www.w3.org/1999/xhtml" lang="en"><body><h1>One</h1></body></html>"#)
    zip.add(
      "OPS/text/two.xhtml",
      "<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"fr\"><body>\n<h1>Deux</h1>\n<p>Bonjour.</p></body></html>")
    zip.add("OPS/text/skip.xhtml", #"<html><body><p>Not linear.</p></body></html>"#)
    extra(&zip)
    return zip.bytes
  }
}

@Suite struct ContainerReaderTests {
  @Test func anEPUBFollowsItsSpineSkipsNonLinearItemsAndKeepsEachChapterAsAPart() throws {
    let document = try DocumentReader().read(bytes: StoredZip.book(), name: "book.epub")
    #expect(document.format == .epub)
    #expect(document.text == "Deux\nBonjour.\nOne")
    #expect(document.blocks.filter { $0.kind.headingLevel == 1 }.map { document[$0.range] } == ["Deux", "One"])
    #expect(document.title == "A Book")
    #expect(document.language == "en")
    #expect(
      document.metadata.map(\.name) == ["title", "author", "language", "accessibilitySummary"])
    // Each chapter's language is a run over it.
    let french = document.runs.first { $0.attribute == .language("fr") }
    #expect(french.map { document[$0.range] } == "Deux\nBonjour.")
    // The source map names the entry and the line inside it.
    let offset = document.sourceMap.sourceOffset(forTextOffset: document.text.utf8.count - 3)
    #expect(document.sourceMap.partLocation(forSourceOffset: offset)?.name == "OPS/text/one.xhtml")
    let bonjour = document.sourceMap.sourceOffset(forTextOffset: 5)
    let location = document.sourceMap.partLocation(forSourceOffset: bonjour)
    #expect(location?.name == "OPS/text/two.xhtml")
    #expect(location?.line == 3)
  }

  @Test func anEPUBIsFoundByItsContentWhateverItsName() throws {
    let document = try DocumentReader().read(bytes: StoredZip.book(), name: "<stdin>")
    #expect(document.format == .epub)
  }

  @Test func aZipThatIsNeitherStaysBinaryData() throws {
    var zip = StoredZip()
    zip.add("a.txt", "hello")
    #expect(throws: ReadError.binary(path: "x", kind: BinarySniffer.zipKind)) {
      try DocumentReader().read(bytes: zip.bytes, name: "x")
    }
  }

  @Test func rightsOrEncryptedContentIsRefusedAsDRM() {
    let rights = StoredZip.book { $0.add("META-INF/rights.xml", "<rights/>") }
    #expect(throws: ReadError.self) { try EPUBReader().read(bytes: rights, name: "b.epub") }
    let fonts = StoredZip.book {
      $0.add(
        "META-INF/encryption.xml",
        #"<encryption xmlns:enc="http://www.w3.org/2001/04/xmlenc#"><enc:EncryptedData>"#
          + #"<enc:EncryptionMethod Algorithm="http://www.idpf.org/2008/embedding"/></enc:EncryptedData></encryption>"#)
    }
    // Obfuscated fonts are not DRM.
    #expect((try? EPUBReader().read(bytes: fonts, name: "b.epub")) != nil)
    do {
      _ = try EPUBReader().read(bytes: rights, name: "b.epub")
    } catch {
      #expect(error.description.contains("DRM"))
    }
  }

  @Test func anEncryptedEntryIsRefusedNamingIt() {
    var zip = StoredZip()
    zip.add("mimetype", "application/epub+zip")
    zip.add("META-INF/container.xml", "<container/>", flags: 1)
    do {
      _ = try EPUBReader().read(bytes: zip.bytes, name: "b.epub")
      Issue.record("read an encrypted entry")
    } catch {
      #expect(error.description == "b.epub: entry 'META-INF/container.xml' cannot be read: the entry is encrypted")
    }
  }

  @Test(arguments: [
    ("../etc/passwd", true), ("/etc/passwd", true), ("a/../../b", true), ("a\\b", true), ("C:x", true),
    ("OEBPS/a.xhtml", false), ("a..b/c", false),
  ])
  func namesThatLeaveTheContainerAreRefused(name: String, unsafe: Bool) {
    #expect(ZipArchive.unsafeName(name) == unsafe)
  }

  @Test(
    arguments: [
      ("a.xhtml", "OPS/", "OPS/a.xhtml"), ("../x/a.xhtml#p1", "OPS/text/", "OPS/x/a.xhtml"),
      ("a%20b.xhtml", "", "a b.xhtml"), ("../../a", "OPS/", nil), ("https://example.org/a", "", nil),
      ("/abs", "", nil),
    ] as [(String, String, String?)])
  func hrefsResolveInsideTheContainer(href: String, folder: String, expected: String?) {
    #expect(EPUBReader.resolve(href, from: folder) == expected)
  }

  @Test func theEntryCountComesFromTheEndRecord() {
    var zip = StoredZip()
    for index in 0..<3 { zip.add("e\(index)", "") }
    #expect(ZipArchive.declaredEntryCount(zip.bytes) == 3)
    #expect(ZipArchive.declaredEntryCount(Array(zip.bytes.dropLast(10))) == nil)
  }

  @Test func aCutArchiveIsAnErrorWhenABookWasAskedFor() {
    let cut = Array(StoredZip.book().dropLast(30))
    do {
      _ = try DocumentReader().read(bytes: cut, format: .epub, name: "b.epub")
      Issue.record("read a cut archive")
    } catch {
      #expect(error.description.hasPrefix("b.epub: not a readable ZIP container"))
    }
  }
}

@Suite struct DOCXReaderTests {
  static let namespaces =
    #"xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" "#
    + #"xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships""#

  static func document(_ body: String, styles: String = "") -> [UInt8] {
    var zip = StoredZip()
    zip.add("[Content_Types].xml", "<Types/>")
    zip.add("word/document.xml", "<w:document \(namespaces)><w:body>\(body)</w:body></w:document>")
    zip.add("word/styles.xml", "<w:styles \(namespaces)>\(styles)</w:styles>")
    zip.add(
      "word/_rels/document.xml.rels",
      #"<Relationships><Relationship Id="rId1" Target="https://example.org/"/></Relationships>"#)
    zip.add(
      "word/footnotes.xml",
      "<w:footnotes \(namespaces)><w:footnote w:id=\"2\"><w:p><w:r><w:t>The note.</w:t></w:r></w:p></w:footnote>"
        + "</w:footnotes>")
    return zip.bytes
  }

  static func paragraph(_ text: String, _ properties: String = "") -> String {
    "<w:p><w:pPr>\(properties)</w:pPr><w:r><w:t>\(text)</w:t></w:r></w:p>"
  }

  @Test func headingStylesBasedOnHeadingsAndOutlineLevelsAreHeadings() throws {
    let styles =
      #"<w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val="heading 2"/></w:style>"#
      + #"<w:style w:type="paragraph" w:styleId="Mine"><w:name w:val="Mine"/><w:basedOn w:val="Heading2"/></w:style>"#
    let body =
      Self.paragraph("Two", #"<w:pStyle w:val="Heading2"/>"#) + Self.paragraph("Based", #"<w:pStyle w:val="Mine"/>"#)
      + Self.paragraph("Outline", #"<w:outlineLvl w:val="2"/>"#) + Self.paragraph("Body")
    let document = try DocumentReader().read(bytes: Self.document(body, styles: styles), name: "d.docx")
    #expect(document.format == .docx)
    #expect(document.blocks.compactMap { $0.kind.headingLevel } == [2, 2, 3])
    #expect(document.text == "Two\nBased\nOutline\nBody\nThe note.")
  }

  /// ECMA-376 Part 1, 17.3.1.20 and 17.7.4.3: the outline level comes from the paragraph, else the
  /// nearest style on the `w:basedOn` chain that sets one; 9 is body text; levels 7–9 are kept.
  @Test func theOutlineLevelFollowsTheStyleChainAndBodyTextEndsIt() throws {
    let styles =
      #"<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/>"#
      + #"<w:pPr><w:outlineLvl w:val="0"/></w:pPr></w:style>"#
      // Word's built-in TOC Heading: based on Heading 1, body text itself.
      + #"<w:style w:type="paragraph" w:styleId="TOCHeading"><w:name w:val="TOC Heading"/>"#
      + #"<w:basedOn w:val="Heading1"/><w:pPr><w:outlineLvl w:val="9"/></w:pPr></w:style>"#
      + #"<w:style w:type="paragraph" w:styleId="Heading8"><w:name w:val="heading 8"/></w:style>"#
      // A style named like a heading whose own outline level says level 3.
      + #"<w:style w:type="paragraph" w:styleId="Chapter"><w:name w:val="heading 1"/>"#
      + #"<w:pPr><w:outlineLvl w:val="2"/></w:pPr></w:style>"#
      + #"<w:style w:type="paragraph" w:styleId="ListParagraph"><w:name w:val="List Paragraph"/></w:style>"#
      // A cycle of bases ends.
      + #"<w:style w:type="paragraph" w:styleId="A"><w:name w:val="A"/><w:basedOn w:val="B"/></w:style>"#
      + #"<w:style w:type="paragraph" w:styleId="B"><w:name w:val="B"/><w:basedOn w:val="A"/></w:style>"#
    let item = #"<w:numPr><w:ilvl w:val="0"/><w:numId w:val="3"/></w:numPr>"#
    let body =
      Self.paragraph("Contents", #"<w:pStyle w:val="TOCHeading"/>"#)
      + Self.paragraph("Intro", #"<w:pStyle w:val="Heading1"/>"#)
      + Self.paragraph("Deep", #"<w:pStyle w:val="Heading8"/>"#)
      + Self.paragraph("Third", #"<w:pStyle w:val="Chapter"/>"#)
      + Self.paragraph("Plain", #"<w:pStyle w:val="Heading1"/><w:outlineLvl w:val="9"/>"#)
      + Self.paragraph("Item", #"<w:pStyle w:val="ListParagraph"/>"# + item)
      + Self.paragraph("Loop", #"<w:pStyle w:val="A"/>"#)
    let document = try DocumentReader().read(bytes: Self.document(body, styles: styles), name: "d.docx")
    let headings = document.blocks.compactMap { block -> String? in
      guard let level = block.kind.headingLevel else { return nil }
      let text = document.text.utf8.dropFirst(block.range.start).prefix(block.range.end - block.range.start)
      return "\(level) \(String(text)!)"
    }
    #expect(headings == ["1 Intro", "8 Deep", "3 Third"])
    #expect(document.blocks.contains { $0.kind == .listItem })
  }

  /// Issue 55: a part nested 20,000 deep (content controls in content controls) crashed the
  /// reader's recursive walks; past the depth limit elements are left out, said once, and the rest
  /// is read.
  @Test func aPartNestedDeeperThanTheLimitIsReadWithAWarning() throws {
    let depth = 20_000
    let nested =
      String(repeating: "<w:sdt><w:sdtContent>", count: depth) + Self.paragraph("Deep")
      + String(repeating: "</w:sdtContent></w:sdt>", count: depth)
    let body = Self.paragraph("Before") + nested + Self.paragraph("After")
    let document = try DocumentReader().read(bytes: Self.document(body), name: "d.docx")
    #expect(document.text.hasPrefix("Before\nAfter"))
    let warning = try #require(document.diagnostics.first { $0.message.contains("nested deeper than") })
    #expect(warning.entry == "word/document.xml")
  }

  @Test func listsTablesLinksLanguagesImagesAndTrackedChanges() throws {
    let item = #"<w:numPr><w:ilvl w:val="0"/><w:numId w:val="3"/></w:numPr>"#
    let body =
      Self.paragraph("first", item) + Self.paragraph("second", item)
      + #"<w:tbl><w:tr><w:trPr><w:tblHeader/></w:trPr><w:tc><w:p><w:r><w:t>Name</w:t></w:r></w:p></w:tc></w:tr>"#
      + #"<w:tr><w:tc><w:p><w:r><w:t>Ann</w:t></w:r></w:p></w:tc></w:tr></w:tbl>"#
      + #"<w:p><w:hyperlink r:id="rId1"><w:r><w:t>site</w:t></w:r></w:hyperlink>"#
      + #"<w:r><w:rPr><w:lang w:val="de-DE"/></w:rPr><w:t xml:space="preserve"> Tag</w:t></w:r>"#
      + #"<w:del><w:r><w:delText>old</w:delText></w:r></w:del><w:ins><w:r><w:t xml:space="preserve"> new</w:t></w:r></w:ins>"#
      + #"<w:r><w:drawing><wp:inline xmlns:wp="wp"><wp:docPr id="1" descr="A bridge"/></wp:inline></w:drawing></w:r></w:p>"#
    let document = try DocumentReader().read(bytes: Self.document(body), name: "d.docx")
    #expect(document.text == "first\nsecond\nName\nAnn\nsite Tag new A bridge\nThe note.")
    #expect(document.blocks.contains { $0.kind == .listItem })
    #expect(document.blocks.contains { $0.kind == .tableCell(header: true) && document[$0.range] == "Name" })
    #expect(document.blocks.contains { $0.kind == .tableCell(header: false) && document[$0.range] == "Ann" })
    #expect(document.runs.contains { $0.attribute == .link(target: "https://example.org/", name: nil) })
    #expect(document.runs.contains { $0.attribute == .language("de-DE") && document[$0.range] == "Tag" })
    #expect(document.runs.contains { $0.attribute == .image(source: nil) && document[$0.range] == "A bridge" })
    #expect(document.diagnostics.contains { $0.message.contains("tracked deletions") })
    let note = document.sourceMap.sourceOffset(forTextOffset: document.text.utf8.count - 2)
    #expect(document.sourceMap.partLocation(forSourceOffset: note)?.name == "word/footnotes.xml")
  }

  @Test func aLinkKeepsItsAnchorAndANoteItsOwnRelationships() throws {
    let hyperlink = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink"
    var zip = StoredZip()
    zip.add("[Content_Types].xml", "<Types/>")
    zip.add(
      "word/document.xml",
      "<w:document \(Self.namespaces)><w:body>"
        + #"<w:p><w:hyperlink r:id="rId1" w:anchor="part-2"><w:r><w:t>spec</w:t></w:r></w:hyperlink></w:p>"#
        + "</w:body></w:document>")
    zip.add(
      "word/_rels/document.xml.rels",
      #"<Relationships><Relationship Id="rId1" Type="\#(hyperlink)" Target="https://example.org/spec"/>"#
        + #"<Relationship Id="rId8" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/customXml" Target="../customXml/item1.xml"/></Relationships>"#
    )
    zip.add(
      "word/footnotes.xml",
      "<w:footnotes \(Self.namespaces)><w:footnote w:id=\"2\"><w:p>"
        + #"<w:hyperlink r:id="rId8"><w:r><w:t>source</w:t></w:r></w:hyperlink></w:p></w:footnote></w:footnotes>"#)
    zip.add(
      "word/_rels/footnotes.xml.rels",
      #"<Relationships><Relationship Id="rId8" Type="\#(hyperlink)" Target="https://example.org/source"/></Relationships>"#
    )
    let document = try DocumentReader().read(bytes: zip.bytes, name: "d.docx")
    let links = document.runs.compactMap { run -> String? in
      if case .link(let target, _) = run.attribute { return target }
      return nil
    }
    #expect(links == ["https://example.org/spec#part-2", "https://example.org/source"])
  }

  @Test func anExternalEntityInTheDocumentIsLeftOutWithAWarningNamingThePart() throws {
    var zip = StoredZip()
    zip.add("[Content_Types].xml", "<Types/>")
    zip.add(
      "word/document.xml",
      "<!DOCTYPE d [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>\n<w:document \(Self.namespaces)><w:body>"
        + "<w:p><w:r><w:t>Before &e; after.</w:t></w:r></w:p></w:body></w:document>")
    let document = try DocumentReader().read(bytes: zip.bytes, name: "d.docx")
    #expect(document.text == "Before after.")
    let warning = try #require(document.diagnostics.first { $0.message.contains("external entity 'e'") })
    #expect(warning.entry == "word/document.xml")
    #expect(warning.line == 2)
    #expect(warning.changesText)
  }
}
