import Testing

@testable import DocumentParsing

/// The name table answers by pointer, checked against the bytes it kept: every answer must equal the
/// `String` made afresh from the C string, also when a pointer is reused for other bytes.
@Suite struct NameTableTests {
  @Test func everyAnswerIsTheStringOfItsBytes() {
    let table = NameTable()
    let names = [
      "a", "div", "DIV", "svg:title", "xml:lang", "aria-label", "Aria-Label", "h1", "h6", "x", "custom-element",
      "ünïcode", "var", "image", "",
    ]
    // Stable pointers, as libxml2's dictionary gives, asked many times in a scrambled order.
    let buffers = names.map { name -> UnsafeMutablePointer<UInt8> in
      let bytes = Array(name.utf8) + [0]
      let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
      pointer.initialize(from: bytes, count: bytes.count)
      return pointer
    }
    defer { for buffer in buffers { buffer.deallocate() } }
    for round in 0..<50 {
      for index in names.indices.shuffled() {
        let pointer = UnsafePointer(buffers[index])
        let expected = String(cString: pointer)
        let element = table.element(pointer)
        #expect(element.string == expected, "round \(round)")
        #expect(element.kind == HTMLElementKind(named: expected))
        let attribute = table.attribute(pointer)
        #expect(attribute.lowered == expected.lowercased())
        #expect(attribute.key == AttributeKey(named: expected.lowercased()))
      }
    }
  }

  @Test func aReusedPointerWithOtherBytesIsANewName() {
    let table = NameTable()
    let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: 16)
    defer { pointer.deallocate() }
    for name in ["p", "span", "p", "td", "tdx", "t", "section", "a"] {
      let bytes = Array(name.utf8) + [0]
      pointer.update(from: bytes, count: bytes.count)
      #expect(table.element(UnsafePointer(pointer)).string == name)
      #expect(table.attribute(UnsafePointer(pointer)).lowered == name)
    }
  }

  @Test func kindsNameTheirElements() {
    #expect(HTMLElementKind(named: "var") == .var)
    #expect(HTMLElementKind.var.name == "var")
    #expect(HTMLElementKind(named: "h3") == .h3)
    #expect(HTMLElementKind(named: "H3") == .other)  // HTML names arrive lowercase from libxml2
    #expect(HTMLElementKind(named: "other") == .other)
    #expect(HTMLElementKind.byName.count == Int(HTMLElementKind.q.rawValue))  // the last case
    #expect(AttributeKey(named: "aria-labelledby") == .ariaLabelledby)
    #expect(AttributeKey(named: "xml:lang") == .xmlLang)
    #expect(AttributeKey(named: "class") == .class)
    #expect(AttributeKey(named: "ariaLabel") == .other)
  }
}
