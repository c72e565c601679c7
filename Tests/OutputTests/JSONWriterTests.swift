import Output
import Testing

@Suite struct JSONWriterTests {
  static let strings: [(String, String)] = [
    ("plain", "\"plain\""), ("say \"hi\"", "\"say \\\"hi\\\"\""), ("back\\slash", "\"back\\\\slash\""),
    ("tab\tline\nret\r", "\"tab\\tline\\nret\\r\""), ("\u{01}", "\"\\u0001\""), ("東京 👍🏽", "\"東京 👍🏽\""),
    ("a\u{2028}b\u{2029}", "\"a\\u2028b\\u2029\""), ("€ ₫ ٣", "\"€ ₫ ٣\""),
  ]

  @Test(arguments: strings)
  func stringsAreEscapedAsRFC8259Requires(_ value: String, _ expected: String) {
    var output = ""
    JSONWriter.appendQuoted(value, to: &output)
    #expect(output == expected)
  }

  @Test func objectsAndArraysGetCommasOnlyBetweenMembers() {
    var json = JSONWriter()
    json.object { json in
      json.member("a", 1)
      json.key("b")
      json.array { json in
        json.number(1)
        json.string("x")
        json.bool(true)
        json.null()
      }
      json.member("c", nil as String?)
    }
    #expect(json.output == "{\"a\":1,\"b\":[1,\"x\",true,null]}")
  }

  @Test func nestedValuesGetCommasAtEveryLevelAndResetStartsOver() {
    var json = JSONWriter()
    for _ in 0..<2 {
      json.reset()
      json.array { json in
        json.object { json in
          json.member("a", 1)
          json.key("b")
          json.object { json in
            json.key("c")
            json.array { json in
              json.array { _ in }
              json.number(2)
            }
            json.member("d", "e")
          }
          json.member("f", 3)
        }
        json.object { _ in }
        json.number(4)
      }
      #expect(json.output == "[{\"a\":1,\"b\":{\"c\":[[],2],\"d\":\"e\"},\"f\":3},{},4]")
    }
  }

  @Test(arguments: [0, 7, -7, 10, 1_234_567, -1_000_000_000_000, Int.max, Int.min])
  func integersAreWrittenAsStringDescribesThem(_ value: Int) {
    var json = JSONWriter()
    json.number(value)
    #expect(json.output == String(value))
  }

  @Test(arguments: strings)
  func memberNamesAreEscapedLikeValues(_ name: String, _ expected: String) {
    var json = JSONWriter()
    json.object { $0.member(name, 1) }
    #expect(json.output == "{" + expected + ":1}")
  }

  @Test func aResetWriterStartsAFreshValue() {
    var json = JSONWriter()
    json.object { $0.member("a", 1) }
    json.reset()
    json.object { $0.member("b", "x\u{1F}") }
    #expect(json.output == "{\"b\":\"x\\u001f\"}")
    #expect(json.utf8 == Array(json.output.utf8))
  }

  /// Collects what a streaming writer hands over (the test's stand-in for standard output).
  final class Pieces: @unchecked Sendable {
    var list: [[UInt8]] = []
  }

  static func model(_ json: inout JSONWriter) {
    json.object { json in
      json.member("title", "Trail \"guide\"")
      json.key("speech")
      json.string(joining: { piece in
        for word in ["Call ", "4 1 5", ", ", "then\n", "東京 👍🏽"] { piece(word) }
      })
      json.key("blocks")
      json.array { json in
        for index in 0..<200 {
          json.object { json in
            json.member("kind", index % 2 == 0 ? "paragraph" : "heading")
            json.member("start", index * 17)
            json.member("text", "line \(index)\t€")
          }
        }
      }
    }
  }

  @Test func aStreamingWriterHandsOverTheSameBytesInPieces() {
    var whole = JSONWriter()
    Self.model(&whole)
    let pieces = Pieces()
    var streaming = JSONWriter(streamingTo: { [pieces] in pieces.list.append($0) }, chunk: 64)
    Self.model(&streaming)
    #expect(pieces.list.count > 10)  // handed over while writing, not at the end
    #expect(pieces.list.allSatisfy { $0.count <= 64 + 64 })  // never far past the chunk size
    streaming.finish()
    #expect(streaming.utf8.isEmpty)
    #expect(pieces.list.joined().elementsEqual(whole.utf8))
  }

  /// Long strings are escaped in pieces of 16 KiB cut before UTF-8 lead bytes: whatever falls at a
  /// cut (U+2028, a quote, a control character, a 4-byte emoji), the result is each scalar escaped.
  @Test func longStringsAreEscapedScalarByScalar() {
    var generator = SystemRandomNumberGenerator()
    let pieces = ["a", "東", "👍🏽", "\u{2028}", "\"", "\\", "\n", "\u{1}", "é", "\u{2029}x"]
    for _ in 0..<6 {
      let value = (0..<40_000).map { _ in pieces.randomElement(using: &generator)! }.joined()
      var output = ""
      JSONWriter.appendQuoted(value, to: &output)
      #expect(output == Self.reference(value))
    }
  }

  /// Runs of text that needs no escaping, of every length from 0 to 24, between the bytes escaping
  /// looks for and their neighbours (0x1F, 0x20, 0x7F, other 0xE2 sequences such as "—" and "…",
  /// U+2027, U+202A): the eight-bytes-at-a-time skip must stop at each of them wherever it falls.
  @Test func runsBetweenEscapesOfEveryLengthAreEscapedScalarByScalar() {
    var generator = SystemRandomNumberGenerator()
    let special = [
      "\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1F}", " ", "\u{7F}", "\u{2028}", "\u{2029}", "—", "…",
      "\u{2027}", "\u{202A}", "é", "東", "👍🏽",
    ]
    let plain = Array("abcdefghijklmnopqrstuvwxyz0123456789 .,;:!?()[]{}<>=+-*/#%&'@~^`|_")
    for _ in 0..<20 {
      var value = ""
      for _ in 0..<400 {
        let length = Int.random(in: 0...24, using: &generator)
        value += String((0..<length).map { _ in plain.randomElement(using: &generator)! })
        value += special.randomElement(using: &generator)!
      }
      var output = ""
      JSONWriter.appendQuoted(value, to: &output)
      #expect(output == Self.reference(value))
    }
  }

  static func reference(_ value: String) -> String {
    var out = "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "\u{2028}": out += "\\u2028"
      case "\u{2029}": out += "\\u2029"
      default:
        if scalar.value < 0x20 {
          let hex = Array("0123456789abcdef")
          out += "\\u00" + String(hex[Int(scalar.value >> 4)]) + String(hex[Int(scalar.value & 15)])
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }

  @Test func aLongStringIsHandedOverInPiecesThatJoinToTheWholeString() {
    let long = String(repeating: "line \"one\"\n東京 👍🏽 a\u{2028}b ", count: 500)
    var whole = JSONWriter()
    whole.string(long)
    let pieces = Pieces()
    var streaming = JSONWriter(streamingTo: { [pieces] in pieces.list.append($0) }, chunk: 100)
    streaming.string(long)
    streaming.finish()
    #expect(pieces.list.count > 20)
    #expect(pieces.list.allSatisfy { $0.count < 100 + 100 })
    #expect(pieces.list.joined().elementsEqual(whole.utf8))
  }

  @Test func aStringJoinedFromPiecesEqualsTheJoinedString() {
    var joined = JSONWriter()
    joined.string(joining: { piece in
      piece("a\"b")
      piece("")
      piece("\u{2028}c")
    })
    var plain = JSONWriter()
    plain.string("a\"b\u{2028}c")
    #expect(joined.output == plain.output)
  }
}
