@_spi(Plumbing) internal import TextModel

/// Finding trigger bytes eight at a time (SWAR: "SIMD within a register"): ordinary prose has few
/// of the bytes a detector starts from, so skipping whole words of text is most of the speed at
/// brochure density. Little-endian only (x86-64, arm64); other targets take the byte loop.
enum ByteScan {
  @inline(__always) static func load(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> UInt64 {
    ByteWords.load(UnsafeRawPointer(bytes.baseAddress!), at: index)
  }

  /// The first index at or after `start` whose byte is `a`, `b` or `c`; `bytes.count` when none.
  @inline(__always)
  static func first(_ a: UInt8, _ b: UInt8, _ c: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    var index = start
    let count = bytes.count
    #if _endian(little)
      let (pa, pb, pc) = (ByteWords.broadcast(a), ByteWords.broadcast(b), ByteWords.broadcast(c))
      while index + 8 <= count {
        let word = load(bytes, index)
        let hits = ByteWords.zeroBytes(word ^ pa) | ByteWords.zeroBytes(word ^ pb) | ByteWords.zeroBytes(word ^ pc)
        if hits != 0 { return index + hits.trailingZeroBitCount >> 3 }
        index += 8
      }
    #endif
    while index < count {
      let byte = bytes[index]
      if byte == a || byte == b || byte == c { return index }
      index += 1
    }
    return count
  }

  /// The first index at or after `start` whose byte may begin a phone number: an ASCII digit, '+',
  /// '(' or any non-ASCII byte (fullwidth and Arabic-Indic digits are checked by the caller).
  @inline(__always)
  static func firstDigitLike(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    var index = start
    let count = bytes.count
    #if _endian(little)
      let high: UInt64 = 0x8080_8080_8080_8080
      let (plus, paren) = (ByteWords.broadcast(0x2B), ByteWords.broadcast(0x28))
      while index + 8 <= count {
        let word = load(bytes, index)
        // For ASCII bytes: high bit of (b + 0x50) says b ≥ 0x30; of (b + 0x46) says b > 0x39.
        let atLeast0 = word &+ ByteWords.broadcast(0x50)
        let above9 = word &+ ByteWords.broadcast(0x46)
        let digits = atLeast0 & ~above9 & high & ~word
        let hits = digits | ByteWords.zeroBytes(word ^ plus) | ByteWords.zeroBytes(word ^ paren) | (word & high)
        if hits != 0 { return index + hits.trailingZeroBitCount >> 3 }
        index += 8
      }
    #endif
    while index < count {
      let byte = bytes[index]
      if (byte >= 0x30 && byte <= 0x39) || byte == 0x2B || byte == 0x28 || byte >= 0x80 { return index }
      index += 1
    }
    return count
  }
}
