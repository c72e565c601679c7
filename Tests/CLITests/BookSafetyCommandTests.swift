import Foundation
import Testing

/// Issue 55 rows 2, 6 and 14 end to end: hostile and damaged books read by the built binary, what
/// is left out said on standard error by default (`--quiet` silences), limits named with numbers.
@Suite struct BookSafetyCommandTests {
  static let writer = """
    HEAD = '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>'
    def book(name, items, spine, files):
        z = zipfile.ZipFile(name, 'w', zipfile.ZIP_DEFLATED)
        z.writestr('mimetype', 'application/epub+zip', zipfile.ZIP_STORED)
        z.writestr('META-INF/container.xml', HEAD)
        z.writestr('OEBPS/content.opf', '<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>The Book</dc:title><dc:language>en</dc:language></metadata><manifest>%s</manifest><spine>%s</spine></package>' % (items, spine))
        for n, d in files.items(): z.writestr(n, d)
        z.close()
    def xhtml(body): return '<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml" lang="en"><head><title>t</title></head><body>%s</body></html>' % body
    def item(i, href): return '<item id="%s" href="%s" media-type="application/xhtml+xml"/>' % (i, href)

    """

  static func make(_ python: String) throws -> String {
    try ContainerCommandTests.build(writer + python)
  }

  /// Each listing is read (EPUB reading systems render them all), from one parse of the chapter,
  /// until the text the repeats add passes 10 MiB plus ten times the book's size.
  @Test(arguments: [(4000, 200_000, 10, 3989), (20000, 18_000, 116, 19883)])
  func aSpineThatRepeatsOneChapterStopsAtTheAmplificationLimitQuickly(
    times: Int, words: Int, repeats: Int, leftOut: Int
  ) throws {
    let folder = try Self.make(
      """
      book('rep.epub', item('c', 'ch.xhtml'), '<itemref idref="c"/>' * \(times), {'OEBPS/ch.xhtml': xhtml('<p>' + 'word ' * \(words) + 'END</p>')})
      """)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let size = try FileManager.default.attributesOfItem(atPath: folder + "/rep.epub")[.size] as? Int ?? 0
    let started = Date()
    let result = try CLIRunner.run(["parse", folder + "/rep.epub"])
    // Release build: 0.2 s and under 100 MB (main: minutes and gigabytes).
    #expect(Date().timeIntervalSince(started) < 30)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.components(separatedBy: "END").count == repeats + 2)
    let column = 318 + 20 * repeats
    #expect(
      result.stderr
        == "textrotor: \(folder)/rep.epub:OEBPS/content.opf:1:\(column): warning: the spine lists its items again past "
        + "the limit of \((10 << 20) + 10 * size) bytes of repeated text (10 MiB plus ten times the book's size): "
        + "\(leftOut) itemref(s) from here on are left out\n")
  }

  @Test func aBookPastTheInflateLimitIsRefusedNamingTheLimitAndTheNumbers() throws {
    let folder = try Self.make(
      """
      items = ''.join(item('c%d' % i, 'c%d.xhtml' % i) for i in range(4))
      spine = ''.join('<itemref idref="c%d"/>' % i for i in range(4))
      book('big.epub', items, spine, dict(('OEBPS/c%d.xhtml' % i, xhtml('<p>' + 'word ' * 200000 + '</p>')) for i in range(4)))
      """)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let result = try CLIRunner.run(["parse", "--max-input-bytes", "2500000", folder + "/big.epub"])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr.hasPrefix(
        "textrotor: \(folder)/big.epub: the container inflates past the limit of 2500000 bytes (--max-input-bytes): "
          + "the entries read so far inflate to "), "\(result.stderr)")
    #expect(result.stderr.contains("and entry 'OEBPS/c2.xhtml' adds 1000"), "\(result.stderr)")
  }

  @Test func aControlCharacterInAnUnusedManifestHrefLeavesTheBookReadable() throws {
    let folder = try Self.make(
      """
      book('ctrl.epub', item('c', 'ch.xhtml') + '<item id="u" href="x\\x01y.png" media-type="image/png"/>', '<itemref idref="c"/>', {'OEBPS/ch.xhtml': xhtml('<h1>Chapter</h1><p>Hello there.</p>')})
      """)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let result = try CLIRunner.run(["parse", folder + "/ctrl.epub"])
    #expect(result.status == 0)
    #expect(result.stdout.hasSuffix("Heading 1: Chapter\nHello there.\n"), "\(result.stdout)")
    #expect(
      result.stderr
        == "textrotor: \(folder)/ctrl.epub:OEBPS/content.opf:1:300: warning: 1 control character(s) that XML does "
        + "not allow (the first U+0001) were read as spaces\n")
  }

  @Test func leftOutSpineItemsAndEntitiesAreSaidByDefaultAndQuietSilencesThem() throws {
    let folder = try Self.make(
      """
      items = item('c', 'ch.xhtml') + item('m', 'missing.xhtml') + item('b', 'bin.xhtml')
      book('cuts.epub', items, '<itemref idref="c"/><itemref idref="m"/><itemref idref="b"/>', {'OEBPS/ch.xhtml': xhtml('<p>Hello there.</p>'), 'OEBPS/bin.xhtml': b'\\x89PNG\\r\\n\\x1a\\n' + bytes(200)})
      ent = '<?xml version="1.0"?><!DOCTYPE html [<!ENTITY e SYSTEM "file:///etc/passwd">]><html xmlns="http://www.w3.org/1999/xhtml" lang="en"><head><title>t</title></head><body><p>Before &e; after.</p></body></html>'
      book('entity.epub', item('c', 'ch.xhtml'), '<itemref idref="c"/>', {'OEBPS/ch.xhtml': ent})
      W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
      z = zipfile.ZipFile('entity.docx', 'w', zipfile.ZIP_DEFLATED)
      z.writestr('[Content_Types].xml', '<Types/>')
      z.writestr('word/document.xml', '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY e SYSTEM "file:///etc/passwd">]><w:document %s><w:body><w:p><w:r><w:t>Before &e; after.</w:t></w:r></w:p></w:body></w:document>' % W)
      z.close()
      """)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let entity =
      "warning: external entity 'e' was not loaded (external entities never are, for safety); its text is left out"
    let expected: [(String, [String])] = [
      (
        "cuts.epub",
        [
          "textrotor: \(folder)/cuts.epub:OEBPS/content.opf:1:454: warning: spine item 'OEBPS/missing.xhtml' is not in "
            + "the book; it is left out",
          "textrotor: \(folder)/cuts.epub:OEBPS/content.opf:1:474: warning: spine item 'OEBPS/bin.xhtml' is binary data "
            + "(a PNG image); it is left out",
        ]
      ),
      ("entity.epub", ["textrotor: \(folder)/entity.epub:OEBPS/ch.xhtml:1:177: \(entity)"]),
      ("entity.docx", ["textrotor: \(folder)/entity.docx:word/document.xml:1:189: \(entity)"]),
    ]
    for (file, lines) in expected {
      let result = try CLIRunner.run(["parse", folder + "/" + file])
      #expect(result.status == 0, "\(file)")
      #expect(!result.stdout.contains("&e;"), "\(file)")
      #expect(result.stderr == lines.joined(separator: "\n") + "\n", "\(file)")
      let quiet = try CLIRunner.run(["parse", "--quiet", folder + "/" + file])
      #expect(quiet.stderr.isEmpty, "\(file)")
      #expect(quiet.stdout == result.stdout, "\(file)")
    }
  }

  @Test func aBookThatYieldsNoTextIsAnInputError() throws {
    let folder = try Self.make(
      """
      book('empty.epub', item('m', 'missing.xhtml'), '<itemref idref="m"/>', {})
      """)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for command in [["parse"], ["audit"]] {
      let result = try CLIRunner.run(command + [folder + "/empty.epub"])
      #expect(result.status == 1)
      #expect(result.stdout.isEmpty)
      #expect(
        result.stderr
          == "textrotor: \(folder)/empty.epub: the book has no text to read: spine item 'OEBPS/missing.xhtml' is not "
          + "in the book\n")
    }
  }
}
