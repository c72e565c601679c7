import Testing

@_spi(Plumbing) @testable import TextModel

/// The eight-bytes-at-a-time tests every byte scanner shares agree with looking at each byte: for
/// every byte value in every lane, beside neighbours that are and are not flagged themselves.
@Suite struct ByteWordsTests {
  static func word(_ bytes: [UInt8]) -> UInt64 { bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) } }

  @Test func eachTestAgreesWithTheBytesOneByOne() {
    for value in UInt8.min...UInt8.max {
      for lane in 0..<8 {
        for filler: UInt8 in [0x41, 0x00, 0xFF] {
          var bytes = [UInt8](repeating: filler, count: 8)
          bytes[lane] = value
          let word = Self.word(bytes)
          #expect(ByteWords.hasNonASCII(word) == bytes.contains { $0 >= 0x80 })
          #expect((ByteWords.zeroBytes(word) != 0) == bytes.contains(0), "\(value) in lane \(lane)")
          for limit: UInt8 in [1, 0x20, 0x80] {
            let flagged = ByteWords.bytesBelow(limit, in: word)
            #expect((flagged != 0) == bytes.contains { $0 < limit }, "\(value) in lane \(lane) below \(limit)")
            // The lowest flagged byte is a real one.
            if flagged != 0 { #expect(bytes[flagged.trailingZeroBitCount >> 3] < limit) }
          }
          let loaded = bytes.withUnsafeBytes { ByteWords.load($0.baseAddress!, at: 0) }
          #expect(loaded == word)
        }
      }
    }
    #expect(ByteWords.broadcast(0x2A) == 0x2A2A_2A2A_2A2A_2A2A)
  }
}
