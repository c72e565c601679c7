import DocumentParsing
import Foundation
import Testing
import TextModel

@testable import Detection

/// Every detection in an XML document maps back to the input byte and line:column where its text
/// is (issue 42 row 11: libxml2's XML fast path reports text before it moves past it, and positions
/// came out a text's length too early: `phone 2:8` for a number at 3:12).
@Suite struct XMLPositionTests {
  static let corpusDirectory: String = {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
    return path + "/corpus/"
  }()

  /// The input line:column of `offset` (1-based; the column counts bytes), from the offsets where
  /// lines start, counted here.
  static func lineAndColumn(_ lineStarts: [Int], _ offset: Int) -> (Int, Int) {
    let line = lineStarts.lastIndex { $0 <= offset }!
    return (line + 1, offset - lineStarts[line] + 1)
  }

  /// Checks each detection: the input at its byte holds its text, up to the first markup or
  /// reference that intervenes (an alert can span inline elements), and line:column is that byte's.
  static func checkPositions(_ input: [UInt8], name: String) throws -> Int {
    let document = try XMLReader().read(bytes: input, name: name)
    let detections = DocumentDetector().detect(in: document)
    let lineStarts = [0] + input.indices.filter { input[$0] == 0x0A }.map { $0 + 1 }
    for detection in detections {
      let text = Array(document[detection.range].utf8)
      let byte = document.sourceMap.sourceOffset(forTextOffset: detection.range.start)
      var literal = input[byte...].prefix { $0 != UInt8(ascii: "<") && $0 != UInt8(ascii: "&") }
      literal = literal.prefix(text.count)
      #expect(
        !literal.isEmpty && text.starts(with: literal),
        "\(name): \(detection.kind) \"\(String(decoding: text, as: UTF8.self))\" at input byte \(byte), where the input has \"\(String(decoding: input[byte...].prefix(text.count), as: UTF8.self))\""
      )
      let (line, column) = document.sourceMap.lineAndColumn(forSourceOffset: byte)
      let expected = Self.lineAndColumn(lineStarts, byte)
      #expect(line == expected.0 && column == expected.1, "\(name): \(detection.kind) at \(line):\(column)")
    }
    return detections.count
  }

  @Test(arguments: ["budget-app-notes.xml", "notes-docbook.xml"])
  func everyDetectionInACorpusNoteIsAtItsInputByte(_ name: String) throws {
    let input = Array(try Data(contentsOf: URL(fileURLWithPath: Self.corpusDirectory + name)))
    #expect(try Self.checkPositions(input, name: name) >= 8)
  }

  @Test func aPhoneNumberOnTheThirdLineIsAtLineThreeColumnTwelve() throws {
    let input = Array("<note>\n<para>one</para>\n<para>Call 415-555-0132 now</para>\n</note>".utf8)
    let document = try XMLReader().read(bytes: input, name: "n.xml")
    let phone = try #require(DocumentDetector().detect(in: document).first { $0.kind == .phone })
    let byte = document.sourceMap.sourceOffset(forTextOffset: phone.range.start)
    #expect(byte == 35)
    #expect(document.sourceMap.lineAndColumn(forSourceOffset: byte) == (3, 12))
  }

  /// Text expanded from an entity is placed at its reference; the text after it is exact again.
  @Test func entityTextIsPlacedAtItsReference() throws {
    let input = Array(
      ("<!DOCTYPE note [<!ENTITY app \"PocketBudget support at 415-555-0199\">]>\n"
        + "<note><para>Call &app; or 415-555-0132 now.</para></note>\n").utf8)
    let document = try XMLReader().read(bytes: input, name: "e.xml")
    let phones = DocumentDetector().detect(in: document).filter { $0.kind == .phone }
    let bytes = phones.map { document.sourceMap.sourceOffset(forTextOffset: $0.range.start) }
    let reference = try #require(input.firstIndex(of: UInt8(ascii: "&")))
    // Inside the expansion: from its reference on, before the text that follows it.
    #expect(bytes.count == 2 && bytes[0] >= reference && bytes[0] < bytes[1], "\(bytes) vs & at \(reference)")
    #expect(bytes.last.map { Array(input[$0..<$0 + 12]) } == Array("415-555-0132".utf8))
  }

  /// The same in a note long enough to be fed in several chunks, with non-ASCII text (libxml2's
  /// other text path) and a CDATA section between.
  @Test func positionsStayRightAcrossChunksAndTextPaths() throws {
    var note = "<note>\n"
    for index in 0..<1200 {
      note +=
        "<para>Été \(index): call 415-555-\(String(format: "%04d", index % 10000)) or mail a\(index)@example.org.</para>\n"
      if index % 50 == 0 { note += "<para><![CDATA[Raw 212-555-0100 text]]></para>\n" }
    }
    note += "</note>\n"
    #expect(try Self.checkPositions(Array(note.utf8), name: "long.xml") >= 2400)
  }
}
