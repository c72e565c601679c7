import Testing

@testable import Speech

/// `SpeechBuilder.firstRange(of:in:)` (a byte search) finds what `firstRange(of:)` on Characters finds.
@Suite struct SpeechSearchTests {
  static let texts = [
    "https://parks.example.org/trails?day=2", "HTTP://EXAMPLE.COM", "ftp://files.example.net/a://b",
    "//example.org/no-scheme", "mailto:ann@example.org", "tel:+1-415-555-0132;ext=12", "tel:+84-28-3822-1234",
    "xn--80ak6aa92e.com://", "é://x", "a:/\u{301}/b://c", "\u{600}://x", "a:\u{301}//b", "://", ":/", "",
    "中文://例子", "a b.c", "a\u{301} b/c", "a \u{301}b", ".\u{301}", "\u{600}.", "XN--80AK6AA92E.com", "xn-\u{301}-a",
    "x://\u{301}y", "👍🏽://👍", "https://مثال.إختبار/مسار", "a;ext=\u{301}5 then ;ext=7", ";ext=",
  ]

  @Test(arguments: texts)
  func theByteSearchFindsTheCharacterMatch(_ text: String) {
    for needle in ["://", ";ext="] as [StaticString] {
      for start in [0, 1, 3] where start <= text.count {
        let slice = text.dropFirst(start)
        let fast = SpeechBuilder.firstRange(of: needle, in: slice)
        let simple = slice.firstRange(of: needle.description)
        #expect(fast == simple, "\(needle) in \(slice)")
      }
    }
  }

  @Test(arguments: texts)
  func theByteContainsIsTheCharacterContains(_ text: String) {
    for needle in [" ", ".", "/", "xn--", "://"] as [StaticString] {
      for start in [0, 1, 3] where start <= text.count {
        let slice = text.dropFirst(start)
        // The Speech module's `contains` was the string-processing library's, a Character search
        // (`firstRange(of:) != nil`); here Foundation's overload, which compares code units, would win.
        let simple = slice.firstRange(of: needle.description) != nil
        #expect(SpeechBuilder.contains(needle, in: slice) == simple, "\(needle) in \(slice)")
      }
    }
  }
}
