import CLouis
import DocumentParsing
import Foundation
import ParallelSupport
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

/// The worker outlives the thread that started it. With `PR_SET_PDEATHSIG` (b30ea8d) the worker was
/// killed when the forking thread (a pool thread, here a joined one) exited, and stayed a zombie until
/// the next translation: a child no one reaps stalls Swift Testing's exit-test monitor, which waits
/// for any child (the whole test run hung at JSONBoundTests' exit test).
@Suite struct LouisWorkerLifetimeTests {
  @Test func theWorkerOutlivesTheThreadThatStartedIt() throws {
    // A fresh worker, started on a thread that then ends.
    _ = try? Louis.translate(
      LouisWorkerTests.loops, table: "de-g2.ctb", mode: .unicodeCells, deadline: .milliseconds(300))
    let thread = try #require(
      JoinableThread.start {
        _ = try? Louis.translate(Array("Hallo".unicodeScalars), table: "de-g2.ctb", mode: .unicodeCells)
      })
    thread.join()
    let worker = clouis_worker_process()
    try #require(worker > 0)
    usleep(300_000)
    // Alive (another suite's deadline may have stopped and reaped it meanwhile: gone is fine), never
    // a zombie.
    #expect(Self.state(of: worker) != "Z", "the worker of a finished thread was killed and left unreaped")
    let after = try Louis.translate(Array("Welt.".unicodeScalars), table: "de-g2.ctb", mode: .unicodeCells)
    #expect(String(String.UnicodeScalarView(after.output)) == "⠺⠽⠞⠄")
  }

  /// The process state letter from /proc (S sleeping, R running, Z zombie), nil when it is gone.
  static func state(of process: Int32) -> String? {
    guard let stat = try? String(contentsOfFile: "/proc/\(process)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return nil }
    return stat[stat.index(after: close)...].split(separator: " ").first.map(String.init)
  }
}
