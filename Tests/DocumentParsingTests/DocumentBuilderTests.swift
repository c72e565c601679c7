import Testing
import TextModel

@testable import DocumentParsing

/// The builder copies words that one plain space separates in one piece; the document must be the
/// one built word by word: text, blocks, runs and source map, for random text with every kind of
/// whitespace, blocks and runs opening between pieces, word boundaries, preformatted blocks, and
/// source maps that keep every anchor.
@Suite struct DocumentBuilderTests {
  enum Step {
    case text([UInt8], Int)
    case open(BlockKind)
    case close
    case run
    case closeRun
    case boundary
    case lineBreak
  }

  static func randomSteps(_ generator: inout some RandomNumberGenerator) -> [Step] {
    let pieces: [[UInt8]] = [
      Array("word".utf8), Array(" ".utf8), Array("  ".utf8), Array("\t".utf8), Array("\n".utf8), Array("\r\n".utf8),
      Array("\u{0C}".utf8), Array("(x)".utf8), Array(".".utf8), Array("日本".utf8), Array("é".utf8), Array("a b".utf8),
      Array(" a".utf8), Array("a ".utf8), Array("x  y".utf8),
    ]
    var steps: [Step] = []
    var source = 0
    for _ in 0..<Int.random(in: 1...60, using: &generator) {
      switch Int.random(in: 0..<12, using: &generator) {
      case 0: steps.append(.open(Bool.random(using: &generator) ? .paragraph : .preformatted))
      case 1: steps.append(.close)
      case 2: steps.append(.run)
      case 3: steps.append(.closeRun)
      case 4: steps.append(.boundary)
      case 5: steps.append(.lineBreak)
      default:
        var text: [UInt8] = []
        for _ in 0..<Int.random(in: 1...8, using: &generator) { text += pieces.randomElement(using: &generator)! }
        steps.append(.text(text, source))
        source += text.count + Int.random(in: 0...3, using: &generator)
      }
    }
    return steps
  }

  static func build(_ steps: [Step], merging: Bool, keepAnchors: Bool) -> TextDocument {
    var builder = DocumentBuilder()
    builder.tuning.mergesSpacedWords = merging
    builder.sourceMap.skipsPredictedAnchors = !keepAnchors
    var blocks: [DocumentBuilder.BlockHandle] = []
    var runs: [DocumentBuilder.RunHandle] = []
    for step in steps {
      switch step {
      case .text(let bytes, let source): bytes.withUnsafeBufferPointer { builder.appendText($0, sourceOffset: source) }
      case .open(let kind): blocks.append(builder.openBlock(kind))
      case .close: if let block = blocks.popLast() { builder.closeBlock(block) }
      case .run: runs.append(builder.openRun(.emphasis(.strong)))
      case .closeRun: if let run = runs.popLast() { builder.closeRun(run) }
      case .boundary: builder.wordBoundary()
      case .lineBreak: builder.lineBreak()
      }
    }
    for run in runs.reversed() { builder.closeRun(run) }
    for block in blocks.reversed() { builder.closeBlock(block) }
    return builder.finish(format: .html, language: nil, title: nil)
  }

  @Test func wordsCopiedInOnePieceBuildTheSameDocument() {
    var generator = SystemRandomNumberGenerator()
    var merged = 0
    for _ in 0..<2000 {
      let steps = Self.randomSteps(&generator)
      for keepAnchors in [false, true] {
        let one = Self.build(steps, merging: true, keepAnchors: keepAnchors)
        let other = Self.build(steps, merging: false, keepAnchors: keepAnchors)
        #expect(one.text == other.text)
        #expect(one.blocks == other.blocks)
        #expect(one.runs == other.runs)
        #expect(one.sourceMap == other.sourceMap)
        if one.text.contains(" ") { merged += 1 }
      }
    }
    #expect(merged > 1000)  // the cases do exercise spaced words
  }
}
