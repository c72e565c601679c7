import Dispatch
import Foundation
import Synchronization
import Testing
import TextModel

@testable import Detection

/// The languages of national phone numbers are identified in blocks, shared with another thread;
/// the detections must be those of one block in order (the one-thread way), whatever the block size
/// and whichever thread ran a block: lines in several languages, with more numbers on a line than
/// a block holds (a block then starts mid-line, where the line's language was identified around its
/// first number).
@Suite struct NationalLanguageBlocksTests {
  static let pieces = [
    "Llame al 91 %d %04d hoy.", "Rufen Sie 030 %d %04d an.", "Appelez le 01 %d %02d %02d demain.",
    "お問い合わせは 03-%d-%04d まで。", "Call the desk at (415) %d-%04d today.", "Gọi 028 %d %04d nhé.",
  ]

  static func text(_ generator: inout some RandomNumberGenerator) -> String {
    (0..<40).map { _ in
      let piece = pieces.randomElement(using: &generator)!
      let count = [1, 3, 40, 300].randomElement(using: &generator)!
      return (0..<count).map { _ in
        let other = Bool.random(using: &generator) ? pieces.randomElement(using: &generator)! : piece
        let a = Int.random(in: 200...999, using: &generator)
        let b = Int.random(in: 0...9999, using: &generator)
        return other.contains("%02d %02d")
          ? String(format: other, a, b / 100, b % 100) : String(format: other, a, b)
      }.joined(separator: " ")
    }.joined(separator: "\n")
  }

  static func detect(_ text: String, blockSize: Int, sharing: SharedBlocks?)
    -> DetectionList
  {
    var found = DetectionList(rangesIn: text)
    let inputs = DetectionInputs(
      domainRegions: { [] }, blocks: DetectionBlocks(sharing: sharing, size: blockSize))
    PhoneNumberDetector().detect(in: text, context: DetectionContext(), inputs: inputs, appendingTo: &found)
    return found
  }

  @Test func blocksOnTwoThreadsGiveTheDetectionsOfOneBlock() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<3 {
      let text = Self.text(&generator)
      let one = Self.detect(text, blockSize: .max, sharing: nil)
      #expect(one.count > 500)
      for blockSize in [1, 7, 256] {
        #expect(Self.detect(text, blockSize: blockSize, sharing: nil) == one, "block size \(blockSize)")
        // The other thread helps until the detection is over (help returns at once without work).
        let work = SharedBlocks()
        let over = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var shared = DetectionList()
        DispatchQueue.concurrentPerform(iterations: 2) { part in
          if part == 0 {
            shared = Self.detect(text, blockSize: blockSize, sharing: work)
            over.signal()
          } else {
            while over.wait(timeout: .now()) == .timedOut { work.help() }
          }
        }
        #expect(shared == one, "block size \(blockSize), shared")
      }
    }
  }
}

/// Blocks run by either thread come back in block order; a helper with no work returns at once.
@Suite struct SharedBlocksTests {
  @Test func resultsAreInBlockOrderWhoeverRanThem() {
    let work = SharedBlocks()
    work.help()  // nothing to do yet: returns
    nonisolated(unsafe) var results: [Int] = []
    nonisolated(unsafe) var helped = 0
    DispatchQueue.concurrentPerform(iterations: 2) { part in
      if part == 0 {
        results = work.run(blocks: 500) { block in
          var sum = 0
          for value in 0..<(block % 7) * 1000 { sum &+= value }
          return block * 2 + (sum == -1 ? 1 : 0)
        }
      } else {
        for _ in 0..<1000 { work.help() }
        helped = 1
      }
    }
    #expect(results == (0..<500).map { $0 * 2 })
    #expect(helped == 1)
    #expect(work.run(blocks: 0) { $0 }.isEmpty)
  }

  /// A helper waits for an owner's next work only between ``SharedBlocks/begin()`` and
  /// ``SharedBlocks/end()``: posted after a pause, the owner's second work is still helped with
  /// (its blocks wait, for two seconds at most in all, until the helper has run one); the helper returns when the
  /// owner ends, and at once when no owner has begun or it has ended. The helper is a thread of its
  /// own (`concurrentPerform` may run both parts on one thread).
  @Test func aHelperWaitsForTheOwnersNextWorkUntilItEnds() {
    let work = SharedBlocks()
    work.helpUntilOwnerEnds()  // no owner: returns
    let helped = Atomic<Int>(0)
    let helperReturned = Atomic<Bool>(false)
    let helperDone = DispatchSemaphore(value: 0)
    work.begin()
    let helper = Thread {
      work.helpUntilOwnerEnds()
      helperReturned.store(true, ordering: .sequentiallyConsistent)
      helperDone.signal()
    }
    let first = work.run(blocks: 50) { $0 * 3 }
    helper.start()
    usleep(20_000)  // the helper, done with what there was, waits for the next work
    let deadline = DispatchTime.now() + .seconds(2)
    let second = work.run(blocks: 50) { block in
      if Thread.current == helper { helped.add(1, ordering: .sequentiallyConsistent) }
      while helped.load(ordering: .sequentiallyConsistent) == 0 && DispatchTime.now() < deadline { usleep(50) }
      return String(block)
    }
    let returnedEarly = helperReturned.load(ordering: .sequentiallyConsistent)
    #expect(!returnedEarly)
    work.end()
    #expect(helperDone.wait(timeout: .now() + .seconds(5)) == .success)
    let blocksHelped = helped.load(ordering: .sequentiallyConsistent)
    #expect(blocksHelped > 0)
    #expect(first == (0..<50).map { $0 * 3 })
    #expect(second == (0..<50).map { String($0) })
    work.helpUntilOwnerEnds()  // ended: returns
  }
}
