import Testing
import UnicodeSupport

/// Custom rotors' regular expressions: matches in UTF-8 offsets, prefix matches in UTF-16 with groups.
@Suite struct ICURegexTests {
  /// "é" is one UTF-16 unit but two UTF-8 bytes; "𝒳" two units and four bytes.
  @Test func matchesAreUTF8Ranges() throws {
    let regex = try ICURegex("trail")
    #expect(try regex.matches(in: "é𝒳 trail, trail") == [7..<12, 14..<19])
    #expect(try regex.matches(in: "") == [])
  }

  @Test func caseInsensitive() throws {
    #expect(try ICURegex("TRAIL").matches(in: "Trail") == [])
    #expect(try ICURegex("TRAIL", caseInsensitive: true).matches(in: "Trail") == [0..<5])
  }

  @Test func emptyMatchesAreSkipped() throws {
    #expect(try ICURegex("x*").matches(in: "axxb") == [1..<3])
  }

  @Test func prefixMatchReportsGroups() throws {
    let regex = try ICURegex("(\\d+)(:(\\d+))?")
    let match = try regex.prefixMatch(Array("12:30 pm".utf16))
    #expect(match?.end == 5)
    #expect(match?.groups == [0..<2, 2..<5, 3..<5])
    let short = try regex.prefixMatch(Array("9 am".utf16))
    #expect(short?.end == 1 && short?.groups == [0..<1, nil, nil])
    #expect(try regex.prefixMatch(Array("am 9".utf16)) == nil)
  }

  @Test func aBadPatternThrows() {
    #expect(throws: ICUError.self) { try ICURegex("(unclosed") }
  }

  /// A copy has its own match state: matching with one leaves the other's results unchanged.
  @Test func copiesMatchIndependently() throws {
    let regex = try ICURegex("a+")
    let copy = try regex.copy()
    #expect(copy.pattern == "a+")
    #expect(try regex.matches(in: "aa b aaa") == [0..<2, 5..<8])
    #expect(try copy.matches(in: "baa") == [1..<3])
    #expect(try regex.matches(in: "aa b aaa") == [0..<2, 5..<8])
  }
}
