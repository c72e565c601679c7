import Navigation
import Testing

@Suite struct TextQuoteTests {
  static let text = "Open daily. The ferry leaves at nine. Closed on Monday. The ferry returns at six."

  func offset(of part: String, in text: String) -> Int {
    text.utf8.distance(from: text.startIndex, to: text.range(of: part)!.lowerBound)
  }

  @Test func anUnchangedTextPlacesTheQuoteAtItsHint() {
    let at = offset(of: "Closed", in: Self.text)
    let quote = TextQuote(in: Self.text, at: at)
    #expect(quote.exact == "Closed on Monday. The ferry retu")
    #expect(quote.prefix.hasSuffix("leaves at nine. "))
    #expect(quote.offset(in: Self.text) == at)
  }

  @Test func anEditBeforeThePlaceMovesItWithTheText() {
    let quote = TextQuote(in: Self.text, at: offset(of: "Closed", in: Self.text))
    let edited =
      "Open every day but one, weather permitting. The ferry leaves at nine. Closed on Monday. The ferry returns at six."
    #expect(quote.offset(in: edited) == offset(of: "Closed", in: edited))
  }

  @Test func repeatedTextIsTellApartByItsContext() {
    // "The ferry" twice: the second one, whose prefix is "Monday. ".
    let at = offset(of: "The ferry returns", in: Self.text)
    let quote = TextQuote(in: Self.text, at: at)
    let edited = "Hello. " + Self.text
    #expect(quote.offset(in: edited) == at + 7)
  }

  @Test func aChangedPlaceIsFoundByItsPrefixWhenTheExactTextIsGone() {
    let quote = TextQuote(in: Self.text, at: offset(of: "Closed", in: Self.text))
    let edited = "Open daily. The ferry leaves at nine. Shut Mondays and on holidays, by law, except in July."
    #expect(quote.offset(in: edited) == offset(of: "Shut", in: edited))
  }

  @Test func aPlaceWhoseTextIsAllGoneIsNotFound() {
    let quote = TextQuote(in: Self.text, at: offset(of: "Closed", in: Self.text))
    #expect(quote.offset(in: "Something else entirely, with no ferry in it at all, and no days named.") == nil)
    #expect(quote.offset(in: "") == nil)
  }

  @Test func quotesAreCutAtScalarBoundariesAndTheEndIsAPlace() {
    let text = String(repeating: "Zürich 東京 ", count: 10)
    for at in 0...text.utf8.count {
      let quote = TextQuote(in: text, at: at)
      #expect(quote.hint <= at && (quote.exact + quote.suffix).utf8.count <= 64)
      let found = quote.offset(in: text)
      #expect(found == quote.hint, "at \(at)")
    }
    #expect(TextQuote(in: "", at: 5).offset(in: "") == 0)
  }
}
