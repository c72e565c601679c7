import ParallelSupport
import TestSupport
import Testing
import TextModel

@testable import DocumentParsing

#if canImport(Glibc)
  import Glibc
#endif

/// A large page is read on two threads (``SAXPipeline``): libxml2 on one, the document built on the
/// other. Read both ways, every page must give the same document: text, blocks, runs, title,
/// language, source map (anchors and lines) and diagnostics.
@Suite(.tags(.threadSafety)) struct HTMLPipelineTests {
  /// Writes `bytes` to a temporary file and reads it on one thread and on two.
  static func readBothWays(_ bytes: [UInt8], options: ReaderOptions = .default) throws -> (
    TextDocument, TextDocument
  ) {
    var one = HTMLReader(options: options)
    one.options.tuning.htmlTwoThreadsFrom = .max
    var two = HTMLReader(options: options)
    two.options.tuning.htmlTwoThreadsFrom = 0
    return try TemporaryFile.with(bytes, prefix: "textrotor-pipeline") { path in
      (try one.read(path: path), try two.read(path: path))
    }
  }

  /// Compared outside `#expect`: on a failure the test library would diff the whole collections,
  /// which takes minutes for a large page; the first difference is what helps.
  static func expectSame(_ one: TextDocument, _ two: TextDocument, _ name: String) {
    if one.text != two.text {
      let at = zip(one.text.utf8, two.text.utf8).prefix { $0 == $1 }.count
      Issue.record("text of \(name) differs from byte \(at)")
    }
    if one.blocks != two.blocks {
      let at = zip(one.blocks, two.blocks).prefix { $0 == $1 }.count
      Issue.record("blocks of \(name) differ from block \(at) (\(one.blocks.count) and \(two.blocks.count) blocks)")
    }
    if one.runs != two.runs {
      let at = zip(one.runs, two.runs).prefix { $0 == $1 }.count
      Issue.record("runs of \(name) differ from run \(at) (\(one.runs.count) and \(two.runs.count) runs)")
    }
    #expect(one.title == two.title, "title of \(name)")
    #expect(one.language == two.language, "language of \(name)")
    #expect(one.diagnostics == two.diagnostics, "diagnostics of \(name)")
    if one.sourceMap != two.sourceMap { Issue.record("source maps of \(name) differ") }
  }

  @Test func everyCorpusPageReadsTheSameOnTwoThreads() throws {
    let pages = NothingLostTests.corpusFiles.filter { $0.hasSuffix(".html") }
    #expect(pages.count >= 5)
    for name in pages {
      let bytes = NothingLostTests.readFile(NothingLostTests.corpusDirectory + name)
      #expect(!bytes.isEmpty, "\(name) was read")
      let (one, two) = try Self.readBothWays(bytes)
      Self.expectSame(one, two, name)
    }
  }

  /// Pieces that cross chunk boundaries in every way: references split over chunks, a legacy
  /// encoding (offsets remapped), bytes that are not UTF-8, NULs, C1 references, SVG titles and
  /// symbols, style sheets that hide, closed details, labelled links, too many attributes, nesting
  /// past the limit, parser errors, text after the end of the document.
  static func hostilePage(legacy: Bool, size: Int) -> [UInt8] {
    var page: [UInt8] =
      Array(
        (legacy
          ? "<!doctype html><html lang=\"fr\"><head><meta charset=\"windows-1252\">" : "<!doctype html><html><head>")
          .utf8)
    page += Array(
      "<title>Pipeline &amp; co</title><style>.gone{display:none} aside p{visibility:hidden}</style></head><body>".utf8)
    var index = 0
    while page.count < size {
      let pieces: [String] = [
        "<p>Caf\u{E9} &copy 2024 &#146; &notanentity; &eacute &lt;tag&gt; (415) 555-01\(index % 90 + 10)</p>\n",
        "<h2 id=\"h\(index)\">Heading \(index)</h2><section aria-labelledby=\"h\(index)\"><p class=\"gone\">hidden</p><p>shown</p></section>\n",
        "<svg><title>Icon \(index)</title><path d=\"M0\"/></svg><svg><symbol id=\"s\(index)\"><title>Sym</title></symbol></svg><a href=\"#x\"><svg><use href=\"#s\(index)\"/></svg></a>\n",
        "<details><summary>More</summary>inside \(index)</details><aside><p>aside text</p></aside>\n",
        "<a href=\"https://example.org/\(index)\"><span aria-label=\"label\">x</span> link</a><img alt=\"pic \(index)\"><img src=a.png>\n",
        "<div " + (0..<40).map { "data-a\($0)=\"\($0)\"" }.joined(separator: " ") + ">many attributes</div>\n",
        String(repeating: "<div>", count: 30) + "deep" + String(repeating: "</div>", count: 30) + "\n",
        "<p>broken <b>bold <i>italic</b> after</i> <unknown-tag>custom</unknown-tag> </p></p>\n",
        "<table><tr><th>h</th><td>c\u{0}ell</td></tr></table><pre>  spaced\n  text</pre><br><hr>\n",
      ]
      for piece in pieces {
        page += legacy ? Array(piece.unicodeScalars.map { $0.value < 256 ? UInt8($0.value) : 0x3F }) : Array(piece.utf8)
      }
      if !legacy { page += [0xC3, 0x28, 0xFF, 0x0A] }  // not UTF-8
      index += 1
    }
    page += Array("</body></html>\ntext after the end <p>more</p>\n".utf8)
    return page
  }

  @Test(arguments: [false, true])
  func hostilePagesReadTheSameOnTwoThreads(legacy: Bool) throws {
    var options = ReaderOptions.default
    options.maximumDepth = 20
    options.maximumAttributes = 16
    let (one, two) = try Self.readBothWays(Self.hostilePage(legacy: legacy, size: 600_000), options: options)
    #expect(one.text.utf8.count > 50_000)
    #expect(one.diagnostics.count >= 3)
    Self.expectSame(one, two, legacy ? "the windows-1252 page" : "the UTF-8 page")
  }

  /// UTF-16 with a byte order mark: every decoded offset differs from the input's.
  @Test func aUTF16PageReadsTheSameOnTwoThreads() throws {
    let page = String(decoding: Self.hostilePage(legacy: false, size: 300_000), as: UTF8.self)
    var bytes: [UInt8] = [0xFF, 0xFE]
    for unit in page.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
    let (one, two) = try Self.readBothWays(bytes)
    #expect(one.text.utf8.count > 25_000)
    Self.expectSame(one, two, "the UTF-16 page")
  }

  /// The batches hand over in order and the reading thread waits when they pile up: a page of many
  /// small chunks' worth of events, read many times, always gives the same document.
  @Test func manyReadsGiveOneDocument() throws {
    var page = Array("<!doctype html><html lang=\"en\"><body>".utf8)
    var index = 0
    while page.count < 1_200_000 {
      page += Array("<p>Line \(index) <a href=\"/p\(index)\">go</a> &amp; more</p>\n".utf8)
      index += 1
    }
    let (one, two) = try Self.readBothWays(page)
    Self.expectSame(one, two, "the long page")
    for _ in 0..<3 {
      let (_, again) = try Self.readBothWays(page)
      Self.expectSame(again, two, "the long page, read again")
    }
  }

  /// A pipe (size unknown) is read on two threads: the same document as the file, and an input
  /// over the size limit is refused while reading (the building thread reads ahead) with the usual
  /// error, nothing half-read.
  @Test func aPipeIsReadOnTwoThreadsAndItsLimitHolds() throws {
    let page = Self.hostilePage(legacy: false, size: 400_000)
    let (fromFile, _) = try Self.readBothWays(page)
    // A pipe, as standard input is one (a FIFO named as a file is refused: issue 42).
    func readThroughPipe(limit: Int) -> Result<TextDocument, ReadError> {
      var ends: [Int32] = [-1, -1]
      guard pipe(&ends) == 0 else { return .failure(.unreadable(path: "pipe", reason: "pipe() failed")) }
      let writer = JoinableThread.start { [writeEnd = ends[1]] in
        // The reader may stop early (over the limit): a closed pipe must not kill the test.
        signal(SIGPIPE, SIG_IGN)
        _ = page.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
        close(writeEnd)
      }
      var options = ReaderOptions.default
      options.maximumInputBytes = limit
      let result: Result<TextDocument, ReadError>
      do throws(ReadError) {
        result = .success(try HTMLReader(options: options).read(from: InputSource(descriptor: ends[0], name: "<pipe>")))
      } catch {
        result = .failure(error)
      }
      close(ends[0])  // a writer still writing gets EPIPE and ends
      writer?.join()
      return result
    }
    let whole = try readThroughPipe(limit: 10_000_000).get()
    Self.expectSame(fromFile, whole, "the page through a pipe")
    guard case .failure(let error) = readThroughPipe(limit: 100_000) else {
      Issue.record("an input over the limit was read")
      return
    }
    #expect(error.description.contains("larger than the limit of 100000 bytes"))
  }
}
