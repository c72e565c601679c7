/// Eight bytes of text at a time in one `UInt64` (SWAR, "SIMD within a register"): the tests every
/// byte scanner of the package shares — detectors skipping to trigger bytes, the offset converter
/// and the speech normalizer skipping ASCII, the decoder's and the JSON writer's fast paths. Loads
/// are little-endian (x86-64, arm64): byte k of the text is bits 8k..<8k+8.
///
/// Public and `@inlinable` only so that the other modules' scanning loops inline it: with Swift
/// 6.3 a `package` `@inlinable` function was called, not inlined, from another module (speech +6%
/// instructions, `detect` +9%). Not an API for embedders: it is SPI, seen only by a file that
/// imports `@_spi(Plumbing) import TextModel` (the facade does not re-export it).
@_spi(Plumbing) public enum ByteWords {
  /// `byte` in every byte of a word.
  @inlinable @inline(__always)
  public static func broadcast(_ byte: UInt8) -> UInt64 { 0x0101_0101_0101_0101 &* UInt64(byte) }

  /// High bit set in every byte of `word` below `limit` (at most 0x80). Whether any is flagged is
  /// exact; which ones is exact up to the lowest (false flags appear only above a real one), which
  /// is all `trailingZeroBitCount` needs.
  @inlinable @inline(__always)
  public static func bytesBelow(_ limit: UInt8, in word: UInt64) -> UInt64 {
    (word &- broadcast(limit)) & ~word & 0x8080_8080_8080_8080
  }

  /// High bit set in every zero byte of `word` (as ``bytesBelow(_:in:)`` with 1). XOR a word with
  /// ``broadcast(_:)`` of a byte first to find that byte.
  @inlinable @inline(__always)
  public static func zeroBytes(_ word: UInt64) -> UInt64 { bytesBelow(1, in: word) }

  /// Whether any of the eight bytes of `word` is not ASCII.
  @inlinable @inline(__always)
  public static func hasNonASCII(_ word: UInt64) -> Bool { word & 0x8080_8080_8080_8080 != 0 }

  /// The eight bytes at `offset` bytes from `base`, unaligned.
  @inlinable @inline(__always)
  public static func load(_ base: UnsafeRawPointer, at offset: Int) -> UInt64 {
    base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
  }
}
