import Testing
import TextModel

/// `TextDocument.invariantViolations()` names every broken rule the other stages rely on.
@Suite struct InvariantTests {
  @Test func aWellFormedDocumentHasNone() {
    var map = SourceMap()
    map.addAnchor(text: 0, source: 3)
    map.addAnchor(text: 6, source: 20)
    let document = TextDocument(
      format: .html, text: "Héllo\nworld",
      blocks: [
        Block(kind: .paragraph, range: TextRange(start: 0, end: 6)),
        Block(kind: .paragraph, range: TextRange(start: 7, end: 12)),
      ],
      runs: [AttributeRun(range: TextRange(start: 7, end: 12), attribute: .language("en"))], sourceMap: map)
    #expect(document.invariantViolations() == [])
  }

  @Test func everyBrokenRuleIsNamed() {
    let text = "Héllo\nworld"  // "é" is bytes 1..<3
    let document = TextDocument(
      format: .html, text: text,
      blocks: [
        Block(kind: .paragraph, range: TextRange(start: 7, end: 12)),
        Block(kind: .paragraph, range: TextRange(start: 0, end: 2)),  // cuts "é", and out of order
        Block(kind: .heading(level: 2), range: TextRange(start: 7, end: 40)),  // past the end
      ],
      runs: [
        AttributeRun(range: TextRange(start: 7, end: 12), attribute: .language("en")),
        AttributeRun(range: TextRange(start: 0, end: 5), attribute: .language("fr")),  // out of order
      ])
    let problems = document.invariantViolations()
    #expect(problems.contains("block 1 (paragraph) 0..<2 cuts a scalar"))
    #expect(problems.contains("block 1 starts before block 0"))
    #expect(problems.contains { $0.hasPrefix("block 2 (heading") && $0.hasSuffix("lies outside the text (0..<12)") })
    #expect(problems.contains("run 1 starts before run 0"))
    #expect(problems.count == 4)
  }
}
