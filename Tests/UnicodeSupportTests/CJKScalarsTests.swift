import Testing
@_spi(Plumbing) import UnicodeSupport

/// The range checks detection and speech share: where an ASCII name glued to CJK text ends.
@Suite struct CJKScalarsTests {
  @Test func hanKanaAndFullwidthForms() {
    for scalar: Unicode.Scalar in ["東", "に", "カ", "。", "ｆ", "豈", "\u{20000}", "\u{3400}"] {
      #expect(CJKScalars.isHanOrKana(scalar.value), "\(scalar)")
      #expect(CJKScalars.isCJK(scalar.value), "\(scalar)")
    }
  }

  @Test func hangulIsCJKButNotHanOrKana() {
    for scalar: Unicode.Scalar in ["가", "힣"] {
      #expect(CJKScalars.isHangul(scalar.value) && CJKScalars.isCJK(scalar.value))
      #expect(!CJKScalars.isHanOrKana(scalar.value))
    }
  }

  /// The ends of each range: one scalar outside is not CJK.
  @Test func theRangesEndWhereTheyShould() {
    for value: UInt32 in [0x2FFF, 0x3100, 0x4DC0, 0xA000, 0xAC00 - 1, 0xD7B0, 0xFFF0, 0x30000, 0x41, 0xE9] {
      #expect(!CJKScalars.isCJK(value), "\(String(value, radix: 16))")
    }
    for value: UInt32 in [0x3000, 0x30FF, 0x4DBF, 0x9FFF, 0xAC00, 0xD7AF, 0xFF00, 0xFFEF, 0x2FFFF] {
      #expect(CJKScalars.isCJK(value), "\(String(value, radix: 16))")
    }
  }
}
