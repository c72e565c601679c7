import DocumentParsing
import Testing
import TextModel

/// NUL bytes, binary input, HTML's C1 references and format sniffing.
@Suite struct InputPolicyTests {
  let reader = DocumentReader()

  // MARK: NUL

  @Test(arguments: [InputFormat.text, .html, .xml], [0, 5, 9000])
  func aNULBecomesAReplacementCharacterWithADiagnostic(format: InputFormat, position: Int) throws {
    let filler = String(repeating: "x", count: position)
    let (open, close) =
      format == .xml ? ("<note><para>", "</para></note>") : format == .html ? ("<p>", "</p>") : ("", "")
    let bytes = Array("\(open)\(filler)".utf8) + [0] + Array("rest of the text\(close)".utf8)
    let document = try reader.read(bytes: bytes, format: format)
    #expect(document.text.hasSuffix("\u{FFFD}rest of the text"))
    #expect(!document.text.utf8.contains(0))
    let diagnostic = try #require(document.diagnostics.first { $0.message.contains("NUL") })
    #expect(diagnostic.message.hasPrefix("1 NUL"))
    #expect(diagnostic.line == 1 && diagnostic.column == open.utf8.count + position + 1)
  }

  @Test func aNULInUTF16TextIsReplacedToo() throws {
    let bytes = wideBytes("Hello\u{0}world\n", unit: 2, bigEndian: false)
    let document = try reader.read(bytes: bytes, format: .text)
    #expect(document.text == "Hello\u{FFFD}world\n")
    // Placed in input bytes: the NUL is bytes 10–11 of the UTF-16 input.
    let diagnostic = try #require(document.diagnostics.first { $0.message.contains("NUL") })
    #expect(diagnostic.line == 1 && diagnostic.column == 11)
  }

  @Test func aNULCountsEveryOneAndPlacesTheFirst() throws {
    let bytes = Array("line one\nab".utf8) + [0, 0] + Array("\nc".utf8) + [0]
    let document = TextDocument(parsingText: bytes)
    let diagnostic = try #require(document.diagnostics.first { $0.message.contains("NUL") })
    #expect(diagnostic.message.hasPrefix("3 NUL"))
    #expect(diagnostic.line == 2 && diagnostic.column == 3)
    // Offsets after the replacements still point at the input.
    #expect(document.sourceMap.sourceOffset(forTextOffset: document.text.utf8.count - 4) == bytes.count - 2)
  }

  // MARK: Binary

  static let signatures: [(String, [UInt8])] = [
    ("PNG", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]),
    ("JPEG", [0xFF, 0xD8, 0xFF, 0xE0, 0, 16]),
    ("GIF", Array("GIF89a".utf8) + [1, 0, 1, 0]),
    ("PDF", Array("%PDF-1.7\n%".utf8) + [0xE2, 0xE3]),
    ("ZIP", [0x50, 0x4B, 0x03, 0x04, 20, 0, 0, 0]),
    ("gzip", [0x1F, 0x8B, 0x08, 0, 0, 0]),
    ("bzip2", Array("BZh9".utf8) + [0x31, 0x41, 0x59, 0x26, 0x53, 0x59]),
    ("xz", [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00, 0, 4]),
    ("7z", [0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C, 0, 4]),
    ("ELF", [0x7F, 0x45, 0x4C, 0x46, 2, 1, 1, 0]),
    ("Mach-O", [0xCF, 0xFA, 0xED, 0xFE, 7, 0, 0, 1]),
    ("Java class", [0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 52]),
    ("WebAssembly", [0x00, 0x61, 0x73, 0x6D, 1, 0, 0, 0]),
    ("SQLite", Array("SQLite format 3".utf8) + [0, 16, 0]),
  ]

  @Test(arguments: signatures)
  func aKnownSignatureIsBinaryAndNamed(kind: String, bytes: [UInt8]) {
    #expect(throws: ReadError.self) { try reader.read(bytes: bytes + Array("some text".utf8), name: "file.txt") }
    do {
      _ = try reader.read(bytes: bytes + Array("some text".utf8), name: "file.txt")
    } catch {
      #expect(error.description.contains(kind), "\(error)")
      #expect(error.description.hasPrefix("file.txt: binary data"))
    }
  }

  @Test func aWindowsExecutableIsRecognisedByItsPEHeader() throws {
    var bytes = [UInt8](repeating: 0x20, count: 0x80)
    bytes[0] = 0x4D
    bytes[1] = 0x5A
    bytes.replaceSubrange(0x3C..<0x40, with: [0x40, 0, 0, 0])
    bytes.replaceSubrange(0x40..<0x44, with: [0x50, 0x45, 0, 0])
    #expect(throws: ReadError.self) { try reader.read(bytes: bytes, name: "a.exe") }
    // "MZ" alone starts ordinary text.
    #expect(try reader.read(bytes: Array("MZ is a postcode area".utf8), name: "a.txt").text == "MZ is a postcode area")
  }

  @Test func manyControlBytesAreBinary() {
    var bytes: [UInt8] = []
    var seed: UInt32 = 12345
    for _ in 0..<4096 {
      seed = seed &* 1_103_515_245 &+ 12345
      bytes.append(UInt8(truncatingIfNeeded: seed >> 16))
    }
    #expect(throws: ReadError.self) { try reader.read(bytes: bytes, name: "noise.bin") }
  }

  @Test func overstruckManualPagesAndTerminalColoursAreText() throws {
    let man = String(repeating: "N\u{8}NA\u{8}AM\u{8}ME\u{8}E\n     \u{1B}[1mls\u{1B}[0m - list\n", count: 50)
    #expect(try reader.read(bytes: Array(man.utf8), name: "ls.1").format == .text)
  }

  @Test func aFewNULsInAShortTextAreNotBinary() throws {
    let document = try reader.read(bytes: Array("line\0one\0\0two".utf8), name: "short.txt")
    #expect(document.text == "line\u{FFFD}one\u{FFFD}\u{FFFD}two")
  }

  // MARK: C1 references in HTML

  @Test func numericReferencesToC1ControlsMeanWindows1252Characters() throws {
    let document = try TextDocument(parsingHTML: Array("<p>It&#146;s &#147;ok&#148; &#150; &#x80;5 &#x9F;</p>".utf8))
    #expect(document.text == "It’s “ok” – €5 Ÿ")
  }

  @Test func c1CodesWithoutAWindows1252CharacterStayAsTheyAre() throws {
    let document = try TextDocument(parsingHTML: Array("<p>a&#129;b</p>".utf8))
    #expect(document.text == "a\u{81}b")
  }

  @Test func xmlKeepsC1ReferencesAsWritten() throws {
    let document = try TextDocument(parsingXML: Array("<note><para>a&#146;b</para></note>".utf8))
    #expect(document.text == "a\u{92}b")
  }

  // MARK: Sniffing

  static let sniffed: [(String, InputFormat)] = [
    ("<b>Warning</b>: the bridge is closed.", .html),
    ("<B>Warning</B>: the bridge is closed.", .html),
    ("<!DOCTYPE html><title>x</title>", .html),
    ("  <p>Hello</p><p>World</p>", .html),
    ("<section><h2>Hi</h2></section>", .html),
    ("<my-widget>x</my-widget>", .html),
    ("<!-- a comment --><span>x</span>", .html),
    ("<?xml version=\"1.0\"?><anything/>", .xml),
    ("<note xml:lang=\"en\"><title>T</title></note>", .xml),
    ("<!-- notes --><note><para>x</para></note>", .xml),
    ("<book xmlns=\"http://docbook.org/ns/docbook\"><title>T</title></book>", .xml),
    ("<article xmlns=\"http://docbook.org/ns/docbook\"><para>x</para></article>", .xml),
    ("<!DOCTYPE article PUBLIC \"-//OASIS//DTD DocBook XML V4.5//EN\" \"docbookx.dtd\"><article/>", .xml),
    ("<topic id=\"t\"><title>T</title></topic>", .xml),
    ("<catalog xmlns=\"urn:example\"><item>x</item></catalog>", .xml),
    ("<https://example.org> is the site", .text),
    ("a < b and c > d", .text),
    ("Plain words <b>later</b>", .text),
    ("<3 you", .text),
  ]

  @Test(arguments: sniffed)
  func theFormatIsSniffedAsBrowsersDo(input: String, expected: InputFormat) {
    #expect(DocumentReader.sniffFormat(Array(input.utf8)) == expected)
  }

  @Test func utf16MarkupIsSniffedAfterDecoding() {
    #expect(DocumentReader.sniffFormat(wideBytes("<b>Hi</b> there", unit: 2, bigEndian: false)) == .html)
    #expect(DocumentReader.sniffFormat([0xFE, 0xFF] + wideBytes("<note/>", unit: 2, bigEndian: true)) == .xml)
  }

  @Test func aSniffedTagIsReadWhole() throws {
    let document = try reader.read(bytes: Array("<b>Warning</b>: the bridge is closed.".utf8), name: "<stdin>")
    #expect(document.format == .html)
    #expect(document.text == "Warning: the bridge is closed.")
  }
}
