import Testing
import TextModel

/// The compact anchor list against the simple version, `[SourceMap.Anchor]`.
@Suite struct AnchorListTests {
  @Test(arguments: [false, true])
  func theListHoldsWhatAnArrayHolds(widening: Bool) {
    var generator = SystemRandomNumberGenerator()
    var list = AnchorList()
    var array: [SourceMap.Anchor] = []
    var text = 0
    for step in 0..<5000 {
      text += Int.random(in: 0...90, using: &generator)
      // Past 4 GiB half-way through when widening: the list must change form and keep the rest.
      let source = widening && step >= 2500 ? (1 << 33) + text : text * 2
      let anchor = SourceMap.Anchor(text: text, source: source)
      list.append(anchor)
      array.append(anchor)
      if step % 7 == 0 {
        let index = Int.random(in: 0..<array.count, using: &generator)
        array[index].source += 1
        list[index].source += 1
      }
      if step % 11 == 0 {
        array.removeLast()
        list.removeLast()
      }
    }
    #expect(Array(list) == array)
    #expect(list.count == array.count)
    var narrow = AnchorList()
    for anchor in array where anchor.source <= Int(UInt32.max) { narrow.append(anchor) }
    var wide = AnchorList()
    wide.append(SourceMap.Anchor(text: 0, source: 1 << 40))
    wide.removeLast()
    for anchor in array where anchor.source <= Int(UInt32.max) { wide.append(anchor) }
    #expect(narrow == wide)  // the same anchors in either form are equal
    #expect(narrow.hashValue == wide.hashValue)
  }

  @Test func sourceOffsetsMapAsBeforePastFourGibibytes() {
    var map = SourceMap()
    map.addAnchor(text: 0, source: 0)
    map.addAnchor(text: 10, source: 5_000_000_000)
    map.scanLines(UnsafeRawBufferPointer(start: nil, count: 0))
    #expect(map.anchors.map(\.source) == [0, 5_000_000_000])
  }
}
