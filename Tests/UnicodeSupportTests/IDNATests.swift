import Testing
import UnicodeSupport

/// UTS #46 with browser options: nontransitional (ß and ς kept), STD3 rules, nil on any error.
@Suite struct IDNATests {
  @Test func unicodeNamesBecomePunycodeAndBack() throws {
    let idna = try IDNA()
    #expect(idna.toASCII("bücher.example") == "xn--bcher-kva.example")
    #expect(idna.toUnicode("xn--bcher-kva.example") == "bücher.example")
    #expect(idna.toASCII("例え.jp") == "xn--r8jz45g.jp")
  }

  @Test func mappingLowercasesAndFoldsFullwidth() throws {
    let idna = try IDNA()
    #expect(idna.toASCII("Example.COM") == "example.com")
    #expect(idna.toASCII("ｅｘａｍｐｌｅ．ｃｏｍ") == "example.com")
  }

  /// Nontransitional processing keeps ß as its own letter (transitional would map it to "ss").
  @Test func sharpSIsNotMappedToSS() throws {
    #expect(try IDNA().toASCII("faß.de") == "xn--fa-hia.de")
  }

  @Test func invalidNamesAreNil() throws {
    let idna = try IDNA()
    #expect(idna.toASCII("") == nil)
    #expect(idna.toASCII("a..b") == nil)  // empty label
    #expect(idna.toASCII("-bad-.example") == nil)  // hyphen at a label's ends
    #expect(idna.toASCII("under_score.example") == nil)  // STD3 rules
    #expect(idna.toASCII(String(repeating: "a", count: 64) + ".example") == nil)  // label over 63
  }
}
