import Testing
@_spi(Plumbing) import TextModel

/// Output looks input positions up through a hint (`SourceMap.Hint`) that remembers where the last
/// lookup landed; the answers must be the binary search's, in any order of lookups and whatever
/// the anchors and lines hold (repeated offsets, gaps, offsets before the first anchor or past the
/// input).
@Suite struct SourceMapHintTests {
  static func randomMap(_ generator: inout some RandomNumberGenerator) -> (SourceMap, textLength: Int) {
    var map = SourceMap()
    map.skipsPredictedAnchors = Bool.random(using: &generator)
    var text = Int.random(in: 0...20, using: &generator)
    var source = Int.random(in: 0...20, using: &generator)
    for _ in 0..<Int.random(in: 0...400, using: &generator) {
      map.addAnchor(text: text, source: source)
      // Steps of zero repeat an offset; large ones jump over many lookups.
      text += [0, 1, 3, 40, 500].randomElement(using: &generator)!
      source += [0, 1, 2, 50, 700].randomElement(using: &generator)!
    }
    var input: [UInt8] = []
    for _ in 0..<Int.random(in: 0...4000, using: &generator) {
      input.append(Int.random(in: 0..<12, using: &generator) == 0 ? 0x0A : 0x61)
    }
    input.withUnsafeBytes { map.scanLines($0) }
    return (map, text + 30)
  }

  @Test func hintedLookupsAreTheSearchesAnswers() {
    var generator = SystemRandomNumberGenerator()
    for round in 0..<200 {
      let (map, textLength) = Self.randomMap(&generator)
      var hint = SourceMap.Hint()
      // Mostly forward in small steps (as output asks), sometimes a jump back or far ahead.
      var offset = 0
      for _ in 0..<300 {
        switch Int.random(in: 0..<10, using: &generator) {
        case 0: offset = Int.random(in: -5...textLength, using: &generator)
        case 1: offset += Int.random(in: 0...3000, using: &generator)
        default: offset += Int.random(in: 0...60, using: &generator)
        }
        let byte = map.sourceOffset(forTextOffset: offset, hint: &hint)
        #expect(byte == map.sourceOffset(forTextOffset: offset), "round \(round), text offset \(offset)")
        let probe = Int.random(in: 0..<3, using: &generator) == 0 ? Int.random(in: 0...5000, using: &generator) : byte
        let (line, column) = map.lineAndColumn(forSourceOffset: probe, hint: &hint)
        let expected = map.lineAndColumn(forSourceOffset: probe)
        #expect(line == expected.line && column == expected.column, "round \(round), input offset \(probe)")
      }
    }
  }
}
