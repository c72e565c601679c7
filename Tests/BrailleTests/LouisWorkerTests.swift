import DocumentParsing
import Testing
import TextModel

@testable import Braille

/// liblouis in its worker process (`Louis.translate`): a translation that does not finish by its
/// deadline is stopped, said as unfinished, and the next one is answered by a new worker. On
/// b61ffed `Louis.translate` of `c ->a@` with de-g2.ctb never returns.
@Suite struct LouisWorkerTests {
  static let loops = Array("c ->a@".unicodeScalars)

  @Test func aTranslationLiblouisLoopsOnIsStoppedAndSaidUnfinished() throws {
    let clock = ContinuousClock()
    let start = clock.now
    #expect {
      try Louis.translate(Self.loops, table: "de-g2.ctb", mode: .unicodeCells, deadline: .milliseconds(500))
    } throws: { ($0 as? Louis.Failure)?.unfinished == true }
    #expect(clock.now - start < .seconds(10))
    // A new worker answers the next call as liblouis does.
    let after = try Louis.translate(Array("Hallo Welt.".unicodeScalars), table: "de-g2.ctb", mode: .unicodeCells)
    #expect(String(String.UnicodeScalarView(after.output)) == "⠓⠁⠟⠕⠀⠺⠽⠞⠄")
    #expect(after.inputIndex == [0, 1, 2, 4, 5, 6, 7, 9, 10])
  }

  @Test func aBatchAnswersEachPassageAndIsUnfinishedWhenOneLoops() throws {
    let passages = [Array("Hallo".unicodeScalars), [], Array("Welt.".unicodeScalars)]
    guard
      case .done(let results) = Louis.translate(
        passages: passages, table: "de-g2.ctb", mode: .unicodeCells, deadline: .seconds(20))
    else {
      Issue.record("the batch did not finish")
      return
    }
    #expect(results.map { $0.map { String(String.UnicodeScalarView($0.output)) } } == ["⠓⠁⠟⠕", "", "⠺⠽⠞⠄"])
    #expect(results[2]?.inputIndex == [0, 1, 3, 4])
    let stuck = Louis.translate(
      passages: [passages[0], Self.loops], table: "de-g2.ctb", mode: .unicodeCells, deadline: .milliseconds(500))
    guard case .unfinished = stuck else {
      Issue.record("a batch with a looping passage finished")
      return
    }
  }

  @Test func computerBrailleIsBrailleASCIIWithEscapesForTheRest() {
    let (cells, indices) = BrailleASCII.computerBraille(Array("c ->é".unicodeScalars))
    // c, blank, -, >, then 'é' as '\xe9' in Braille ASCII, every cell of it from the é.
    #expect(String(String.UnicodeScalarView(cells)) == "⠉⠀⠤⠜⠄⠳⠭⠑⠔⠄")
    #expect(indices == [0, 1, 2, 3, 4, 4, 4, 4, 4, 4])
  }

  @Test func theDocumentSaysWhereLiblouisDidNotFinishAndTranslatesTheRest() throws {
    let document = try DocumentReader().read(
      bytes: Array("Hallo Welt.\nc ->a@ und mehr\nEnde gut.\n".utf8), format: .text)
    let (lines, warnings) = try DocumentBraille(document: document, table: try BrailleTable(named: "de-g2.ctb")).lines()
    #expect(lines.map(\.string).prefix(3) == ["⠓⠁⠟⠕⠀⠺⠽⠞⠄", "⠉⠀⠤⠜⠁⠈⠀⠥⠝⠙⠀⠍⠑⠓⠗", "⠉⠙⠑⠀⠛⠥⠞⠄"])
    #expect(lines[1].textOffsets.first == 12)
    #expect(warnings == [BrailleWarning(kind: .unfinished(count: 1, table: "de-g2.ctb"), offset: 12)])
  }
}
