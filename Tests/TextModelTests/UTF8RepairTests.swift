import Testing
import TextModel

@Suite struct UTF8RepairTests {
  @Test func invalidBytesBecomeReplacementCharactersAndOffsetsMapBack() {
    let input: [UInt8] = Array("ok ".utf8) + [0xFF] + Array(" mid ".utf8) + [0xE2, 0x82] + Array(" end".utf8)
    var repair = UTF8Repair()
    let output = input.withUnsafeBytes { repair.repair($0, isFinal: true) }
    let text = String(decoding: output, as: UTF8.self)
    #expect(text == "ok \u{FFFD} mid \u{FFFD} end")
    #expect(repair.replacementCount == 2)
    #expect(repair.firstInvalidOffset == 3)
    // "end" starts at input offset 3+1+5+2+1 = 12; in the repaired text after two 3-byte replacements.
    let repairedEnd = Array(text.utf8).count - 3
    #expect(repair.originalOffset(repairedEnd) == input.count - 3)
  }

  @Test func aSequenceCutByAChunkBoundaryIsKeptWhole() {
    let bytes = Array("東京".utf8)
    var repair = UTF8Repair()
    var output: [UInt8] = []
    for split in [bytes[0..<2], bytes[2..<4], bytes[4...]] {
      let isFinal = split.endIndex == bytes.endIndex
      output += Array(split).withUnsafeBytes { repair.repair($0, isFinal: isFinal) }
    }
    #expect(String(decoding: output, as: UTF8.self) == "東京")
    #expect(repair.replacementCount == 0)
  }

  @Test func aTruncatedSequenceAtTheEndIsReplacedOnce() {
    var repair = UTF8Repair()
    let output = ([0x61, 0xE6, 0x9D] as [UInt8]).withUnsafeBytes { repair.repair($0, isFinal: true) }
    #expect(String(decoding: output, as: UTF8.self) == "a\u{FFFD}")
  }
}
