import Testing
import TextModel

@Suite struct TextRangeTests {
  @Test func aRangeNeverHasANegativeLength() {
    #expect(TextRange(start: 5, end: 2).length == 0)
  }
}
