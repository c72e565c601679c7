import TestSupport
import Testing
import TextModel

@testable import DocumentParsing

/// An EPUB's navigation (issue 46): the navigation document's toc, page-list and landmarks, the
/// NCX and guide of an EPUB 2 book, `epub:type` notes, each at the text its target names.
@Suite struct EPUBNavigationTests {
  static let xhtml =
    #"<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="en"><body>"#

  /// A book of two chapters in `OPS/text/`, a navigation document in `OPS/` (or an NCX and a guide).
  static func book(epub2: Bool = false, extra: (inout StoredZip) -> Void = { _ in }) -> [UInt8] {
    var zip = StoredZip()
    zip.add("mimetype", "application/epub+zip")
    zip.add(
      "META-INF/container.xml",
      #"<container xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles>"#
        + #"<rootfile full-path="OPS/package.opf"/></rootfiles></container>"#)
    let navItem =
      epub2
      ? #"<item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>"#
      : #"<item id="nav" href="nav.xhtml" properties="nav" media-type="application/xhtml+xml"/>"#
    zip.add(
      "OPS/package.opf",
      #"<package xmlns="http://www.idpf.org/2007/opf"><metadata/><manifest>"# + navItem
        + #"<item id="one" href="text/one.xhtml" media-type="application/xhtml+xml"/>"#
        + #"<item id="two" href="text/two.xhtml" media-type="application/xhtml+xml"/></manifest>"#
        + (epub2 ? #"<spine toc="ncx">"# : "<spine>") + #"<itemref idref="one"/><itemref idref="two"/></spine>"#
        + (epub2 ? #"<guide><reference type="notes" title="The notes" href="text/two.xhtml#notes"/></guide>"# : "")
        + "</package>")
    zip.add(
      "OPS/nav.xhtml",
      xhtml + #"<nav epub:type="toc"><ol><li><a href="text/one.xhtml">Chapter One</a><ol>"#
        + #"<li><a href="text/one.xhtml#storm">The Storm</a></li></ol></li>"#
        + #"<li><a href="text/two.xhtml#c2">Chapter Two</a></li><li><a href="text/two.xhtml#gone">Gone</a></li></ol></nav>"#
        + #"<nav epub:type="page-list" hidden=""><ol><li><a href="text/one.xhtml#p1">1</a></li>"#
        + #"<li><a href="text/one.xhtml#p2">2</a></li><li><a href="text/two.xhtml#p3">iii</a></li></ol></nav>"#
        + #"<nav epub:type="landmarks"><ol><li><a epub:type="bodymatter" href="text/one.xhtml">Start</a></li>"#
        + #"<li><a href="text/two.xhtml#notes">Notes</a></li></ol></nav></body></html>"#)
    zip.add(
      "OPS/toc.ncx",
      #"<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/"><navMap>"#
        + #"<navPoint id="a"><navLabel><text>Chapter One</text></navLabel><content src="text/one.xhtml"/>"#
        + #"<navPoint id="b"><navLabel><text>The Storm</text></navLabel><content src="text/one.xhtml#storm"/></navPoint>"#
        + #"</navPoint></navMap><pageList><pageTarget type="normal" value="2"><navLabel><text>2</text></navLabel>"#
        + #"<content src="text/one.xhtml#p2"/></pageTarget></pageList></ncx>"#)
    zip.add(
      "OPS/text/one.xhtml",
      xhtml + #"<span epub:type="pagebreak" id="p1" title="1"/><h1>Chapter One</h1><p>It was calm.<a "#
        + #"epub:type="noteref" href="two.xhtml#n1">1</a></p><span epub:type="pagebreak" id="p2" title="2"/>"#
        + #"<h2 id="storm">The Storm</h2><p>Then the wind rose.</p></body></html>"#)
    zip.add(
      "OPS/text/two.xhtml",
      xhtml + #"<h1 id="c2">Chapter Two</h1><span epub:type="pagebreak" id="p3"/><p>The sea went quiet.<a "#
        + ##"epub:type="noteref" id="r2" href="#n2">2</a></p><section epub:type="endnotes" id="notes"><h2>Notes</h2>"##
        + #"<aside epub:type="endnote" id="n1"><p>Calm is relative.</p></aside>"#
        + #"<aside epub:type="endnote" id="n2"><p>Quiet, too.</p></aside></section></body></html>"#)
    extra(&zip)
    return zip.bytes
  }

  static func entries(_ document: TextDocument, _ list: String) -> [String] {
    document.navigation.filter { $0.list == list }.map { "\($0.label)|\(document[$0.range])" }
  }

  @Test func theTableOfContentsPointsAtChaptersAndTheirIds() throws {
    let document = try DocumentReader().read(bytes: Self.book(), name: "nav.epub")
    // A target with no fragment is its chapter's first line; an unknown id ("gone") is left out.
    #expect(
      Self.entries(document, "contents") == [
        "Chapter One|Chapter One", "The Storm|The Storm", "Chapter Two|Chapter Two",
      ])
    #expect(document.navigation.filter { $0.list == "contents" }.map(\.level) == [1, 2, 1])
  }

  @Test func thePageListSaysPageAndAnEmptyPageBreakIsTheLineAfterIt() throws {
    let document = try DocumentReader().read(bytes: Self.book(), name: "nav.epub")
    #expect(
      Self.entries(document, "pages") == [
        "page 1|Chapter One", "page 2|The Storm", "page iii|The sea went quiet.2",
      ])
  }

  @Test func landmarksAndNotesAreListed() throws {
    let document = try DocumentReader().read(bytes: Self.book(), name: "nav.epub")
    #expect(Self.entries(document, "guide").map { $0.prefix { $0 != "|" } } == ["Start", "Notes"])
    let notes = document.navigation.filter { $0.list == "notes" }.sorted { $0.range.start < $1.range.start }
    #expect(
      notes.map { "\($0.label)|\(document[$0.range])" } == [
        "note reference 1|1", "note reference 2|2", "endnote: Calm is relative.|Calm is relative.",
        "endnote: Quiet, too.|Quiet, too.",
      ])
  }

  @Test func anEPUB2BookHasItsNCXAndGuide() throws {
    let document = try DocumentReader().read(bytes: Self.book(epub2: true), name: "old.epub")
    #expect(Self.entries(document, "contents") == ["Chapter One|Chapter One", "The Storm|The Storm"])
    #expect(Self.entries(document, "pages") == ["page 2|The Storm"])
    #expect(Self.entries(document, "guide").first?.hasPrefix("The notes|Notes") == true)
  }

  @Test func otherDocumentsHaveNoNavigation() throws {
    let document = try HTMLReader().read(
      bytes: Array(##"<nav epub:type="toc"><ol><li><a href="#a">A</a></li></ol></nav><h1 id="a">A</h1>"##.utf8))
    #expect(document.navigation.isEmpty)
  }

  /// A spine item that is itself a ZIP (issue 46's hostile containers) is never opened: left out with
  /// a diagnostic, the rest of the book read.
  @Test func aZipInsideTheZipIsLeftOutNamingIt() throws {
    var inner = StoredZip()
    inner.add("mimetype", "application/epub+zip")
    inner.add("OPS/text/one.xhtml", "<p>Inner.</p>")
    let innerBytes = inner.bytes
    let bytes = StoredZip.book { zip in
      if let index = zip.entries.firstIndex(where: { $0.name == "OPS/text/one.xhtml" }) {
        zip.entries[index].data = innerBytes
      }
    }
    let document = try DocumentReader().read(bytes: bytes, name: "nested.epub")
    #expect(document.text == "Deux\nBonjour.")
    #expect(
      document.diagnostics.contains {
        $0.message.contains("spine item 'OPS/text/one.xhtml' is binary data") && $0.message.contains("left out")
      })
  }
}
