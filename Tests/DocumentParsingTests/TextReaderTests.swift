import TestSupport
import Testing
import TextModel

@testable import DocumentParsing

@Suite(.tags(.threadSafety)) struct TextReaderTests {
  @Test func theDocumentTextIsTheInputItself() {
    let input = "Line one\r\nline two\n\n  Second paragraph\n"
    let document = TextDocument(parsingText: Array(input.utf8))
    #expect(document.text == input)
    #expect(document.blocks.map { String(document[$0.range]) } == ["Line one\r\nline two", "Second paragraph"])
  }

  /// Valid UTF-8 without a NUL is taken as it is; a byte-order mark sends the same text through the
  /// decoder. Both paths must give the same text and paragraphs, whatever the scripts and line ends.
  @Test func validUTF8TakenAsItIsEqualsTheDecodedText() {
    var generator = SystemRandomNumberGenerator()
    let pieces = ["Trail ", "東京都の公園", " 👍🏽", "\r\n", "\n\n", "Gọi 028 ", "مرحبا", "\t", "\u{3000}", "é"]
    var long = ""
    for _ in 0..<20_000 { long += pieces.randomElement(using: &generator)! }
    for input in ["", "a", "plain ASCII text\n", "東京\r\n\r\nnext", long] {
      let asIs = TextDocument(parsingText: Array(input.utf8))
      let decoded = TextDocument(parsingText: [0xEF, 0xBB, 0xBF] + Array(input.utf8))
      #expect(asIs.text == input)
      #expect(decoded.text == input)
      #expect(asIs.blocks.map(\.range) == decoded.blocks.map(\.range))
    }
  }

  @Test func aNULSendsTheTextThroughTheDecoder() {
    let document = TextDocument(parsingText: Array("a\u{0}b".utf8))
    #expect(document.text == "a\u{FFFD}b")
    #expect(document.diagnostics.contains { $0.message.contains("NUL") })
  }

  @Test func plainTextStatesNoAlertsOfItsOwn() {
    // Cue lines are found by the detection stage (AlertDetectorTests), with a rules file's cues too.
    let document = TextDocument(parsingText: Array("Warning: trail closed.\n".utf8))
    #expect(document.runs.isEmpty)
  }

  @Test func invalidUTF8IsReplacedAndReported() {
    let bytes = Array("ok ".utf8) + [0xFF] + Array(" ann@example.org".utf8)
    // Said to be UTF-8 (otherwise one invalid byte and no valid non-ASCII would mean windows-1252).
    let document = TextDocument(parsingText: bytes, options: ReaderOptions(encoding: "utf-8"))
    #expect(document.text == "ok \u{FFFD} ann@example.org")
    #expect(document.diagnostics.count == 1)
    let start = document.text.utf8.count - 15
    #expect(document.sourceMap.sourceOffset(forTextOffset: start) == bytes.count - 15)
  }
}

/// A regular file whose text is its bytes is read straight into the text (`TextReader.read(file:head:)`);
/// anything else goes back to the general path. Every file must give the document its bytes give
/// when read from memory: text, paragraphs, source map and diagnostics.
@Suite(.tags(.threadSafety)) struct TextFileReadingTests {
  static func fromFile(_ bytes: [UInt8], options: ReaderOptions = .default) throws -> TextDocument {
    try TemporaryFile.with(bytes, prefix: "textrotor-text") { path in
      try DocumentReader(options: options).read(path: path, format: .text)
    }
  }

  @Test func everyFileReadsAsItsBytesDo() throws {
    let long = Array(
      String(repeating: "Trail 東京都の公園 Gọi 028 مرحبا 👍🏽\r\n\n\u{3000}\tnext é\n", count: 400).utf8)
    #expect(long.count > 3 * 8192)
    let cases: [(String, [UInt8], ReaderOptions)] = [
      ("empty", [], .default),
      ("short", Array("a\n\nb".utf8), .default),
      ("long", long, .default),
      ("NUL in the head", Array("a\u{0}b".utf8) + long, .default),
      ("NUL past the head", long + [0] + long, .default),
      ("invalid byte past the head", long + [0xFF] + long, .default),
      ("invalid byte in the head, said UTF-8", [0x61, 0xC3] + long, ReaderOptions(encoding: "utf-8")),
      ("U+FFFD written", long + Array("\u{FFFD}".utf8) + long, .default),
      ("cut scalar at the end", long + [0xE6, 0x9D], .default),
      ("byte-order mark", [0xEF, 0xBB, 0xBF] + long, .default),
      (
        "UTF-16", [0xFF, 0xFE] + Array("Trail\n\nnext".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }), .default
      ),
      ("windows-1252", Array("caf".utf8) + [0xE9] + Array(" ok\n".utf8), .default),
    ]
    for (name, bytes, options) in cases {
      try Self.expectSameDocument(name, bytes, options: options)
    }
  }

  /// The file read in two halves on two threads (as from 4 MiB) gives the document of the bytes:
  /// after a first read (the head, 64 KiB) of plain text, texts of every length up to 40 scalars of
  /// one to four bytes, so the middle falls at every place in a scalar; invalid bytes and NULs at
  /// the middle; continuation bytes running past the three looked at; a written U+FFFD; a file of
  /// only its head.
  @Test func filesReadInTwoHalvesReadAsTheirBytesDo() throws {
    var options = ReaderOptions.default
    options.tuning.textTwoThreadsFrom = 0
    let scalars = ["a", "é", "東", "👍", "\n", " "]
    var generator = SystemRandomNumberGenerator()
    let head = Array(String(repeating: "Trail map.\n", count: 6000).utf8).prefix(InputSource.chunkSize)
    var cases: [(String, [UInt8])] = [("only the head", Array(head))]
    for length in 1...40 {
      let text = (0..<length).map { _ in scalars.randomElement(using: &generator)! }.joined()
      let bytes = Array(head) + Array(text.utf8)
      cases.append(("random \(length)", bytes))
      // A valid text is read this way, not left to the general path (which gives the same document).
      let halves = try TemporaryFile.with(bytes, prefix: "textrotor-halves") { path in
        let source = try InputSource(path: path)
        defer { source.close() }
        return try TextReader(options: options).read(file: source, head: try source.readHead()) != nil
      }
      #expect(halves, "random \(length): read in two halves")
      for inserted: [UInt8] in [[0xFF], [0x00], [0x80, 0x80, 0x80, 0x80, 0x80], [0xE6, 0x9D], [0xEF, 0xBF, 0xBD]] {
        var broken = bytes
        broken.insert(contentsOf: inserted, at: head.count + (bytes.count - head.count) / 2)
        cases.append(("\(inserted) at the middle of random \(length)", broken))
      }
    }
    let long = Array(String(repeating: "Trail 東京都の公園 Gọi 028 مرحبا 👍🏽\r\n\n\u{3000}\tnext é\n", count: 400).utf8)
    cases.append(("long", long))
    cases.append(("long, cut scalar at the end", long + [0xE6, 0x9D]))
    for (name, bytes) in cases {
      try Self.expectSameDocument(name, bytes, options: options)
    }
  }

  static func expectSameDocument(_ name: String, _ bytes: [UInt8], options: ReaderOptions) throws {
    do {
      let file = try Self.fromFile(bytes, options: options)
      let memory = TextDocument(parsingText: bytes, options: options)
      // Compared outside `#expect`, which would print whole documents on a failure.
      let same = (
        text: file.text == memory.text, paragraphs: file.blocks == memory.blocks,
        sourceMap: file.sourceMap == memory.sourceMap, diagnostics: file.diagnostics == memory.diagnostics
      )
      #expect(same == (true, true, true, true), "\(name): same (text, paragraphs, source map, diagnostics)")
    }
  }
}
