import Testing
import UnicodeSupport

/// ICU break iteration reported in UTF-8 offsets: the UTF-16 to UTF-8 mapping must hold for
/// two- to four-byte scalars and surrogate pairs, and word segments must keep ICU's rule status.
@Suite struct TextBreakerTests {
  @Test func wordRangesSkipSpacesAndPunctuation() throws {
    let ranges = try TextBreaker(.word).wordRanges(in: "Hello, world 42!")
    #expect(ranges == [0..<5, 7..<12, 13..<15])
  }

  /// "é" is 2 UTF-8 bytes, "€" 3, "𠀋" 4 (a surrogate pair in UTF-16): offsets count UTF-8 bytes.
  @Test func offsetsAreUTF8AcrossSurrogatePairs() throws {
    let text = "é € 𠀋 x"
    let boundaries = try TextBreaker(.character).boundaries(in: text)
    #expect(boundaries == [0, 2, 3, 6, 7, 11, 12, 13])
    #expect(boundaries.last == text.utf8.count)
  }

  /// A flag (two regional indicators) and a family emoji (joined by ZWJ) are one grapheme each.
  @Test func characterBoundariesKeepGraphemeClusters() throws {
    let text = "a🇯🇵👨‍👩‍👧b"
    let boundaries = try TextBreaker(.character).boundaries(in: text)
    let flag = "🇯🇵".utf8.count
    let family = "👨‍👩‍👧".utf8.count
    #expect(boundaries == [0, 1, 1 + flag, 1 + flag + family, 2 + flag + family])
  }

  /// Rule status: numbers 100…199, letters 200…299, spaces and punctuation 0.
  @Test func segmentsCarryTheRuleStatus() throws {
    let segments = try TextBreaker(.word).segments(in: "go 7")
    #expect(segments.map(\.start) == [0, 2, 3])
    #expect(segments.map(\.end) == [2, 3, 4])
    #expect((200..<300).contains(segments[0].status))
    #expect(segments[1].status == 0)
    #expect((100..<200).contains(segments[2].status))
  }

  /// Japanese has no spaces: ICU's dictionary splits the words, and every range is whole scalars.
  @Test func japaneseIsSplitIntoWordsOnScalarBoundaries() throws {
    let text = "東京都に住む"
    let ranges = try TextBreaker(.word, locale: "ja").wordRanges(in: text)
    #expect(ranges.count >= 2)
    #expect(ranges.allSatisfy { $0.lowerBound % 3 == 0 && $0.upperBound % 3 == 0 })
    #expect(ranges.first?.lowerBound == 0 && ranges.last?.upperBound == text.utf8.count)
  }

  @Test func sentencesEndAfterTheirSpace() throws {
    let boundaries = try TextBreaker(.sentence).boundaries(in: "One. Two? Three")
    #expect(boundaries == [0, 5, 10, 15])
  }

  @Test func anEmptyTextHasOnlyTheStart() throws {
    #expect(try TextBreaker(.word).boundaries(in: "") == [0])
  }
}
