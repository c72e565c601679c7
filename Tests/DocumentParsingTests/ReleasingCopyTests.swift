import Testing

@testable import DocumentParsing

/// `String.releasing(_:)` (the builder's text handed over while its pages are released) against the
/// simple `String(decoding:as:)`.
@Suite struct ReleasingCopyTests {
  /// Mixed scripts so multi-byte characters straddle every 1 MiB chunk and 4 KiB page boundary.
  static func sample(bytes count: Int) -> [UInt8] {
    let pieces = ["Trail map ", "電話 03-1234-5678 ", "Đường mòn ", "مسار ", "🥾 ", "ok\n"].map { Array($0.utf8) }
    var bytes: [UInt8] = []
    var index = 0
    while bytes.count < count {
      bytes.append(contentsOf: pieces[index % pieces.count])
      index += 1
    }
    return bytes
  }

  @Test(arguments: [100, String.releasingThreshold + 4_099, 3 * String.releasingThreshold + 1])
  func theStringIsWhatDecodingGives(count: Int) {
    var bytes = Self.sample(bytes: count)
    let expected = String(decoding: bytes, as: UTF8.self)
    let text = String.releasing(&bytes)
    #expect(text == expected)
    #expect(text.utf8.count == expected.utf8.count)
    #expect(bytes.isEmpty)
  }

  @Test func invalidSequencesAreRepairedAsDecodingRepairsThem() {
    var bytes = Self.sample(bytes: String.releasingThreshold + 10)
    bytes[String.releasingThreshold / 2] = 0xFF
    bytes[bytes.count - 1] = 0xE3  // a lead byte with nothing after it
    let expected = String(decoding: bytes, as: UTF8.self)
    let text = String.releasing(&bytes)
    #expect(text == expected)
    #expect(text.unicodeScalars.filter { $0 == "\u{FFFD}" }.count == 2)
  }
}
