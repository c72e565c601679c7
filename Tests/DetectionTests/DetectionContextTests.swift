import Detection
import Testing
import TextModel

@Suite struct DetectionContextTests {
  @Test func aRangeInsideAMarkupLinkIsExcluded() {
    let context = DetectionContext(excludedRanges: [TextRange(start: 10, end: 20), TextRange(start: 40, end: 50)])
    #expect(context.isExcluded(TextRange(start: 12, end: 14)))
    #expect(context.isExcluded(TextRange(start: 45, end: 60)))
    #expect(!context.isExcluded(TextRange(start: 20, end: 40)))
    #expect(!context.isExcluded(TextRange(start: 0, end: 10)))
  }
}
