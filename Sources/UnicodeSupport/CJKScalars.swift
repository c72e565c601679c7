/// The one home for "is this scalar Chinese, Japanese or Korean script": range checks fast enough
/// for the detectors' inner loops, used by detection (where an ASCII name glued to CJK text ends)
/// and speech (which lexicon reads a run of Han or kana).
@_spi(Plumbing) public enum CJKScalars {
  /// Han ideographs (with extensions and compatibility forms), kana, CJK symbols and punctuation,
  /// and full-width forms: the scripts of Chinese and Japanese.
  @inlinable
  public static func isHanOrKana(_ value: UInt32) -> Bool {
    (value >= 0x3000 && value <= 0x30FF) || (value >= 0x3400 && value <= 0x4DBF) || (value >= 0x4E00 && value <= 0x9FFF)
      || (value >= 0xF900 && value <= 0xFAFF) || (value >= 0xFF00 && value <= 0xFFEF)
      || (value >= 0x20000 && value <= 0x2FFFF)
  }

  /// Precomposed Hangul syllables.
  @inlinable
  public static func isHangul(_ value: UInt32) -> Bool { value >= 0xAC00 && value <= 0xD7AF }

  /// Han, kana or Hangul: text where a particle or the next word follows an ASCII name with no
  /// space ("请拨打info@example.cn咨询", "info@example.kr로"), so a name ends where the script changes.
  @inlinable
  public static func isCJK(_ value: UInt32) -> Bool { isHanOrKana(value) || isHangul(value) }
}
