import Detection
import DocumentParsing
import Testing
import TextModel

@testable import Output

/// A detection's JSON and a range's members are written from literal byte templates; they must be
/// the bytes `JSONWriter`'s member calls write (the simple version, kept here), whatever the text,
/// value, reason, kind, confidence and severity hold.
@Suite struct JSONTemplateTests {
  /// The writer calls the templates replaced.
  static func simpleRange(
    _ range: TextRange, in document: TextDocument, converter: inout TextOffsetConverter, into json: inout JSONWriter
  ) {
    json.key("text")
    json.string(document[range])
    for (name, offset) in [("start", range.start), ("end", range.end)] {
      let position = converter.position(advancingTo: offset)
      json.key(name)
      json.object { json in
        json.member("utf8", position.utf8)
        json.member("utf16", position.utf16)
        json.member("char", position.char)
      }
    }
    let byte = document.sourceMap.sourceOffset(forTextOffset: range.start)
    let (line, column) = document.sourceMap.lineAndColumn(forSourceOffset: byte)
    json.key("input")
    json.object { json in
      json.member("byte", byte)
      json.member("line", line)
      json.member("column", column)
    }
  }

  static func simpleDetection(
    _ detection: Detection, in document: TextDocument, converter: inout TextOffsetConverter,
    into json: inout JSONWriter
  ) {
    json.object { json in
      json.member("kind", detection.kind.rawValue)
      simpleRange(detection.range, in: document, converter: &converter, into: &json)
      json.member("value", detection.value)
      json.member("source", detection.source.rawValue)
      json.key("confidence")
      json.number((detection.confidence * 100).rounded() / 100)
      json.member("reason", detection.reason)
      json.member("severity", detection.severity?.rawValue)
    }
  }

  static let pieces = [
    "plain words", "say \"hi\"", "back\\slash", "tab\there", "line\nbreak", "\r\n", "\u{1}\u{1F}", "café",
    "e\u{301}", "東京", "👩‍👩‍👧", "🇯🇵", "\u{2028}\u{2029}", "\u{2027}\u{202A}", "<b>&amp;</b>", " ",
  ]

  static func randomText(_ generator: inout some RandomNumberGenerator, pieces count: Int) -> String {
    (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined()
  }

  @Test(arguments: [false, true])
  func detectionsWrittenFromTemplatesAreTheWritersBytes(markup: Bool) throws {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<20 {
      let body = Self.randomText(&generator, pieces: 300)
      // As markup the input offsets differ from the text's (anchors in the source map).
      let document =
        markup
        ? try HTMLReader().read(
          bytes: Array(
            ("<p>" + body.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "</p><p>") + "</p>")
              .utf8))
        : TextReader().read(bytes: Array(body.utf8))
      let length = document.text.utf8.count
      let starts = (0..<60).map { _ in Int.random(in: 0...length, using: &generator) }.sorted()
      let detections = starts.enumerated().map { step, start in
        Detection(
          kind: [.email, .link, .phone, .alert, DetectionKind(rawValue: "cu\"stom\n")].randomElement(
            using: &generator)!,
          // Now and then a text, value or reason too long for one template's room (an alert of a
          // paragraph): those are escaped in pieces between the templates.
          range: TextRange(
            start: start,
            end: min(length, start + Int.random(in: 0...(step % 9 == 0 ? 2000 : 40), using: &generator))),
          value: Self.randomText(&generator, pieces: Int.random(in: 0...(step % 11 == 0 ? 300 : 4), using: &generator)),
          source: Bool.random(using: &generator) ? .text : .markup,
          confidence: [0, 0.05, 0.1, 0.333, 0.5, 0.97, 0.995, 1, 0.125, 1e-9].randomElement(using: &generator)!,
          reason: Self.randomText(
            &generator, pieces: Int.random(in: 0...(step % 13 == 0 ? 300 : 3), using: &generator)),
          severity: [nil, .info, .warning, .critical].randomElement(using: &generator)!)
      }
      var simple = JSONWriter()
      var simpleConverter = document.offsetConverter()
      var templated = JSONWriter()
      var templatedConverter = document.offsetConverter()
      simple.array { json in
        for detection in detections {
          Self.simpleDetection(detection, in: document, converter: &simpleConverter, into: &json)
        }
      }
      templated.array { json in
        for detection in detections { detection.writeJSON(in: document, converter: &templatedConverter, into: &json) }
      }
      #expect(templated.utf8 == simple.utf8)
      #expect(!simple.utf8.isEmpty)
    }
  }

  /// A range's members inside an object with members before and after (blocks and runs write theirs
  /// between their own): the comma falls where the writer puts it.
  @Test func rangeMembersTakeTheirPlaceAmongOtherMembers() {
    let document = TextReader().read(bytes: Array("Say \"東京\"\n👍🏽 café\r\nend".utf8))
    let length = document.text.utf8.count
    for start in 0...length {
      for end in [start, min(length, start + 3), length] {
        let range = TextRange(start: start, end: end)
        var simple = JSONWriter()
        var templated = JSONWriter()
        var one = document.offsetConverter()
        var other = document.offsetConverter()
        for first in [true, false] {
          simple.object { json in
            if first { json.member("kind", "p") }
            Self.simpleRange(range, in: document, converter: &one, into: &json)
            json.member("depth", 1)
          }
          templated.object { json in
            if first { json.member("kind", "p") }
            document.writeRange(range, converter: &other, into: &json)
            json.member("depth", 1)
          }
        }
        #expect(templated.output == simple.output, "\(start)..<\(end)")
      }
    }
  }

  /// A streaming writer passes a long text on in pieces: a range holding a whole page is never held
  /// whole (what `parse --format json` of a 50 MB page relies on).
  @Test func aLongRangesTextIsStreamedInPieces() {
    let document = TextReader().read(bytes: Array(String(repeating: "Long \"text\" café 東京\n", count: 20_000).utf8))
    nonisolated(unsafe) var largest = 0
    nonisolated(unsafe) var total: [UInt8] = []
    var json = JSONWriter(
      streamingTo: { piece in
        largest = max(largest, piece.count)
        total += piece
      }, chunk: 4096)
    var converter = document.offsetConverter()
    json.object { json in
      document.writeRange(TextRange(start: 0, end: document.text.utf8.count), converter: &converter, into: &json)
    }
    json.finish()
    #expect(total.count > 400_000)
    #expect(largest < 4096 * 2 + 1024)
    var plain = JSONWriter()
    var other = document.offsetConverter()
    plain.object { json in
      Self.simpleRange(TextRange(start: 0, end: document.text.utf8.count), in: document, converter: &other, into: &json)
    }
    #expect(total == plain.utf8)
  }

  /// The eight-byte test of the escaping skip, against the bytes themselves: flagged exactly when
  /// one of the eight is below 0x20, a quote, a backslash or 0xE2, wherever it sits — so text without
  /// them is skipped (non-ASCII bytes included) and none of them is ever skipped.
  @Test func theEightByteEscapeTestFlagsExactlyTheWordsHoldingAByteToEscape() {
    var generator = SystemRandomNumberGenerator()
    func needs(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0xE2 }
    let safe = (0...255).map(UInt8.init).filter { !needs($0) }
    let flagged = (0...255).map(UInt8.init).filter(needs)
    func word(_ bytes: [UInt8]) -> UInt64 {
      bytes.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * $1.offset) }
    }
    for _ in 0..<20_000 {
      var bytes = (0..<8).map { _ in safe.randomElement(using: &generator)! }
      #expect(!JSONCursor.mayNeedEscaping(word(bytes)))
      bytes[Int.random(in: 0..<8, using: &generator)] = flagged.randomElement(using: &generator)!
      #expect(JSONCursor.mayNeedEscaping(word(bytes)))
    }
    for byte in flagged {
      for position in 0..<8 {
        var bytes = [UInt8](repeating: 0xFF, count: 8)
        bytes[position] = byte
        #expect(JSONCursor.mayNeedEscaping(word(bytes)))
      }
    }
  }
}
