import Testing

@testable import DocumentParsing

/// Lookups by key (one AND when the key is absent) against a plain search by name.
@Suite struct ElementAttributesTests {
  @Test func keyedLookupsEqualASearchByName() {
    let names =
      (1...Int(AttributeKey.span.rawValue)).map { AttributeKey(rawValue: UInt8($0))!.name } + [
        "data-x", "onclick", "width", "aria-describedby",
      ]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<500 {
      let count = Int.random(in: 0...6, using: &generator)
      let pairs = (0..<count).map { index in
        (names.randomElement(using: &generator)!, "v\(index)")
      }
      let attributes = ElementAttributes(pairs)
      for name in names {
        let expected = pairs.first { $0.0 == name }?.1
        #expect(attributes[name] == expected)
        #expect(attributes.has(name) == (expected != nil))
        let key = AttributeKey(named: name)
        if key != .other {
          #expect(attributes[key] == expected)
          #expect(attributes.has(key) == (expected != nil))
        }
      }
    }
  }
}
