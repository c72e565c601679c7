import Testing

@testable import TextModel

/// Blocks are stored packed (32 bytes each); what is written must read back.
@Suite struct BlockLayoutTests {
  static let kinds: [BlockKind] =
    [
      .paragraph, .heading(level: 1), .heading(level: 6), .heading(level: 12), .heading(level: 0),
      .list(ordered: true), .list(ordered: false), .listItem, .table, .tableRow, .tableCell(header: true),
      .tableCell(header: false), .blockQuote, .preformatted, .group,
    ] + Landmark.allCases.map { BlockKind.landmark($0) }

  @Test(arguments: kinds)
  func everyKindReadsBackAsWritten(_ kind: BlockKind) {
    var block = Block(kind: .paragraph, range: TextRange(start: 3, end: 9), depth: 4, label: "Site", language: "ja")
    block.kind = kind
    #expect(block.kind == kind)
    #expect(Block(kind: kind, range: TextRange(start: 0, end: 1)).kind == kind)
    #expect(block.depth == 4 && block.label == "Site" && block.language == "ja" && block.range.end == 9)
  }

  @Test func depthsAndLevelsBeyondTheStorageAreClamped() {
    #expect(Block(kind: .paragraph, range: TextRange(start: 0, end: 1), depth: 100_000).depth == 100_000)
    #expect(Block(kind: .paragraph, range: TextRange(start: 0, end: 1), depth: .max).depth == Int(Int32.max))
    #expect(Block(kind: .heading(level: 1 << 30), range: TextRange(start: 0, end: 1)).kind.headingLevel == 0xFF_FFFF)
  }

  @Test func aBlockTakes32Bytes() {
    #expect(MemoryLayout<Block>.stride == 32)
  }
}
