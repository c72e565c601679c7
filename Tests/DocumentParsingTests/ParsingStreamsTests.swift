import Testing
import TextModel

@testable import DocumentParsing

/// The HTML reader is a streaming reader: text must arrive while the page is still being fed, not
/// all at the end (libxml2 2.9's push parser stalls after a chunk boundary inside an attribute
/// value unless its search state is reset: clx_html_parse_chunk).
@Suite struct ParsingStreamsTests {
  /// A page whose first chunk boundaries fall inside quoted attribute values, then ~1 MB of prose.
  static func page() -> [UInt8] {
    var page = Array("<!doctype html><html lang=\"en\"><body>\n".utf8)
    for boundary in [1 << 16, 2 << 16] {
      while page.count < boundary - 40 { page += Array("<p>Filler words for the trail guide.</p>\n".utf8) }
      page += Array("<p><img alt=\"".utf8) + Array(repeating: UInt8(ascii: "v"), count: 80) + Array("\">x</p>\n".utf8)
    }
    var section = 0
    while page.count < 1 << 20 {
      page += Array("<section><h2>Section \(section)</h2><p title=\"a > b\">Ridge loop morning.</p></section>\n".utf8)
      section += 1
    }
    page += Array("</body></html>\n".utf8)
    return page
  }

  @Test func textArrivesWhileThePageIsStillBeingFed() throws {
    let bytes = Self.page()
    let session = HTMLSession(name: "stream.html", options: .default)
    try session.start()
    var offset = 0
    let half = bytes.count / 2
    while offset < half {
      let end = offset + InputSource.chunkSize
      session.feed(bytes[offset..<end], isFinal: false)
      offset = end
    }
    // Half of the page fed: most of its text is already in the document being built.
    let textSoFar = session.builder.assembler.builder.length
    session.feed(bytes[offset...], isFinal: true)
    let document = session.finish()
    let total = document.text.utf8.count
    #expect(textSoFar > total / 3, "only \(textSoFar) of \(total) text bytes before the end")
    // And the quoted ">" did not end a tag early: every section heading and paragraph is there.
    #expect(document.blocks.filter { $0.kind.headingLevel == 2 }.count > 10_000)
    #expect(!document.text.contains("b\">"))
  }
}
