import Dispatch
import Foundation
import TestSupport
import Testing
import TextModel

@testable import Detection
@testable import ParallelSupport

/// The languages of national phone numbers are identified in blocks, shared with another thread;
/// the detections must be those of one block in order (the one-thread way), whatever the block size
/// and whichever thread ran a block: lines in several languages, with more numbers on a line than
/// a block holds (a block then starts mid-line, where the line's language was identified around its
/// first number).
@Suite(.tags(.threadSafety)) struct NationalLanguageBlocksTests {
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

  @Test(arguments: [1, 2, 3] as [UInt64])
  func blocksOnTwoThreadsGiveTheDetectionsOfOneBlock(seed: UInt64) {
    var generator = SplitMix(state: seed)
    do {
      let text = Self.text(&generator)
      let one = Self.detect(text, blockSize: .max, sharing: nil)
      #expect(one.count > 500)
      for blockSize in [1, 7, 256] {
        #expect(Self.detect(text, blockSize: blockSize, sharing: nil) == one, "block size \(blockSize)")
        // The other thread helps until the detection is over (help returns at once without work).
        let work = SharedBlocks()
        let over = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var shared = DetectionList()
        Parallelism.workers(2).forEach(2) { part in
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
