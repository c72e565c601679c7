import Testing
import UnicodeSupport

/// Legacy encodings decoded chunk by chunk: a character cut by a chunk boundary is held back and
/// finished by the next chunk, every unit knows the input byte its character began at.
@Suite struct StreamingConverterTests {
  static func convert(
    _ converter: StreamingConverter, _ chunk: [UInt8], flush: Bool, into units: inout [UInt16],
    _ offsets: inout [Int]
  ) {
    chunk.withUnsafeBytes { converter.convert($0, flush: flush, units: &units, offsets: &offsets) }
  }

  @Test func windows1252MapsItsC1Range() throws {
    let converter = try StreamingConverter(encoding: "windows-1252")
    var units: [UInt16] = []
    var offsets: [Int] = []
    Self.convert(converter, [0x80, 0x20, 0xE9], flush: true, into: &units, &offsets)
    #expect(String(decoding: units, as: UTF16.self) == "€ é")
    #expect(offsets == [0, 1, 2])
  }

  /// Shift_JIS "日本" (93 FA 96 7B) cut inside the second character: the lead byte waits for the
  /// next chunk, and the finished character's offset is that lead byte's (2), not the next chunk's.
  @Test func aCharacterCutByTheChunkBoundaryIsHeldBack() throws {
    let converter = try StreamingConverter(encoding: "Shift_JIS")
    var units: [UInt16] = []
    var offsets: [Int] = []
    Self.convert(converter, [0x41, 0x93, 0xFA, 0x96], flush: false, into: &units, &offsets)
    #expect(String(decoding: units, as: UTF16.self) == "A日")
    #expect(converter.pendingByteCount == 1)
    Self.convert(converter, [0x7B, 0x42], flush: true, into: &units, &offsets)
    #expect(String(decoding: units, as: UTF16.self) == "A日本B")
    #expect(offsets == [0, 1, 3, 5])
    #expect(converter.pendingByteCount == 0)
  }

  /// A supplementary character (UTF-16 surrogate pair) gives both units the offset of its first byte.
  @Test func surrogatePairsShareTheirOffset() throws {
    let converter = try StreamingConverter(encoding: "UTF-16LE")
    var units: [UInt16] = []
    var offsets: [Int] = []
    Self.convert(converter, [0x41, 0x00, 0x40, 0xD8, 0x0B, 0xDC], flush: true, into: &units, &offsets)
    #expect(units == [0x41, 0xD840, 0xDC0B])
    #expect(offsets == [0, 2, 2])
  }

  @Test func undecodableBytesAreReplacedAndCounted() throws {
    let converter = try StreamingConverter(encoding: "Shift_JIS")
    var units: [UInt16] = []
    var offsets: [Int] = []
    Self.convert(converter, [0x41, 0x85, 0x40, 0x42], flush: true, into: &units, &offsets)
    #expect(units.first == 0x41 && units.last == 0x42)
    #expect(units.contains(0xFFFD) || units.contains(0x1A))
    #expect(converter.substitutionCount >= 1)
  }

  @Test func unknownEncodingsDoNotOpen() {
    #expect(StreamingConverter.canOpen("Shift_JIS"))
    #expect(!StreamingConverter.canOpen("no-such-encoding"))
    #expect(throws: ICUError.self) { try StreamingConverter(encoding: "no-such-encoding") }
  }
}
