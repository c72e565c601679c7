import Detection
import DocumentParsing
import Testing
import TextModel

@testable import Speech

/// Runs of plain words spoken as one piece (`SpeechBuilder.plainWords`) say what speaking them word
/// by word says (the simple version): the same segments, ranges, kinds, languages and separators,
/// on texts full of what a word's neighbours change (month names before dates, Roman numerals after
/// cue words, initialisms, apostrophes, letters beyond ASCII, colon cues, a language changing
/// inside a sentence, several spaces, tabs, line breaks).
@Suite struct SpeechWordRunTests {
  static let fragments = [
    "Shuttle dog lake rock meadow", "permit ranger season.", "on July 25 2012 we walked", "may", "March on",
    "Chapter XIV begins", "chapter iv", "part I", "part I.", "the U.S. Army", "A. Smith", "I am", "X ray", "mix it",
    "don't stop", "l’eau claire", "café crème", "naïve", "Read John 3:16", "at 5 pm the ratio is 4.5:1",
    "ok", "a", "the  two  spaces", "tab\there", "line\nbreak", "東京 and 大阪", "in 1994 we", "Sept. 3",
    "the 2nd of July", "v2.10.77", "WARNING now", "mail ranger@example.org", "call (415) 555-0132 now",
    "score 3:2", "Book of Mormon 2:4", "volume XX", "war II", "ix", "ABC", "Ph.D. thesis",
    "tiếng Việt", "thế kỷ XX", "chương IV", "mục ix", "مرحبا بكم", "end.",
    // Marks a run may take in, and their neighbours.
    "wow!", "why?", "so,", "chapter,", "IV,", "chapter. IV", "chapter, IV", "wait...", "x.", "ready. set. go.",
    "dog,cat", "a.b", "end!?", "Dr. Smith", "“quoted.”", "no ?", "x ,", "ii.", "I.", "e.g. this", "3.",
    // Letters folded to ASCII from other bytes: the run's text cannot be copied from the source.
    "ｆｕｌｌ width words", "walk the ㎞ trail", "zero\u{200B}width words here", "soft\u{AD}ly said so",
  ]

  /// A run's text copied from the source's bytes is the bytes with runs of spaces made one, and
  /// there is none when a byte is not ASCII (the scalars then say it).
  @Test func aRunsTextFromTheSourceIsItsBytesWithSpacesCollapsed() {
    for text in [
      "Shuttle  dog   lake.", "a", "  two  ", "tab\there  x", "café crème", "0123456789abcdef  ghij", "",
      "alpha  beta   gamma    delta delta delta  epsilon zeta eta  theta  ",
    ] {
      let bytes = Array(text.utf8)
      for start in 0...bytes.count {
        for end in start...bytes.count {
          let slice = bytes[start..<end]
          var expected: [UInt8] = []
          for byte in slice where !(byte == 0x20 && expected.last == 0x20) { expected.append(byte) }
          let made = SpeechBuilder.collapsedASCII(text, from: start, to: end)
          if slice.allSatisfy({ $0 < 0x80 }) {
            #expect(made.map { Array($0.utf8) } == expected, "\(start)..<\(end) of \(text)")
          } else {
            #expect(made == nil, "\(start)..<\(end) of \(text)")
          }
        }
      }
    }
  }

  /// Tables that name a mark a run would otherwise take in (the comma at "some", the full stop
  /// never kept), as a symbols.dic may.
  static func namingTables() -> [String: SymbolTable] {
    var english = SymbolTable.shared(language: "en")
    english[","] = SymbolInfo(name: "comma", level: .some, preserve: true)
    english["!"] = SymbolInfo(name: "bang", level: .none, preserve: false)
    var french = SymbolTable.shared(language: "fr")
    french[","] = SymbolInfo(name: "", level: .all, preserve: false)
    return ["en": english, "fr": french]
  }

  static func speech(_ document: TextDocument, runs: Bool, options: SpeechOptions) -> [SpeechSegment] {
    var renderer = SpeechRenderer(
      document: document, detections: DocumentDetector().detect(in: document), options: options)
    renderer.tuning.wordRuns = runs
    var all: [SpeechSegment] = []
    renderer.render { all.append($0) }
    return all
  }

  static func expectSame(_ document: TextDocument, _ what: String) {
    for options in [
      SpeechOptions(), SpeechOptions(punctuation: .all, numbers: .words), SpeechOptions(punctuation: .none),
      SpeechOptions(punctuation: .most), SpeechOptions(symbolTables: namingTables()),
    ] {
      let simple = speech(document, runs: false, options: options)
      let runs = speech(document, runs: true, options: options)
      let first = (0..<min(runs.count, simple.count)).first { runs[$0] != simple[$0] }
      #expect(
        runs == simple,
        "\(what): first difference \(first.map { "\(runs[$0]) vs \(simple[$0])" } ?? "in count")")
    }
  }

  @Test func runsOfPlainWordsSayWhatWordByWordSays() {
    var generator = SystemRandomNumberGenerator()
    for round in 0..<20 {
      let separators = [" ", " ", " ", "  ", "\n", ", ", ". ", "! ", "? ", ".\n", ",\t", ".", ","]
      let text = (0..<150).map { _ in
        Self.fragments.randomElement(using: &generator)! + separators.randomElement(using: &generator)!
      }.joined()
      Self.expectSame(TextReader().read(bytes: Array(text.utf8)), "text \(round): \(text.prefix(200))")
      Self.expectSame(
        TextDocument(format: .text, text: text, language: ["en", "vi", "fr", "zh"][round % 4]),
        "declared \(round)")
    }
  }

  @Test func aLanguageChangingInsideASentenceEndsTheRun() throws {
    let html = """
      <html lang="en"><body><p>hello there <span lang="fr">bonjour le monde</span> and again
      <span lang="vi">chapter</span> IV then <code>plain code words</code> and July</p></body></html>
      """
    let document = try HTMLReader().read(bytes: Array(html.utf8))
    Self.expectSame(document, "page")
    let segments = Self.speech(document, runs: true, options: SpeechOptions())
    #expect(segments.contains { $0.language.hasPrefix("fr") && $0.speech == "bonjour le monde" })
  }

  @Test func aRunEndsBeforeWhatIsNotPlain() {
    let document = TextDocument(format: .text, text: "x", language: "en")
    let builder = SpeechBuilder(renderer: SpeechRenderer(document: document, detections: [Detection]()))
    func end(_ text: String, cue: String? = nil) -> Int? {
      builder.recentWords = cue.map { [$0] } ?? []
      let scalars = SpeechNormalizer().normalize(Substring(text), base: 0)
      return builder.plainWords(scalars, 0, language: "en", tag: "en", languageEnd: .max)
    }
    #expect(end("Shuttle dog lake.") == 17)  // the whole run and its full stop
    #expect(end("one two  three, four") == 20)  // several spaces inside, a comma kept
    #expect(end("Shuttle dog lake...") == 16)  // not an ellipsis
    #expect(end("dog,cat") == 3)  // nor a comma before a letter
    #expect(end("chapter, IV now") == 8)  // a comma leaves the cue word before the numeral
    #expect(end("chapter. IV now") == 15)  // a sentence mark does not
    #expect(builder.recentWords == ["iv", "now"])
    #expect(end("lake. ") == 5)
    #expect(builder.recentWords.isEmpty && builder.lastWord == "lake" && !builder.lastTokenWasWord)
    #expect(end("walk on July 4") == 7)  // before a month name
    #expect(end("July 4") == nil)
    #expect(end("read chapter IV now") == 12)  // before a numeral after its cue
    #expect(end("IV now", cue: "chapter") == nil)
    #expect(end("IV now", cue: "the") == 6)
    #expect(end("the U.S. Army") == 3)
    #expect(end("don't") == nil)
    #expect(end("we don't") == 2)
    #expect(end("café") == nil)
    #expect(end("one\ttwo") == 3)  // only spaces join a run
    #expect(builder.recentWords == ["one"])
    _ = end("a b c d e f g h")
    #expect(builder.recentWords == ["c", "d", "e", "f", "g", "h"])  // the last six, as word by word
    #expect(builder.lastWord == "h")
  }

  @Test func aMarkThatIsNamedEndsTheRun() {
    let document = TextDocument(format: .text, text: "x", language: "en")
    for (options, end) in [
      (SpeechOptions(punctuation: .all), 16), (SpeechOptions(symbolTables: Self.namingTables()), 22),
      (SpeechOptions(), 26),
    ] {
      let builder = SpeechBuilder(
        renderer: SpeechRenderer(document: document, detections: [Detection](), options: options))
      let scalars = SpeechNormalizer().normalize("Shuttle dog lake. Rock, ok", base: 0)
      // At "all" the full stop is named; a table naming the comma at "some" stops before it.
      #expect(builder.plainWords(scalars, 0, language: "en", tag: "en", languageEnd: .max) == end)
    }
  }

  @Test func theOpeningFilterHoldsEveryMemberMadeOfASCIILetters() {
    func opening(_ word: String) -> Int {
      let utf8 = Array(word.utf8)
      return LetterOpeningFilter.opening(of: utf8.count) { utf8[$0] }
    }
    let members = ["jan", "September", "a", "kỷ", "vol", "12", "x-ray", "Zz"]
    let filter = LetterOpeningFilter(members)
    for member in members where member.utf8.allSatisfy(LetterOpeningFilter.isLetter) {
      for folded in [member, member.lowercased(), member.uppercased()] {
        #expect(filter.mayHold(opening: opening(folded)), "\(member)")
      }
    }
    #expect(filter.mayHold(opening: opening("Septuagint")))  // opens like a member
    for word in ["dog", "ja", "j", "map", "zzz", "vo", "x", "ray"] {
      #expect(!filter.mayHold(opening: opening(word)), "\(word)")
    }
    for lexicon in [SharedLexicon.english, .vietnamese, .chinese, .japanese, .arabic] {
      for member in Array(lexicon.monthNumbers.keys) + Array(lexicon.romanCues)
      where member.utf8.allSatisfy(LetterOpeningFilter.isLetter) {
        let found = Array(lexicon.monthNumbers.keys).contains(member)
        #expect(
          (found ? lexicon.monthOpenings : lexicon.romanCueOpenings).mayHold(opening: opening(member)), "\(member)")
      }
    }
  }
}
