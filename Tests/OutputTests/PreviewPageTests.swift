import Detection
import DocumentParsing
import Speech
import Testing
import TextModel

@testable import Output

/// The preview page's writer: every piece of text in exactly one block, everything from the document
/// escaped, rotor items linked to the block that holds them.
@Suite struct PreviewPageTests {
  static func page(_ html: String, findings: [PreviewPage.Finding]? = nil) throws -> (PreviewPage, String) {
    let document = try DocumentReader().read(bytes: Array(html.utf8), format: .html)
    let detections = DocumentDetector().detect(in: document)
    let speech = SpeechRenderer(document: document, detections: detections).render()
    let page = PreviewPage(
      document: document, detections: detections, speech: speech, name: "t.html", source: Array(html.utf8),
      findings: findings)
    var bytes: [UInt8] = []
    page.write { bytes += $0 }
    return (page, String(decoding: bytes, as: UTF8.self))
  }

  @Test func everyPieceOfTextBelongsToExactlyOneBlock() throws {
    let (page, _) = try Self.page(
      "<html lang=en><body><main><h1>Title</h1><ul><li>one <b>bold</b></li><li>two<p>inner</p>tail</li></ul>"
        + "<p>after</p></main></body></html>")
    var covered = 0
    for piece in page.pieces {
      #expect(piece.start == covered)
      #expect(piece.end > piece.start)
      covered = piece.end
      let block = page.document.blocks[piece.block]
      // The owner is the innermost block holding the piece (or, outside every block, the one before).
      #expect(block.range.start <= piece.start)
    }
    #expect(covered == page.document.text.utf8.count)
    let text = page.document.text
    let offset = try #require(text.firstRange(of: "tail")).lowerBound.utf16Offset(in: text)  // ASCII text
    let tail = page.pieces.first { $0.start <= offset && offset < $0.end }
    #expect(tail.map { page.document.blocks[$0.block].kind } == .listItem)
  }

  @Test func hostileTextStaysText() throws {
    let hostile =
      "<html lang=en><body><p>a &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; \u{1B}[2J \u{202E}evil "
      + "&quot;quote&#39; &amp;</p><p><a href='https://x.example/\"><script>alert(2)</script>'>x</a></p></body></html>"
    let (_, html) = try Self.page(hostile)
    #expect(html.ranges(of: "<script").count == 1)  // the page's own, once
    #expect(html.contains("&lt;/script&gt;&lt;script&gt;alert(1)"))
    #expect(html.contains("\\x1b[2J"))
    #expect(html.contains("\\u202eevil"))
    #expect(!html.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
    #expect(html.contains("&quot;quote&#39; &amp;amp;") || html.contains("&quot;quote&#39; &amp;"))
  }

  @Test func rotorItemsLinkToTheBlockThatHoldsThem() throws {
    let (_, html) = try Self.page(
      "<html lang=en><body><h1>Head</h1><p>Mail ann@example.org today.</p><h2>Second</h2></body></html>")
    let blocks = html.matches(of: /<li id="b(\d+)"[^>]*data-start="(\d+)" data-end="(\d+)"/).map {
      (Int($0.1)!, Int($0.2)!, Int($0.3)!)
    }
    let mail = try #require(html.firstMatch(of: /<a href="#b(\d+)" data-start="(\d+)" data-end="(\d+)">ann@/))
    let block = try #require(blocks.first { $0.0 == Int(mail.1)! })
    #expect(block.1 <= Int(mail.2)! && Int(mail.3)! <= block.2)
  }

  @Test func findingsSitAtTheirBlockAndInTheSummary() throws {
    let finding = PreviewPage.Finding(
      severity: "error", rule: "image-alt", wcag: ["1.1.1"], message: "<img> has no alt", fix: "Add alt.",
      textOffset: nil, sourceOffset: 40)
    let (_, html) = try Self.page(
      "<html lang=en><body><p>one</p><p>two <img src=a.png></p></body></html>", findings: [finding])
    #expect(html.contains("data-findings=\"1\">1 error, 0 warnings"))
    #expect(html.contains("&lt;img&gt; has no alt"))
    let at = try #require(html.firstRange(of: "data-rule=\"image-alt\""))
    let before = html[..<at.lowerBound]
    #expect(before.hasSuffix("<ul class=\"findings\">\n<li class=\"finding\" "))
    #expect(before.contains("<li id=\"b1\""))
  }

  /// The page made while the speech is rendered in chunks on both cores, each segment put in its
  /// block as it comes, is the page made from one thread's whole script: blocks whose speech runs
  /// over several segments and lines, a list whose own text comes before and after its items,
  /// languages per block, blocks that say nothing.
  @Test func speechInChunksOnTwoCoresMakesTheSamePage() throws {
    var html = "<html lang=en><body><main><h1>Visitor notes</h1>"
    for index in 0..<60 {
      switch index % 6 {
      case 0: html += "<p>Call +1 415 555 01\(10 + index) or mail ranger\(index)@example.org by 10:30.</p>"
      case 1: html += "<ul>Before the items<li>one 3:16</li><li>two <b>bold</b> 4.5:1</li>after the items</ul>"
      case 2: html += "<pre>line one\nline 2 of \(index)\n\nline four</pre>"
      case 3: html += "<p lang=fr>Bonjour, le 14 juillet à 10 h.</p><p lang=ja>第3章：東京都 03-1234-5678。</p>"
      case 4: html += "<table><tr><th>Fee</th><td>$4.50</td></tr><tr><td></td><td>   </td></tr></table>"
      default: html += "<blockquote>https://parks.example.org/a?b=\(index) and v2.10.\(index)</blockquote><p></p>"
      }
    }
    html += "</main></body></html>"
    let document = try DocumentReader().read(bytes: Array(html.utf8), format: .html)
    let detections = DocumentDetector().detect(in: document)
    for punctuation in [PunctuationLevel.some, .all] {
      let renderer = SpeechRenderer(
        document: document, detections: detections, options: SpeechOptions(punctuation: punctuation))
      let whole = PreviewPage(
        document: document, detections: detections, speech: renderer.render(), name: "t.html",
        source: Array(html.utf8))
      var expected: [UInt8] = []
      whole.write { expected += $0 }
      #expect(whole.blockSpeech.contains { !$0.text.isEmpty && $0.language == "fr" })
      for chunk in [48, 97, 300] {
        let chunked = PreviewPage(
          document: document, detections: detections, renderer: renderer,
          chunking: SpeechRenderer.Chunking(parallelFrom: 0, chunk: chunk, window: chunk % 3 + 1), name: "t.html",
          source: Array(html.utf8))
        var bytes: [UInt8] = []
        chunked.write { bytes += $0 }
        #expect(bytes == expected, "chunks of \(chunk) bytes, punctuation \(punctuation)")
        #expect(chunked.blockSpeech.map(\.text) == whole.blockSpeech.map(\.text))
        #expect(chunked.blockSpeech.map(\.language) == whole.blockSpeech.map(\.language))
      }
    }
  }

  /// Each block's speech is its segments joined as `SpeechScript.plainText()` joins them (a
  /// separator once the block has said something), every segment in the block that holds its start.
  @Test func eachBlockSaysItsOwnSegmentsJoined() throws {
    let html =
      "<html lang=en><body><p>One. Two, 3:16.</p><ul>intro<li>item 4.5:1</li>outro</ul><ol><li>x</li></ol></body></html>"
    let document = try DocumentReader().read(bytes: Array(html.utf8), format: .html)
    let detections = DocumentDetector().detect(in: document)
    let speech = SpeechRenderer(document: document, detections: detections).render()
    let page = PreviewPage(document: document, detections: detections, speech: speech, name: "t")
    var expected = [[SpeechSegment]](repeating: [], count: document.blocks.count)
    var hint = 0
    for segment in speech.segments {
      expected[PreviewPage.owner(of: segment.range.start, in: page.pieces, hint: &hint)].append(segment)
    }
    for (block, segments) in expected.enumerated() {
      var joiner = PlainTextJoiner()
      var joined = ""
      for segment in segments { joiner.pieces(of: segment) { joined += $0 } }
      #expect(page.blockSpeech[block].text == joined, "block \(block)")
    }
    #expect(page.blockSpeech.contains { $0.text.isEmpty })
  }

  /// The rotor panels made ahead (while `preview`'s audit runs) and handed to `write` make the page
  /// that writing them in place makes, findings and all.
  @Test func rotorPanelsMadeAheadMakeTheSamePage() throws {
    let finding = PreviewPage.Finding(
      severity: "warning", rule: "link-name", wcag: ["2.4.4"], message: "a link has no name", fix: "Name it.",
      textOffset: 3, sourceOffset: 0)
    let html =
      "<html lang=en><body><h1>Parks</h1><p>Mail ann@example.org or call +1 415 555 0132.</p>"
      + "<ul><li><a href='https://example.org/a'>map</a></li></ul><table><tr><td>x</td></tr></table></body></html>"
    let (page, expected) = try Self.page(html, findings: [finding])
    let panels = page.rotorPanels()
    #expect(String(decoding: panels.joined(), as: UTF8.self).hasPrefix("<section aria-labelledby=\"rotors-h\">"))
    var bytes: [UInt8] = []
    page.write(rotorPanels: panels) { bytes += $0 }
    #expect(String(decoding: bytes, as: UTF8.self) == expected)
    #expect(expected.contains("ann@example.org</a>"))
  }

  /// The buffer hands on pieces of at most 64 KiB whose bytes are what was appended, in order,
  /// whether the text comes whole or in pieces that cross the pieces' edges (an escape included).
  @Test func bufferHandsOnEverythingInOrderInBoundedPieces() {
    var generator = SystemRandomNumberGenerator()
    let words = ["plain ", "a<b ", "\u{1B}[2J ", "\u{202E}x ", "é ", "\"q\" ", "&amp; ", "\u{85}", "日本 "]
    let text = words.joined() + (0..<40_000).map { _ in words.randomElement(using: &generator)! }.joined()
    func written(_ body: (inout HTMLBuffer) -> Void) -> (bytes: [UInt8], largest: Int) {
      var bytes: [UInt8] = []
      var largest = 0
      var out = HTMLBuffer { piece in
        bytes += piece
        largest = max(largest, piece.count)
      }
      body(&out)
      out.flush()
      return (bytes, largest)
    }
    let whole = written { out in
      out.raw("<p>")
      out.text(text)
      out.number(-1_234_567)
      out.base64(Array("RIFFab".utf8))
    }
    let pieces = written { out in
      out.raw("<p>")
      var rest = Substring(text)
      while !rest.isEmpty {
        let cut = rest.index(rest.startIndex, offsetBy: min(rest.count, Int.random(in: 1...9000, using: &generator)))
        out.text(rest[..<cut])
        rest = rest[cut...]
      }
      out.number(-1_234_567)
      out.base64(Array("RIFFab".utf8))
    }
    #expect(whole.bytes == pieces.bytes)
    #expect(whole.largest <= 1 << 16 && pieces.largest <= 1 << 16)
    let html = String(decoding: whole.bytes, as: UTF8.self)
    #expect(html.hasSuffix("-1234567UklGRmFi"))
    #expect(html.hasPrefix("<p>plain a&lt;b \\x1b[2J \\u202ex é &quot;q&quot; &amp;amp; \\x85日本 "))
    #expect(!html.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E || $0.value == 0x85 })
    #expect(whole.bytes.count > 3 << 16)
  }

  @Test func clipsAreEmbeddedAsBase64() throws {
    let document = try DocumentReader().read(
      bytes: Array("<html lang=en><body><p>Hello.</p></body></html>".utf8), format: .html)
    let speech = SpeechRenderer(document: document, detections: DetectionList()).render()
    let page = PreviewPage(document: document, detections: DetectionList(), speech: speech, name: "t")
    var bytes: [UInt8] = []
    page.write(clips: [.embedded(Array("RIFFab".utf8))]) { bytes += $0 }
    #expect(String(decoding: bytes, as: UTF8.self).contains("src=\"data:audio/wav;base64,UklGRmFi\""))
  }

  /// A paged page stays within its budget however many findings one block or the page as a whole
  /// has (fuzz-preview's first finding: a 3 KiB budget made a 20 KB page); the rest are counted.
  @Test func findingsBeyondAPagesShareAreCounted() throws {
    let html = "<html lang=en><body><p>Call 415-555-0100 or mail a@example.org.</p></body></html>"
    let finding = { (offset: Int?) in
      PreviewPage.Finding(
        severity: "warning", rule: "contact-not-linked", wcag: ["2.4.4"], message: String(repeating: "m", count: 200),
        fix: "Link it.", textOffset: offset, sourceOffset: 0)
    }
    let findings = (0..<200).map { _ in finding(0) } + (0..<200).map { _ in finding(nil) }
    let (page, _) = try Self.page(html, findings: findings)
    var bytes: [UInt8] = []
    let shown = page.write(paging: PreviewPage.Paging(byteBudget: 4096)) { bytes += $0 }
    #expect(shown?.blocks == 0..<page.document.blocks.count)
    #expect(bytes.count <= 4096 + 16384, "\(bytes.count) bytes")
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.contains("more findings here are not listed (the page's size limit).</li>"))
    #expect(text.contains("data-findings=\"400\""))
  }
}
