import DocumentParsing
import Testing
import TextModel

/// Bytes of `text` in UTF-16 or UTF-32, either byte order.
func wideBytes(_ text: String, unit: Int, bigEndian: Bool) -> [UInt8] {
  var bytes: [UInt8] = []
  if unit == 2 {
    for value in text.utf16 {
      let pair = [UInt8(value & 0xFF), UInt8(value >> 8)]
      bytes += bigEndian ? pair.reversed() : pair
    }
  } else {
    for scalar in text.unicodeScalars {
      let value = scalar.value
      let quad = [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF), UInt8((value >> 16) & 0xFF), UInt8(value >> 24)]
      bytes += bigEndian ? quad.reversed() : quad
    }
  }
  return bytes
}

/// The offset of `needle` in `haystack`.
func offset(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
  guard needle.count <= haystack.count else { return nil }
  return (0...(haystack.count - needle.count)).first { Array(haystack[$0..<($0 + needle.count)]) == needle }
}

@Suite struct EncodingTests {
  let reader = DocumentReader()

  // MARK: Byte-order marks

  @Test(arguments: [InputFormat.text, .html, .xml])
  func theUTF8ByteOrderMarkNeverAppearsInTheText(format: InputFormat) throws {
    let body = format == .xml ? "<note><para>Hello</para></note>" : format == .html ? "<p>Hello</p>" : "Hello\nworld"
    let document = try reader.read(bytes: [0xEF, 0xBB, 0xBF] + Array(body.utf8), format: format)
    #expect(!document.text.unicodeScalars.contains("\u{FEFF}"))
    #expect(document.text.hasPrefix("Hello"))
  }

  @Test(arguments: [
    (2, false, [0xFF, 0xFE] as [UInt8]), (2, true, [0xFE, 0xFF]), (4, false, [0xFF, 0xFE, 0, 0]),
    (4, true, [0, 0, 0xFE, 0xFF]),
  ])
  func utf16AndUTF32WithAByteOrderMarkAreDecoded(unit: Int, bigEndian: Bool, bom: [UInt8]) throws {
    let html = "<html><body><p>Grüße aus 東京 😀 ann@example.org</p></body></html>"
    let bytes = bom + wideBytes(html, unit: unit, bigEndian: bigEndian)
    let document = try reader.read(bytes: bytes, name: "page.html")
    #expect(document.text == "Grüße aus 東京 😀 ann@example.org")
    // Offsets point at the original bytes.
    let start = document.text.utf8.count - "ann@example.org".utf8.count
    let expected = offset(of: wideBytes("ann@", unit: unit, bigEndian: bigEndian), in: bytes)
    #expect(document.sourceMap.sourceOffset(forTextOffset: start) == expected)
  }

  @Test func aStaleLegacyDeclarationYieldsToBytesThatArePlainlyUTF8() throws {
    let text = "DeepMind新电脑已可利用记忆自学 人工智能迈上新台阶"
    let bytes = Array("<meta charset=gb2312><p>\(text)</p>".utf8)
    let document = try TextDocument(parsingHTML: bytes)
    #expect(document.text == text)
    #expect(document.diagnostics.contains { $0.message.contains("declares gbk, but the bytes are valid UTF-8") })
  }

  @Test func aFewUTF8LookingBytesDoNotOverruleADeclaration() throws {
    // Two "characters" that happen to be valid UTF-8 are not evidence enough: windows-1252 wins.
    let bytes = Array("<meta charset=windows-1252><p>".utf8) + [0xC3, 0xA9, 0x20, 0xC3, 0xBC] + Array("</p>".utf8)
    #expect(try TextDocument(parsingHTML: bytes).text == "Ã© Ã¼")
  }

  @Test func undeclaredLatin1BytesReadAsWindows1252() throws {
    let bytes = Array("<p>Caf".utf8) + [0xE9] + Array(" ol".utf8) + [0xE9] + Array("</p>".utf8)
    #expect(try TextDocument(parsingHTML: bytes).text == "Café olé")
  }

  @Test func theByteOrderMarkWinsOverMetaCharset() throws {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("<meta charset=windows-1251><p>café</p>".utf8)
    #expect(try TextDocument(parsingHTML: bytes).text == "café")
  }

  @Test(arguments: [(2, false), (2, true), (4, false), (4, true)])
  func utf16AndUTF32WithoutAByteOrderMarkAreRecognisedByTheirZeroBytes(unit: Int, bigEndian: Bool) throws {
    let text = "Line one: café\nmail ann@example.org today\n"
    let bytes = wideBytes(text, unit: unit, bigEndian: bigEndian)
    let document = try reader.read(bytes: bytes, name: "notes.txt")
    #expect(document.text == text)
    let start = document.text.utf8.count - "ann@example.org today\n".utf8.count
    #expect(
      document.sourceMap.sourceOffset(forTextOffset: start)
        == offset(of: wideBytes("ann@", unit: unit, bigEndian: bigEndian), in: bytes))
    // Line 2 column 6 in UTF-16LE is byte 5 × unit + 1 of that line.
    let line = document.sourceMap.lineAndColumn(forSourceOffset: document.sourceMap.sourceOffset(forTextOffset: start))
    #expect(line.line == 2 && line.column == 5 * unit + 1)
  }

  // MARK: The override

  @Test func theEncodingOptionWinsOverMetaButNotOverAByteOrderMark() throws {
    let bytes = Array("<meta charset=utf-8><p>".utf8) + [0xCF, 0xF0, 0xE8] + Array("</p>".utf8)
    let cyrillic = try TextDocument(parsingHTML: bytes, options: ReaderOptions(encoding: "windows-1251"))
    #expect(cyrillic.text == "При")
    let withBOM = [0xEF, 0xBB, 0xBF] + Array("<p>é</p>".utf8)
    #expect(try TextDocument(parsingHTML: withBOM, options: ReaderOptions(encoding: "windows-1251")).text == "é")
  }

  @Test func anUnknownEncodingOptionIsIgnoredWithADiagnostic() throws {
    let document = try TextDocument(parsingHTML: Array("<p>café</p>".utf8), options: ReaderOptions(encoding: "klingon"))
    #expect(document.text == "café")
    #expect(document.diagnostics.contains { $0.message.contains("\"klingon\" is unknown") })
  }

  // MARK: The HTML prescan

  @Test func latin1AndASCIILabelsMeanWindows1252() throws {
    for label in ["iso-8859-1", "ISO_8859-1", " latin1 ", "us-ascii", "ascii"] {
      let bytes = Array("<meta charset=\"\(label)\"><p>".utf8) + [0x93, 0x92, 0x96, 0xE9, 0x94] + Array("</p>".utf8)
      #expect(try TextDocument(parsingHTML: bytes).text == "“’–é”", "label \(label)")
    }
  }

  @Test func httpEquivContentTypeDeclaresTheCharset() throws {
    let bytes =
      Array("<head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=windows-1251\"></head><p>".utf8)
      + [0xCF, 0xF0, 0xE8] + Array("</p>".utf8)
    #expect(try TextDocument(parsingHTML: bytes).text == "При")
  }

  @Test func contentWithoutHttpEquivDeclaresNothing() throws {
    let bytes = Array("<meta content=\"text/html; charset=windows-1251\"><p>é</p>".utf8)
    #expect(try TextDocument(parsingHTML: bytes).text == "é")
  }

  @Test func aMetaInsideACommentIsSkipped() throws {
    let bytes = Array("<!-- <meta charset=windows-1251> --><p>é</p>".utf8)
    #expect(try TextDocument(parsingHTML: bytes).text == "é")
  }

  @Test func aMetaAfterTheFirst1024BytesChangesNothing() throws {
    let filler = String(repeating: "a", count: 1100)
    let bytes = Array("<p>\(filler)</p><meta charset=windows-1251><p>é</p>".utf8)
    let document = try TextDocument(parsingHTML: bytes)
    #expect(document.text.hasSuffix("é"))
  }

  @Test func aUTF16LabelInAMetaMeansUTF8() throws {
    let document = try TextDocument(parsingHTML: Array("<meta charset=utf-16le><p>Grüße</p>".utf8))
    #expect(document.text == "Grüße")
  }

  @Test func utf7IsRefusedWithADiagnostic() throws {
    let document = try TextDocument(parsingHTML: Array("<meta charset=\"UTF-7\"><p>+ADw-script+AD4-</p>".utf8))
    #expect(document.text == "+ADw-script+AD4-")
    #expect(document.diagnostics.contains { $0.message.contains("UTF-7") && $0.message.contains("refused") })
  }

  @Test func theReplacementEncodingsAreRefusedAndTheTextKept() throws {
    let document = try TextDocument(parsingHTML: Array("<meta charset=iso-2022-kr><p>Hello</p>".utf8))
    #expect(document.text == "Hello")
    #expect(document.diagnostics.contains { $0.message.contains("refused") })
  }

  @Test func aBogusMetaCharsetKeepsTheDocument() throws {
    let document = try TextDocument(parsingHTML: Array("<meta charset=bogus><p>Still here</p>".utf8))
    #expect(document.text == "Still here")
    #expect(document.diagnostics.contains { $0.message.contains("\"bogus\" is unknown") })
  }

  @Test func theFirstDeclarationInAMetaCounts() throws {
    // WHATWG: content="…charset=…" seen first wins over a later charset attribute of the same <meta>.
    let bytes =
      Array("<meta http-equiv=content-type content=\"text/html; charset=windows-1251\" charset=utf-8><p>".utf8)
      + [0xCF] + Array("</p>".utf8)
    #expect(try TextDocument(parsingHTML: bytes).text == "П")
  }

  @Test func aLaterKnownMetaWinsOverAnEarlierUnknownOne() throws {
    let bytes = Array("<meta charset=bogus><meta charset=windows-1251><p>".utf8) + [0xCF] + Array("</p>".utf8)
    #expect(try TextDocument(parsingHTML: bytes).text == "П")
  }

  // MARK: XML

  @Test func theXMLDeclarationNamesTheEncoding() throws {
    let bytes =
      Array("<?xml version=\"1.0\" encoding=\"Shift_JIS\"?><note><para>".utf8) + [0x93, 0xFA, 0x96, 0x7B]
      + Array("</para></note>".utf8)
    #expect(try TextDocument(parsingXML: bytes).text == "日本")
  }

  @Test func aBogusXMLEncodingKeepsTheDocument() throws {
    let bytes = Array("<?xml version=\"1.0\" encoding=\"bogus\"?><note><para>Still here</para></note>".utf8)
    let document = try TextDocument(parsingXML: bytes)
    #expect(document.text == "Still here")
    #expect(document.diagnostics.contains { $0.message.contains("bogus") })
  }

  @Test func invalidUTF8InXMLIsReplacedAndTheRestIsRead() throws {
    let bytes =
      Array("<?xml version=\"1.0\" encoding=\"utf-8\"?><note><para>bad ".utf8) + [0xFF]
      + Array(" then more</para></note>".utf8)
    let document = try TextDocument(parsingXML: bytes)
    #expect(document.text == "bad \u{FFFD} then more")
    #expect(document.diagnostics.contains { $0.message.contains("invalid UTF-8") })
  }

  @Test func utf16XMLWithADeclarationIsDecodedOnce() throws {
    let xml = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><note><para>Grüße</para></note>"
    #expect(try TextDocument(parsingXML: [0xFF, 0xFE] + wideBytes(xml, unit: 2, bigEndian: false)).text == "Grüße")
  }

  // MARK: The default

  @Test func undeclaredInvalidUTF8IsReadAsWindows1252AndSaysSo() throws {
    let bytes = Array("<p>It".utf8) + [0x92] + Array("s caf".utf8) + [0xE9] + Array("</p>".utf8)
    let document = try TextDocument(parsingHTML: bytes)
    #expect(document.text == "It’s café")
    #expect(document.diagnostics.contains { $0.message.contains("windows-1252") })
    // The source map points at the original single bytes.
    let cafe = document.text.utf8.count - "café".utf8.count
    #expect(document.sourceMap.sourceOffset(forTextOffset: cafe) == 8)
  }

  @Test func undeclaredPlainTextInWindows1252KeepsExactOffsets() throws {
    let bytes: [UInt8] = Array("caf".utf8) + [0xE9, 0xE9] + Array(" ann@example.org".utf8)
    let document = TextDocument(parsingText: bytes)
    #expect(document.text == "caféé ann@example.org")
    let start = document.text.utf8.count - 15
    #expect(document.sourceMap.sourceOffset(forTextOffset: start) == bytes.count - 15)
  }

  @Test func validUTF8WithoutADeclarationIsUTF8() throws {
    #expect(try TextDocument(parsingHTML: Array("<p>Grüße 東京</p>".utf8)).text == "Grüße 東京")
  }

  @Test func aCharacterCutByTheChunkBoundaryIsDecodedWhole() throws {
    // 64 KiB chunks: put multi-byte characters across the boundary in UTF-8, Shift_JIS and UTF-16.
    let filler = String(repeating: "a", count: 65_535 - 3)
    let utf8 = Array("<p>\(filler)é東</p>".utf8)
    #expect(try TextDocument(parsingHTML: utf8).text == filler + "é東")
    let sjis = Array("<meta charset=shift_jis><p>\(filler.dropFirst(24))".utf8) + [0x93, 0xFA] + Array("</p>".utf8)
    #expect(try TextDocument(parsingHTML: sjis).text == filler.dropFirst(24) + "日")
    let utf16 = [0xFF, 0xFE] + wideBytes("<p>\(filler.dropFirst(1))😀</p>", unit: 2, bigEndian: false)
    #expect(try TextDocument(parsingHTML: utf16).text == filler.dropFirst(1) + "😀")
  }

  // MARK: The label table

  @Test func everyWHATWGEncodingDecodesHereOrIsDocumentedAsNot() {
    let notDecoded = Set(TextEncoding.allEncodings.filter { !$0.hasConverter }.map(\.name))
    // replacement: refused; x-user-defined: read as windows-1252; iso-8859-16: not in Debian's ICU data.
    #expect(notDecoded.isSubset(of: ["replacement", "x-user-defined", "iso-8859-16"]))
    #expect(TextEncoding.allEncodings.count >= 40)
  }

  @Test func labelsAreLookedUpAsWHATWGSays() {
    #expect(TextEncoding(label: "  LATIN1\n")?.name == "windows-1252")
    #expect(TextEncoding(label: "sjis")?.name == "shift_jis")
    #expect(TextEncoding(label: "utf-16")?.name == "utf-16le")
    #expect(TextEncoding(label: "utf-7") == nil)
    #expect(TextEncoding(label: "bogus") == nil)
  }
}

/// Random bytes through every kind of decoder, across chunk boundaries: no crash, valid text, and a
/// source map that stays inside the input and never goes backwards.
@Suite struct DecodingRobustnessTests {
  @Test(arguments: [
    "utf-8", "windows-1252", "shift_jis", "euc-jp", "iso-2022-jp", "gb18030", "big5", "utf-16le",
    "utf-16be",
  ])
  func randomBytesDecodeWithASaneSourceMap(label: String) throws {
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    var bytes: [UInt8] = []
    for _ in 0..<150_000 {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      // Mostly printable ASCII and high bytes, few controls, so it is not refused as binary.
      let byte = UInt8(truncatingIfNeeded: seed >> 33)
      bytes.append(byte < 0x20 ? byte | 0x40 : byte)
    }
    let document = TextDocument(parsingText: bytes, options: ReaderOptions(encoding: label))
    #expect(!document.text.isEmpty)
    var previous = 0
    var offset = 0
    for scalar in document.text.unicodeScalars {
      let source = document.sourceMap.sourceOffset(forTextOffset: offset)
      #expect(source >= previous && source <= bytes.count)
      if source < previous || source > bytes.count { break }
      previous = source
      offset += String(scalar).utf8.count
    }
    #expect(document.sourceMap.lineStarts == document.sourceMap.lineStarts.sorted())
    #expect((document.sourceMap.lineStarts.last ?? 0) <= bytes.count)
  }
}
