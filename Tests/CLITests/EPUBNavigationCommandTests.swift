import Foundation
import Testing

/// An EPUB's navigation end to end (issue 46): its contents, pages, guide and notes rotors in
/// `rotor` and `browse`, resuming in a book, JSON's `input.entry`, and batch's formats.
@Suite(.serialized) struct EPUBNavigationCommandTests {
  /// A two-chapter book with a navigation document (toc, page-list, landmarks) and endnotes.
  static let maker = """
    X = '<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="en"><head><title>t</title></head><body>%s</body></html>'
    z = zipfile.ZipFile('nav.epub', 'w', zipfile.ZIP_DEFLATED)
    z.writestr('mimetype', 'application/epub+zip', zipfile.ZIP_STORED)
    z.writestr('META-INF/container.xml', '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>')
    z.writestr('OEBPS/content.opf', '<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Nav Book</dc:title><dc:language>en</dc:language></metadata><manifest><item id="nav" href="nav.xhtml" properties="nav" media-type="application/xhtml+xml"/><item id="c1" href="text/one.xhtml" media-type="application/xhtml+xml"/><item id="c2" href="text/two.xhtml" media-type="application/xhtml+xml"/></manifest><spine><itemref idref="c1"/><itemref idref="c2"/></spine></package>')
    z.writestr('OEBPS/nav.xhtml', X % ('<nav epub:type="toc"><ol><li><a href="text/one.xhtml">Chapter One</a><ol><li><a href="text/one.xhtml#storm">The Storm</a></li></ol></li><li><a href="text/two.xhtml#c2">Chapter Two</a></li></ol></nav>'
      '<nav epub:type="page-list" hidden=""><ol><li><a href="text/one.xhtml#p1">1</a></li><li><a href="text/one.xhtml#p2">2</a></li><li><a href="text/two.xhtml#p3">3</a></li></ol></nav>'
      '<nav epub:type="landmarks"><ol><li><a epub:type="bodymatter" href="text/one.xhtml">Start of content</a></li><li><a epub:type="endnotes" href="text/two.xhtml#notes">Notes</a></li></ol></nav>'))
    z.writestr('OEBPS/text/one.xhtml', X % ('<span epub:type="pagebreak" id="p1" title="1"/><h1>Chapter One</h1><p>It was calm.<a epub:type="noteref" href="two.xhtml#n1">1</a></p><span epub:type="pagebreak" id="p2" title="2"/><h2 id="storm">The Storm</h2><p>Then the wind rose.</p>'))
    z.writestr('OEBPS/text/two.xhtml', X % ('<h1 id="c2">Chapter Two</h1><span epub:type="pagebreak" id="p3" title="3"/><p>The sea went quiet.<a epub:type="noteref" id="r2" href="#n2">2</a></p><section epub:type="endnotes" id="notes"><h2>Notes</h2><aside epub:type="endnote" id="n1"><p>Calm is relative.</p></aside><aside epub:type="endnote" id="n2"><p>Quiet, too.</p></aside></section>'))
    z.close()
    open('page.html', 'w').write('<h1>Plain</h1><p>No book here.</p>')
    """

  static func folder() throws -> String { try ContainerCommandTests.build(maker) }

  @Test func rotorListsTheBooksContentsPagesGuideAndNotes() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let book = folder + "/nav.epub"
    func list(_ rotor: String) throws -> [String] {
      let result = try CLIRunner.run(["rotor", "--rotor", rotor, "--list", book])
      #expect(result.status == 0, "\(result.stderr)")
      // "1. line 1:203, offset 0: Chapter One" → "offset 0: Chapter One"
      return result.stdout.split(separator: "\n").map { line in
        line.range(of: "offset ").map { String(line[$0.lowerBound...]) } ?? String(line)
      }
    }
    #expect(
      try list("contents") == [
        "3 contents entries", "offset 0: Chapter One", "offset 26: The Storm", "offset 56: Chapter Two",
      ])
    #expect(try list("pages") == ["3 pages", "offset 0: page 1", "offset 26: page 2", "offset 68: page 3"])
    #expect(try list("guide") == ["2 guide landmarks", "offset 0: Start of content", "offset 89: Notes"])
    #expect(
      try list("notes") == [
        "4 notes", "offset 24: note reference 1", "offset 87: note reference 2",
        "offset 95: endnote: Calm is relative.", "offset 113: endnote: Quiet, too.",
      ])
    // An HTML page has none of them, and its rotor list is as it was.
    let page = try CLIRunner.run(["rotor", "--rotor", "contents", "--list", folder + "/page.html"])
    #expect(page.status == 2)
    #expect(page.stderr.contains("this document has no table of contents"))
    #expect(page.stderr.hasSuffix("heading6\n"))
    #expect(!page.stderr.contains(", contents"))
  }

  @Test func jsonInputNamesTheEntryWithItsLineAndColumn() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let result = try CLIRunner.run(["rotor", "--rotor", "notes", "--list", "--format", "json", folder + "/nav.epub"])
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    let items = object?["items"] as? [[String: Any]] ?? []
    let inputs = items.map { $0["input"] as? [String: Any] ?? [:] }
    #expect(
      inputs.map { $0["entry"] as? String } == [
        "OEBPS/text/one.xhtml", "OEBPS/text/two.xhtml", "OEBPS/text/two.xhtml", "OEBPS/text/two.xhtml",
      ])
    #expect(inputs.allSatisfy { ($0["line"] as? Int) == 1 })
    // A page read alone has no entry.
    let page = try CLIRunner.run(["parse", "--format", "json", folder + "/page.html"])
    #expect(!page.stdout.contains("\"entry\""))
  }

  /// The text and TSV lines name the chapter and count its lines, as JSON's `input` does (they gave
  /// the line of the book's chapters laid end to end, which is in no file).
  @Test func textLinesNameTheChapterWithItsLineAndColumn() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let book = folder + "/nav.epub"
    let notes = try CLIRunner.run(["rotor", "--rotor", "notes", "--list", book])
    #expect(notes.status == 0, "\(notes.stderr)")
    #expect(
      notes.stdout.split(separator: "\n").dropFirst().allSatisfy {
        $0.contains(". OEBPS/text/") && $0.contains(", line 1:")
      })
    #expect(notes.stdout.contains("2. OEBPS/text/two.xhtml, line 1:"))
    let json = try CLIRunner.run(["detect", "--kinds", "link", "--format", "json", book]).stdout
    let text = try CLIRunner.run(["detect", "--kinds", "link", "--format", "text", book]).stdout
    let tsv = try CLIRunner.run(["detect", "--kinds", "link", "--format", "tsv", book]).stdout
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    let places = (object?["detections"] as? [[String: Any]] ?? []).map { detection -> String in
      let input = detection["input"] as? [String: Any] ?? [:]
      return "\(input["entry"] as? String ?? "?"):\(input["line"] as? Int ?? 0):\(input["column"] as? Int ?? 0)"
    }
    #expect(!places.isEmpty)
    #expect(text.split(separator: "\n").map { String($0.split(separator: " ")[1]) } == places)
    #expect(tsv.split(separator: "\n").dropFirst().map { String($0.split(separator: "\t")[3]) } == places)
  }

  @Test func browseMovesByContentsPagesAndNotes() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let script = "rotor contents\nnext\nnext\nrotor pages\nnext\nnext\nrotor notes\nnext\nnext\nrotors\n"
    let result = try CLIRunner.run(["browse", folder + "/nav.epub"], input: Data(script.utf8))
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(
      Array(lines.prefix(9)) == [
        "Contents entries, 3 items", "Chapter One, 1 of 3", "The Storm, 2 of 3", "Pages, 3 items",
        "Page 3, 3 of 3: The sea went quiet dot 2", "No next item", "Notes, 4 items",
        "Note reference 2, 2 of 4", "Endnote: Calm is relative., 3 of 4",
      ])
    #expect(lines.last?.hasSuffix("heading6, contents, guide, notes, pages") == true)
    let start = try CLIRunner.run(["browse", "--rotor", "pages", folder + "/nav.epub"], input: Data("next\n".utf8))
    #expect(start.stdout.contains("Page 1, 1 of 3: Chapter One"))
  }

  /// Resuming in a book (pseudo-terminal, as BrowseReadingTests): Left wraps to the last rotor,
  /// pages; Down twice; the next session resumes at page 2's line.
  @Test(.disabled(if: PseudoTerminal.python3 == nil, "python3 drives the pseudo-terminal"))
  func browseResumesInABook() throws {
    let folder = try Self.folder()
    let state = try freshFolder("epub-state")
    defer {
      try? FileManager.default.removeItem(atPath: folder)
      try? FileManager.default.removeItem(atPath: state)
    }
    let left = Array("\u{1B}[D".utf8)
    let down = Array("\u{1B}[B".utf8)
    let quit: [UInt8] = [0x04]
    let first = try PseudoTerminal.run(
      ["browse", folder + "/nav.epub"], steps: [left, down, down, quit].map { PseudoTerminal.Step(send: $0) },
      environment: ["XDG_STATE_HOME": state])
    try #require(first.count == 5)
    #expect(first[1].contains("Pages, 3 items"))
    #expect(first[3].contains("Page 2, 2 of 3: The Storm"))
    let second = try PseudoTerminal.run(
      ["browse", folder + "/nav.epub"], steps: [down, quit].map { PseudoTerminal.Step(send: $0) },
      environment: ["XDG_STATE_HOME": state])
    try #require(second.count == 3)
    #expect(second[0].contains("Resuming at ") && second[0].contains("percent: The Storm"))
    // Down goes on from there in the rotor of the last session... or headings: either way past page 2.
    #expect(!second[1].contains("Chapter One"))
  }

  @Test func batchNamesEveryFormatAndReadsABookByPath() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let input = """
      {"id":"bad","content":"x","format":"pdf"}
      {"id":"book","path":"nav.epub","format":"epub"}
      """
    let result = try CLIRunner.run(["batch", "--root", folder], input: Data(input.utf8))
    let lines = result.stdout.split(separator: "\n").map { String($0) }
    try #require(lines.count == 2)
    #expect(lines[0].contains("unknown format \\\"pdf\\\": use html, xml, text, epub, docx or markdown"))
    #expect(!lines[1].contains("\"error\""))
  }
}
