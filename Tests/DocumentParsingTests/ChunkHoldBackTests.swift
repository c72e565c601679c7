import Testing

@testable import DocumentParsing

/// ``ChunkHoldBack`` keeps one long construct from being searched for its end at every chunk
/// (issue 42 row 7), without losing, reordering or delaying the bytes of ordinary pages.
@Suite struct ChunkHoldBackTests {
  static let chunk = 1 << 16

  /// Feeds `total` bytes in 64 KiB chunks to a parser model that consumes `consumedShare` of what
  /// it holds at each call (0: it waits for the end of one construct the whole time); returns the
  /// bytes the parser searched (what it held plus what it was given, summed over calls) and what it
  /// was given, in order.
  static func feed(total: Int, consumedShare: Double) -> (searched: Int, given: [UInt8], calls: Int) {
    var holdBack = ChunkHoldBack()
    var fed = 0
    var consumed = 0
    var searched = 0
    var calls = 0
    var given: [UInt8] = []
    var offset = 0
    while offset < total {
      let count = min(chunk, total - offset)
      let bytes = (offset..<offset + count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 16) }
      offset += count
      let isFinal = offset == total
      guard let input = holdBack.release(bytes, waiting: fed - consumed, isFinal: isFinal) else { continue }
      calls += 1
      searched += (fed - consumed) + input.count
      fed += input.count
      given += input
      consumed += Int(Double(fed - consumed) * consumedShare)
    }
    return (searched, given, calls)
  }

  static func expected(_ total: Int) -> [UInt8] {
    (0..<total).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 16) }
  }

  @Test(arguments: [1_000_000, 16_000_000, 64_000_000])
  func oneLongConstructIsSearchedAFewTimesItsLengthInAll(_ total: Int) {
    let run = Self.feed(total: total, consumedShare: 0)
    // Fed chunk by chunk, a 16 MB construct would be searched ~2,000 times its length.
    #expect(run.searched <= 6 * total, "searched \(run.searched) bytes for a construct of \(total)")
    #expect(run.given == Self.expected(total))
  }

  @Test func anOrdinaryPageGoesStraightThroughChunkByChunk() {
    let total = 5_000_000
    let run = Self.feed(total: total, consumedShare: 0.999)
    #expect(run.calls == (total + Self.chunk - 1) / Self.chunk)
    #expect(run.given == Self.expected(total))
  }

  @Test func theFinalChunkTakesEverythingHeldWithIt() {
    var holdBack = ChunkHoldBack()
    #expect(holdBack.release([1, 2], waiting: 100, isFinal: false) == nil)
    #expect(holdBack.release([3], waiting: 100, isFinal: true) == [1, 2, 3])
    #expect(holdBack.release([4], waiting: 0, isFinal: false) == [4])
  }

  /// The reader itself keeps every kind of long token whole.
  @Test(arguments: [
    ("<p>x<!-- ", " --> y</p>", "x y"), ("<p title=\"", "\">x y</p>", "x y"), ("<p>x ", " y</p>", "x TOKEN y"),
  ])
  func aLongTokenIsReadWhole(_ before: String, _ after: String, _ reading: String) throws {
    let token = String(repeating: "a", count: 3_000_000)
    let document = try HTMLReader().read(bytes: Array((before + token + after).utf8), name: "long.html")
    let expected = reading == "x TOKEN y" ? "x " + token + " y" : reading
    #expect(document.text == expected)
  }
}
