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
}
