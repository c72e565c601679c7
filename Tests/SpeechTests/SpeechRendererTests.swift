import Detection
import DocumentParsing
import Speech
import TestSupport
import Testing
import TextModel

@Suite struct SpeechRendererTests {
  static func options(_ language: String, _ level: String, _ style: String) -> SpeechOptions {
    let levels: [String: PunctuationLevel] = ["n": .none, "s": .some, "m": .most, "a": .all, "c": .char]
    return SpeechOptions(locale: language, punctuation: levels[level]!, numbers: style == "w" ? .words : .numerals)
  }

  @Test func theTableHasAtLeast200CasesInFiveLanguages() {
    #expect(speechCases.count >= 200)
    for language in ["en", "zh", "ja", "vi", "ar"] {
      #expect(speechCases.filter { $0.0 == language }.count >= 20, "\(language)")
    }
  }

  @Test(arguments: speechCases)
  func speaks(_ testCase: (String, String, String, String, String)) {
    let (language, level, style, input, expected) = testCase
    let script = SpeechRenderer.speak(input, language: language, options: Self.options(language, level, style))
    #expect(script.plainText() == expected, "\(language) \(level) \(style): \(input)")
  }
}

@Suite struct SpeechSourceMappingTests {
  static let corpus = CorpusFiles.directory
  static let files = CorpusFiles.mixed

  /// Every segment maps to a non-empty source range inside the rendered range, in reading order,
  /// and what it says comes from there: phone digits are the source's digits, a ratio's source has
  /// its colon, an e-mail's has its "@", verbatim text is the source text.
  @Test(arguments: files)
  func everySegmentMapsBackToItsOrigin(_ name: String) throws {
    let document = try DocumentReader().read(path: Self.corpus + "/" + name)
    let detections = DocumentDetector().detect(in: document)
    // A middle third whose ends fall on scalar boundaries (the renderer moves other offsets back).
    let bytes = Array(document.text.utf8)
    func boundary(_ offset: Int) -> Int {
      var offset = offset
      while offset > 0, offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset -= 1 }
      return offset
    }
    for range in [nil, TextRange(start: boundary(bytes.count / 3), end: boundary(bytes.count * 2 / 3))] {
      let script = SpeechRenderer(document: document, detections: detections).render(range)
      #expect(!script.segments.isEmpty)
      var previousEnd = range?.start ?? 0
      for segment in script.segments {
        let source = document[segment.range]
        #expect(!segment.range.isEmpty && segment.range.start >= previousEnd, "\(name): \(segment)")
        previousEnd = max(previousEnd, segment.range.end)
        if let range { #expect(range.contains(segment.range), "\(name): \(segment)") }
        switch segment.kind {
        case .phone:
          let digits = { (text: Substring) in
            text.unicodeScalars.compactMap {
              $0.properties.numericType == .decimal ? $0.properties.numericValue.map { Int($0) } : nil
            }
          }
          #expect(digits(Substring(segment.speech)) == digits(source), "\(name): \(segment.speech) ← \(source)")
        case .ratio, .time, .verse:
          #expect(source.contains(":") || source.contains("：") || source.contains("∶"), "\(name): \(source)")
        case .score:
          #expect(source.contains(":") || source.contains("-") || source.contains("："), "\(name): \(source)")
        case .email:
          #expect(source.contains("@") || source.contains("＠"), "\(name): \(source)")
        case .text:
          if !segment.speech.contains(where: { !$0.isLetter && !$0.isWhitespace }) && !segment.speech.contains(" ") {
            #expect(
              source.contains(segment.speech) || source.count <= segment.speech.count + 2,
              "\(name): \(segment.speech) ← \(source)")
          }
        default: break
        }
      }
    }
  }
}

@Suite struct SpeechFuzzTests {
  /// A fixed-seed generator so a failure reproduces.
  struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  static let alphabet: [String] = [
    "0", "1", "4", "7", "9", "٣", "٤", "１", "２", "：", ":", "∶", ".", ",", "٫", "-", "−", "–", "$", "€", "¥", "%", "٪",
    "°", "C", "@", "/", "?", "&", "=", "#", "+", "(", ")", "'", "\"", " ", " ", " ", "\n", "a", "b", "x", "km", "John",
    "ext", "am", "p.m.", "ratio", "dilute", "score", "lasts", "Note", "比", "対", "对比度", "约翰福音", "ヨハネ", "tỷ lệ",
    "نسبة", "e\u{301}", "👩‍👩‍👧", "\u{200F}", "\u{200E}", "。", "、", "…", "...", "www.", "http://", "example.com",
    "jane.doe@", "+1 415 555 0100", "(415) 555-0132", "2026-04-18", "\u{FFFD}", "\t",
  ]

  /// Random mixtures of the constructs the renderer interprets: no crash, and every segment is a
  /// non-empty range inside the rendered range, in reading order.
  @Test func randomInputsNeverBreakTheSegmentContract() {
    var generator = SplitMix(state: 0x7E57_0001)
    let languages = ["en", "zh", "ja", "vi", "ar", "fr"]
    for round in 0..<600 {
      var text = ""
      for _ in 0..<Int.random(in: 1...40, using: &generator) { text += Self.alphabet.randomElement(using: &generator)! }
      let language = languages[round % languages.count]
      let level = PunctuationLevel.allCases[round % PunctuationLevel.allCases.count]
      let options = SpeechOptions(locale: language, punctuation: level, numbers: round % 2 == 0 ? .numerals : .words)
      let script = SpeechRenderer.speak(text, language: language, options: options)
      var previousEnd = 0
      for segment in script.segments {
        #expect(
          !segment.range.isEmpty && segment.range.start >= previousEnd && segment.range.end <= text.utf8.count,
          "\(language) \(level): \(text.debugDescription) → \(segment)")
        previousEnd = segment.range.end
      }
      _ = script.ssml()
      // A sub-range with arbitrary byte offsets (possibly inside a character): segments stay inside
      // it (its start rounded down to the scalar it cuts).
      let length = text.utf8.count
      let a = Int.random(in: 0...length, using: &generator)
      let b = Int.random(in: a...length, using: &generator)
      let document = TextDocument(format: .text, text: text, language: language)
      let part = SpeechRenderer(
        document: document, detections: DocumentDetector().detect(in: document), options: options
      )
      .render(TextRange(start: a, end: b))
      for segment in part.segments {
        #expect(
          segment.range.start >= a - 3 && segment.range.end <= b, "\(text.debugDescription) \(a)..<\(b) → \(segment)")
      }
    }
  }
}

@Suite struct SymbolsDicTests {
  static let dic = """
    # A user's symbols.dic in NVDA's format.
    complexSymbols:
    . sentence ending\t(?<=[^\\s.])\\.(?=[\\"'”’)\\s]|$)

    symbols:
    \\#\thash\tsome
    ~\tsquiggle\tnone
    ?\tquery\talways
    Functions
    &\tampersand\tloud
    """

  @Test func entriesOverrideNamesAndLevelsAndUnreadableLinesAreReported() throws {
    var table = SymbolTable(language: "en")
    let result = try table.load(symbolsDic: Self.dic)
    #expect(result.loaded == 3)
    #expect(result.unreadableLines == [9, 10])
    #expect(table["#"]?.name == "hash")
    #expect(table["~"]?.level == PunctuationLevel.none)
    let options = SpeechOptions(locale: "en", punctuation: .none, symbolTables: ["en": table])
    // "~" is named even at level none now; "#" (level some) is not.
    #expect(SpeechRenderer.speak("a ~ b #4", language: "en", options: options).plainText() == "a squiggle b 4")
  }

  @Test func aFileWithoutASymbolsSectionIsAnError() {
    var table = SymbolTable(language: "en")
    #expect(throws: SymbolFileError.self) { try table.load(symbolsDic: "# just a comment\nhello\tworld\n") }
  }
}
