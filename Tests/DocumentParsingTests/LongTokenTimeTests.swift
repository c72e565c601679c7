import Testing

@testable import DocumentParsing

/// One long token (a comment, an attribute value, a text node) is read in time linear in its
/// length (issue 42 row 7): libxml2 2.9's HTML push parser searched such a token for its end again
/// at every 64 KiB chunk, which took quadratic time (HTMLSession.parse holds bytes back instead).
@Suite struct LongTokenTimeTests {
  enum Token: String, CaseIterable, CustomTestStringConvertible {
    case comment, attributeValue, textNode
    var testDescription: String { rawValue }

    /// A page around one token of `count` bytes.
    func page(_ count: Int) -> [UInt8] {
      let token = [UInt8](repeating: UInt8(ascii: "a"), count: count)
      switch self {
      case .comment: return Array("<p>x<!-- ".utf8) + token + Array(" --> y</p>".utf8)
      case .attributeValue: return Array("<p title=\"".utf8) + token + Array("\">x y</p>".utf8)
      case .textNode: return Array("<p>".utf8) + token + Array("</p>".utf8)
      }
    }
  }

  /// The shortest of three reads of `bytes`, in seconds.
  static func readTime(_ bytes: [UInt8]) throws -> Double {
    var best = Double.infinity
    for _ in 0..<3 {
      let clock = ContinuousClock()
      let start = clock.now
      let document = try HTMLReader().read(bytes: bytes, name: "long.html")
      let elapsed = clock.now - start
      #expect(document.text.hasSuffix("y") || document.text.hasSuffix("a"))
      best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
    }
    return best
  }

  /// Sixteen times the bytes take well under 256 times as long (the quadratic ratio): at most 40
  /// times, which leaves room for a loaded machine (linear is about 16).
  @Test(arguments: Token.allCases) func sixteenTimesTheTokenTakesAboutSixteenTimesAsLong(_ token: Token) throws {
    let small = try Self.readTime(token.page(1_000_000))
    let large = try Self.readTime(token.page(16_000_000))
    #expect(large / small <= 40, "\(token): \(small) s for 1 MB, \(large) s for 16 MB")
  }
}
