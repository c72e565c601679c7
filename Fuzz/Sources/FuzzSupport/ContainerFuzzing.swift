internal import DocumentParsing
package import TextModel

/// The one harness of the container targets (`zip`, `epub`, `opf`): read the input as a book of one
/// format and check what comes out. Any bytes give a document or a ReadError (never a crash, never a
/// read past the limits); the document keeps the model's invariants, its navigation ranges lie in
/// its text, and its text-format lines reach the terminal with no control byte.
package enum ContainerFuzzing {
  /// What the input is.
  package enum Shape {
    /// A whole ZIP read as a Word document.
    case docx
    /// A whole ZIP read as an EPUB book.
    case epub
    /// An EPUB package document (OPF), then after a NUL byte the bytes of one chapter
    /// (`OPS/one.xhtml`), put in a book with a container, a second chapter, a navigation document,
    /// an NCX and a PNG: the package and spine reader, not libzip's parser, is what is fuzzed.
    case packageDocument
  }

  package static func check(_ data: UnsafePointer<UInt8>?, _ size: Int, as shape: Shape) {
    var input = FuzzInput(data, size)
    var bytes = input.all()
    if shape == .packageDocument { bytes = book(bytes) }
    // A small input limit, so the size checks are reached by small inputs too.
    let options = ReaderOptions(maximumInputBytes: 1 << 20)
    let read: TextDocument?
    switch shape {
    case .docx: read = try? DOCXReader(options: options).read(bytes: bytes)
    case .epub, .packageDocument: read = try? EPUBReader(options: options).read(bytes: bytes)
    }
    guard let document = read else { return }
    invariant(document.format == (shape == .docx ? .docx : .epub), "format \(document.format)")
    if shape != .docx { invariant(!document.text.isEmpty, "a book read without text") }
    for diagnostic in document.diagnostics where diagnostic.entry != nil {
      invariant(diagnostic.line.map { $0 >= 1 } ?? true, "diagnostic line \(diagnostic)")
    }
    let probes = FuzzDocuments.probes(&input, count: 6, limit: document.text.utf8.count)
    Invariants.check(document, probes: probes)
    for entry in document.navigation { Invariants.check(entry.range, in: document.text, "\(entry.list) entry") }
    // Issue 42's convention for containers too: text-format lines (reading view, rotors, the book's
    // navigation rotors, browse) reach the terminal with no control byte but tab and line feed.
    TerminalOutput.check(document, commands: Array(bytes.suffix(12)))
  }

  /// The book around a fuzzed package document (and first chapter, after a NUL).
  static func book(_ input: [UInt8]) -> [UInt8] {
    let split = input.firstIndex(of: 0) ?? input.count
    let package = Array(input[..<split])
    let chapter = split < input.count ? Array(input[(split + 1)...]) : Array(Self.chapterOne.utf8)
    var zip = StoredArchive()
    zip.add("mimetype", Array("application/epub+zip".utf8))
    zip.add(
      "META-INF/container.xml",
      Array(
        (#"<container xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles>"#
          + #"<rootfile full-path="OPS/package.opf"/></rootfiles></container>"#).utf8))
    zip.add("OPS/package.opf", package)
    zip.add("OPS/one.xhtml", chapter)
    zip.add("OPS/two.xhtml", Array(Self.chapterTwo.utf8))
    zip.add("OPS/nav.xhtml", Array(Self.navigation.utf8))
    zip.add("OPS/toc.ncx", Array(Self.ncx.utf8))
    zip.add("OPS/p.png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0, count: 32))
    return zip.bytes
  }

  static let chapterOne =
    #"<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="en"><body>"#
    + ##"<h1 id="c1">One</h1><p>Text <a epub:type="noteref" href="#n1">1</a>.</p>"##
    + #"<aside epub:type="footnote" id="n1">A note.</aside></body></html>"#
  static let chapterTwo =
    #"<html xmlns="http://www.w3.org/1999/xhtml" lang="fr"><body><h1 id="c2">Deux</h1><p>Bonjour.</p></body></html>"#
  static let navigation =
    #"<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><body>"#
    + #"<nav epub:type="toc"><ol><li><a href="one.xhtml#c1">One</a><ol><li><a href="two.xhtml">Two</a></li></ol>"#
    + #"</li></ol></nav><nav epub:type="page-list"><ol><li><a href="two.xhtml#c2">2</a></li></ol></nav></body></html>"#
  static let ncx =
    #"<ncx><navMap><navPoint><navLabel><text>One</text></navLabel><content src="one.xhtml"/></navPoint></navMap>"#
    + #"<pageList><pageTarget><navLabel><text>1</text></navLabel><content src="one.xhtml#c1"/></pageTarget>"#
    + "</pageList></ncx>"
}

/// A stored (uncompressed) ZIP written entry by entry.
struct StoredArchive {
  private var entries: [(name: [UInt8], data: [UInt8])] = []

  mutating func add(_ name: String, _ data: [UInt8]) { entries.append((Array(name.utf8), data)) }

  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }

  var bytes: [UInt8] {
    var out: [UInt8] = []
    var directory: [UInt8] = []
    func le(_ value: Int, _ size: Int, into array: inout [UInt8]) {
      for index in 0..<size { array.append(UInt8(truncatingIfNeeded: value >> (8 * index))) }
    }
    for entry in entries {
      let offset = out.count
      let crc = Int(Self.crc32(entry.data))
      // Local file header: signature, version, flags, method 0 (stored), time, date, CRC, sizes, name.
      le(0x0403_4B50, 4, into: &out)
      for (value, size) in [(20, 2), (0, 2), (0, 2), (0, 2), (0, 2), (crc, 4)] { le(value, size, into: &out) }
      for (value, size) in [(entry.data.count, 4), (entry.data.count, 4), (entry.name.count, 2), (0, 2)] {
        le(value, size, into: &out)
      }
      out += entry.name + entry.data
      le(0x0201_4B50, 4, into: &directory)
      for (value, size) in [(20, 2), (20, 2), (0, 2), (0, 2), (0, 2), (0, 2), (crc, 4)] {
        le(value, size, into: &directory)
      }
      for (value, size) in [
        (entry.data.count, 4), (entry.data.count, 4), (entry.name.count, 2), (0, 2), (0, 2), (0, 2), (0, 2), (0, 4),
        (offset, 4),
      ] { le(value, size, into: &directory) }
      directory += entry.name
    }
    let start = out.count
    out += directory
    le(0x0605_4B50, 4, into: &out)
    for (value, size) in [
      (0, 2), (0, 2), (entries.count, 2), (entries.count, 2), (directory.count, 4), (start, 4), (0, 2),
    ] { le(value, size, into: &out) }
    return out
  }
}
