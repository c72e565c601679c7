import Dispatch
import Synchronization
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

  /// A shared pattern's matchers each have their own match state: matching with one leaves the
  /// other's results unchanged, also when two threads match at once.
  @Test func matchersOfASharedPatternMatchIndependently() throws {
    let shared = try SharedRegex("a+")
    let (first, second) = (try shared.matcher(), try shared.matcher())
    #expect(first.pattern == "a+" && shared.pattern == "a+")
    #expect(try first.matches(in: "aa b aaa") == [0..<2, 5..<8])
    #expect(try second.matches(in: "baa") == [1..<3])
    #expect(try first.matches(in: "aa b aaa") == [0..<2, 5..<8])
    let found = Mutex([[Range<Int>]](repeating: [], count: 8))
    DispatchQueue.concurrentPerform(iterations: 8) { index in
      let matches = (try? shared.matcher().matches(in: String(repeating: "b", count: index) + "aa")) ?? []
      found.withLock { $0[index] = matches }
    }
    #expect(found.withLock { $0 } == (0..<8).map { [$0..<$0 + 2] })
  }

  @Test func aBadSharedPatternThrows() {
    #expect(throws: ICUError.self) { try SharedRegex("(unclosed") }
  }
}
