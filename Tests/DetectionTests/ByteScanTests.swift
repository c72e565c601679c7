import Testing

@testable import Detection

@Suite struct ByteScanTests {
  /// The word-at-a-time scans agree with a byte loop on random bytes (ASCII-heavy, with UTF-8 lead
  /// and continuation bytes), from every start offset, including the tails shorter than a word.
  @Test func wordScansAgreeWithTheByteLoop() {
    var state: UInt64 = 0x5CA7_7E11
    func next() -> UInt8 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: state >> 40)
    }
    let alphabet: [UInt8] =
      Array("abc XYZ.,:/@+()0123456789-".utf8) + [0xC3, 0xA9, 0xE3, 0x80, 0x82, 0xEF, 0xBC, 0x91, 0xD9, 0xA3]
    for length in [0, 1, 7, 8, 9, 15, 16, 17, 64, 200] {
      for _ in 0..<40 {
        let bytes = (0..<length).map { _ in
          next() % 4 == 0 ? alphabet[Int(next()) % alphabet.count] : UInt8(0x61 + Int(next()) % 26)
        }
        bytes.withUnsafeBufferPointer { buffer in
          for start in 0...length {
            let naive = (start..<length).first { [0x2E, 0x3A, 0x2F].contains(bytes[$0]) } ?? length
            #expect(ByteScan.first(0x2E, 0x3A, 0x2F, in: buffer, from: start) == naive)
            let naiveAt = (start..<length).first { bytes[$0] == 0x40 } ?? length
            #expect(ByteScan.first(0x40, 0x40, 0x40, in: buffer, from: start) == naiveAt)
            let naiveDigit =
              (start..<length).first {
                let b = bytes[$0]; return (0x30...0x39).contains(b) || b == 0x2B || b == 0x28 || b >= 0x80
              } ?? length
            #expect(ByteScan.firstDigitLike(in: buffer, from: start) == naiveDigit)
          }
        }
      }
    }
  }
}
