import Testing

@testable import Output

/// The speech spilled to a temporary file reads back as it was written, in whole UTF-8 sequences,
/// and the JSON string written from it equals the one written from the text in memory.
@Suite struct SpillBufferTests {
  static let pieces = ["Call ", "電話 ", "03-1234-5678", " line\u{2028}sep ", "🇯🇵 ", "\"quoted\" ", "مرحبا\n", "Đường "]

  @Test(arguments: [1, 7, 64, 1 << 20])
  func whatIsWrittenIsReadBackInWholeSequences(threshold: Int) {
    let buffer = SpillBuffer(threshold: threshold)
    var expected = ""
    for index in 0..<30_000 {
      let piece = Self.pieces[index % Self.pieces.count]
      buffer.append(piece)
      expected += piece
    }
    var read: [UInt8] = []
    var chunks = 0
    var whole = true
    buffer.forEachChunk { chunk in
      chunks += 1
      whole = whole && String(validating: chunk, as: UTF8.self) != nil
      read.append(contentsOf: chunk)
    }
    #expect(read == Array(expected.utf8))
    #expect(whole)
    #expect(threshold < (1 << 20) ? chunks > 1 : chunks == 1)
  }

  @Test func theJSONStringEqualsTheOneWrittenWhole() {
    let buffer = SpillBuffer(threshold: 5)
    var text = ""
    for index in 0..<40_000 {
      buffer.append(Self.pieces[index % Self.pieces.count])
      text += Self.pieces[index % Self.pieces.count]
    }
    var spilled = JSONWriter()
    spilled.string(joiningUTF8: buffer.forEachChunk)
    var whole = JSONWriter()
    whole.string(text)
    #expect(spilled.output == whole.output)
    #expect(whole.output.contains("\\u2028"))
  }
}
