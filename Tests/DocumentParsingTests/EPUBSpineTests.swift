import TestSupport
import Testing
import TextModel

@testable import DocumentParsing

/// The spine of an EPUB read safely (issue 55 rows 2, 6 and 14): each entry once, what cannot be
/// read left out with a warning placed at its itemref, a book without text refused.
@Suite struct EPUBSpineTests {
  static let container =
    #"<container xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles>"#
    + #"<rootfile full-path="OPS/package.opf"/></rootfiles></container>"#

  /// A book with `manifest` items and `spine` itemrefs (one per line, from line 2) and `files`.
  static func book(
    manifest: String, spine: [String], files: [(String, String)], raw: [(String, [UInt8])] = []
  ) -> [UInt8] {
    var zip = StoredZip()
    zip.add("mimetype", "application/epub+zip")
    zip.add("META-INF/container.xml", container)
    zip.add(
      "OPS/package.opf",
      #"<package xmlns="http://www.idpf.org/2007/opf"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/">"#
        + "<dc:title>T</dc:title></metadata><manifest>\(manifest)</manifest><spine>\n"
        + spine.joined(separator: "\n") + "\n</spine></package>")
    for (name, text) in files { zip.add(name, text) }
    for (name, bytes) in raw { zip.entries.append((name, bytes, 0)) }
    return zip.bytes
  }

  static func chapter(_ body: String) -> String {
    #"<html xmlns="http://www.w3.org/1999/xhtml" lang="en"><body>"# + body + "</body></html>"
  }

  static let one = #"<item id="one" href="one.xhtml" media-type="application/xhtml+xml"/>"#

  @Test func aSpineThatListsAnEntryAgainReadsItAtEachListingWithoutAWarning() throws {
    // EPUB reading systems render each listing (w3c/epub-tests pkg-spine-duplicate-item-rendering).
    let bytes = Self.book(
      manifest: Self.one + #"<item id="again" href="./one.xhtml" media-type="application/xhtml+xml"/>"#,
      spine: [#"<itemref idref="one"/>"#, #"<itemref idref="one"/>"#, #"<itemref idref="again"/>"#],
      files: [("OPS/one.xhtml", Self.chapter("<p>Call me Ishmael.</p>"))])
    let book = try EPUBReader().read(bytes: bytes, name: "b.epub")
    #expect(book.text == "Call me Ishmael.\nCall me Ishmael.\nCall me Ishmael.")
    #expect(book.diagnostics.filter(\.changesText).isEmpty)
    let third = book.sourceMap.inputLocation(forTextOffset: book.text.utf8.count - 3)
    #expect(third.entry == "OPS/one.xhtml")
  }

  @Test func aControlCharacterInAnUnusedHrefLeavesTheBookReadable() throws {
    let bytes = Self.book(
      manifest: Self.one + "<item id=\"bad\" href=\"x\u{1}y.png\" media-type=\"image/png\"/>",
      spine: [#"<itemref idref="one"/>"#], files: [("OPS/one.xhtml", Self.chapter("<h1>One</h1><p>Text.</p>"))])
    let book = try EPUBReader().read(bytes: bytes, name: "b.epub")
    #expect(book.text == "One\nText.")
    let warning = try #require(book.diagnostics.first { $0.message.contains("control character") })
    #expect(warning.entry == "OPS/package.opf")
    #expect(warning.description.hasPrefix("OPS/package.opf:1:"))
    #expect(warning.changesText)
  }

  @Test func missingBinaryAndUnknownSpineItemsAreSaidAtTheirItemrefsAndTheRestIsRead() throws {
    let bytes = Self.book(
      manifest: Self.one + #"<item id="gone" href="gone.xhtml" media-type="application/xhtml+xml"/>"#
        + #"<item id="png" href="p.xhtml" media-type="application/xhtml+xml"/>"#,
      spine: [
        #"<itemref idref="gone"/>"#, #"<itemref idref="png"/>"#, #"<itemref idref="nope"/>"#,
        #"<itemref idref="one"/>"#,
      ],
      files: [("OPS/one.xhtml", Self.chapter("<p>Kept.</p>"))],
      raw: [("OPS/p.xhtml", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0, count: 64))])
    let book = try EPUBReader().read(bytes: bytes, name: "b.epub")
    #expect(book.text == "Kept.")
    let lines = book.diagnostics.filter(\.changesText).map(\.description)
    #expect(
      lines.contains("OPS/package.opf:2:1: warning: spine item 'OPS/gone.xhtml' is not in the book; it is left out"))
    #expect(lines.contains { $0.hasPrefix("OPS/package.opf:3:1: warning: spine item 'OPS/p.xhtml' is binary data") })
    #expect(
      lines.contains("OPS/package.opf:4:1: warning: spine itemref 'nope' names no item of the manifest; it is left out")
    )
  }

  @Test func aBookWhoseSpineYieldsNoTextIsAnErrorSayingWhy() {
    let bytes = Self.book(
      manifest: #"<item id="gone" href="gone.xhtml" media-type="application/xhtml+xml"/>"#,
      spine: [#"<itemref idref="gone"/>"#], files: [])
    #expect(
      throws: ReadError.malformed(
        path: "b.epub", reason: "the book has no text to read: spine item 'OPS/gone.xhtml' is not in the book")
    ) {
      try EPUBReader().read(bytes: bytes, name: "b.epub")
    }
  }

  @Test func aChapterDiagnosticNamesItsEntryAsAPlace() throws {
    let bytes = Self.book(
      manifest: Self.one, spine: [#"<itemref idref="one"/>"#],
      files: [
        (
          "OPS/one.xhtml",
          "<!DOCTYPE html [<!ENTITY e SYSTEM \"file:///etc/passwd\"><!ENTITY app \"Pocket\">]>\n"
            + Self.chapter("<p>Before &e; after &app;.</p>")
        )
      ])
    let book = try EPUBReader().read(bytes: bytes, name: "b.epub")
    #expect(!book.text.contains("&e;"))
    let lines = book.diagnostics.filter(\.changesText).map(\.description)
    #expect(
      lines.contains {
        $0.hasPrefix("OPS/one.xhtml:2:")
          && $0.hasSuffix(
            "external entity 'e' was not loaded (external entities never are, for safety); its text is left out")
      }, "\(lines)")
    #expect(lines.contains { $0.contains("entity 'app' is declared in the DOCTYPE") }, "\(lines)")
  }

  @Test func theContainerBudgetCountsEveryEntryInflatedAndNamesTheNumbers() throws {
    var zip = StoredZip()
    zip.add("a", "123456")
    zip.add("b", "abcdef")
    let archive = try ZipArchive(bytes: zip.bytes, name: "x.epub", maximumBytes: 10)
    #expect(try archive.read("a") == Array("123456".utf8))
    #expect(
      throws: ReadError.malformed(
        path: "x.epub",
        reason:
          "the container inflates past the limit of 10 bytes (--max-input-bytes): the entries read so far inflate "
          + "to 6 bytes and entry 'b' adds 6, 12 in all")
    ) {
      try archive.read("b")
    }
  }
}
