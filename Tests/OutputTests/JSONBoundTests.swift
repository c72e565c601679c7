import Testing
import TextModel

@testable import Output

/// A template's room comes from a ``JSONBound`` of the same template: each literal counts its own
/// bytes, each value its largest form, so the bound is what the cursor writes when every value is at
/// its largest; and the cursor, which carries the end of its room, refuses a write past it.
@Suite struct JSONBoundTests {
  static let literals: [StaticString] = [
    "{\"kind\":", "\"text\":\"", "\",", "\"start\":", ",\"end\":", ",\"input\":", "{\"utf8\":", ",\"utf16\":",
    ",\"char\":", "{\"byte\":", ",\"line\":", ",\"column\":", ",\"value\":\"", "\",\"source\":", ",\"confidence\":",
    ",\"reason\":\"", ",\"severity\":", "{\"speech\":\"", "\",\"kind\":", ",\"language\":", "\\u2028", "\\u00", "",
  ]

  /// What `template` writes through one cursor whose room is exactly its bound.
  static func written(_ template: some JSONTemplate) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.appendJSON(atMost: JSONBound.of(template)) { template.write(into: &$0) }
    return bytes
  }

  struct Literal: JSONTemplate {
    var text: StaticString
    func write(into output: inout some JSONTemplateOutput) { output.literal(text) }
  }

  @Test func theBoundOfEachLiteralIsItsByteCount() {
    for literal in Self.literals {
      let template = Literal(text: literal)
      #expect(JSONBound.of(template) == literal.utf8CodeUnitCount, "\(literal)")
      #expect(Self.written(template) == Array(String(describing: literal).utf8), "\(literal)")
    }
  }

  /// Offsets of nine `Int.min`s are the largest a range's offsets can be: the bound is exact.
  @Test func theBoundOfARangesOffsetsIsWhatTheLargestOffsetsWrite() {
    let largest = TextPosition(utf8: .min, utf16: .min, char: .min)
    let offsets = RangeOffsets(start: largest, end: largest, byte: .min, line: .min, column: .min)
    #expect(Self.written(offsets).count == JSONBound.of(offsets))
    let small = TextPosition(utf8: 1, utf16: 1, char: 1)
    let short = RangeOffsets(start: small, end: small, byte: 2, line: 3, column: 4)
    #expect(
      String(decoding: Self.written(short), as: UTF8.self)
        == #""start":{"utf8":1,"utf16":1,"char":1},"end":{"utf8":1,"utf16":1,"char":1},"input":{"byte":2,"line":3,"column":4}"#
    )
  }

  /// Text made only of control characters escapes to six bytes each: a range's members are exactly
  /// their bound, and piece by piece (an array as the output) the same bytes.
  @Test func theBoundOfARangesMembersIsWhatTheLongestEscapesWrite() {
    let largest = TextPosition(utf8: .min, utf16: .min, char: .min)
    let offsets = RangeOffsets(start: largest, end: largest, byte: .min, line: .min, column: .min)
    let text = [UInt8](repeating: 0x01, count: 50)
    text.withUnsafeBufferPointer { text in
      let members = RangeMembers(lead: EmptyJSON(), text: text, offsets: offsets, closing: true)
      let written = Self.written(members)
      #expect(written.count == JSONBound.of(members))
      var pieces: [UInt8] = []
      members.write(into: &pieces)
      #expect(pieces == written)
    }
  }

  @Test func aCursorKnowsWhenARoomIsTooSmall() {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4) { room in
      var cursor = JSONCursor(room)
      #expect(cursor.hasRoom(for: 4))
      #expect(!cursor.hasRoom(for: 5))
      cursor.literal("abc")
      #expect(cursor.hasRoom(for: 1))
      #expect(!cursor.hasRoom(for: 2))
      cursor.byte(UInt8(ascii: "d"))
      #expect(!cursor.hasRoom(for: 1))
    }
  }

  #if DEBUG
    /// In a debug build the cursor checks before each write: a template that writes past the room
    /// it reserved stops the process before a byte lands outside.
    @Test func aWritePastTheReservedRoomTrapsInDebugBuilds() async {
      await #expect(processExitsWith: .failure) {
        // A room of three bytes inside eight: only the cursor's own check can stop the write.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 8) { memory in
          var cursor = JSONCursor(UnsafeMutableBufferPointer(rebasing: memory[0..<3]))
          cursor.literal("four")
        }
      }
    }
  #endif
}
