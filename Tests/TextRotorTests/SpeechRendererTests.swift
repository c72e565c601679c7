import Detection
import DocumentParsing
import Testing
import TextModel
import TextRotor

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
  static let corpus: String = {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
    return path + "/corpus"
  }()

  static let files = ["park-trip-brochure.html", "contrast-accessibility-note.html", "contrast-note.zh.html",
                      "park-brochure.ja.html", "travel-notes.vi.html", "clinic-brochure.ar.html", "hiking-checklist.txt",
                      "budget-app-notes.xml", "notes-docbook.xml", "malformed.html", "invalid-utf8.html", "legacy-latin1.html"]

  /// Every segment maps to a non-empty source range inside the rendered range, in reading order,
  /// and what it says comes from there: phone digits are the source's digits, a ratio's source has
  /// its colon, an e-mail's has its "@", verbatim text is the source text.
  @Test(arguments: files)
  func everySegmentMapsBackToItsOrigin(_ name: String) throws {
    let document = try DocumentReader().read(path: Self.corpus + "/" + name)
    let detections = DocumentDetector().detect(in: document)
    for range in [nil, TextRange(start: document.text.utf8.count / 3, end: document.text.utf8.count * 2 / 3)] {
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
          let digits = { (text: Substring) in text.unicodeScalars.compactMap { $0.properties.numericType == .decimal ? $0.properties.numericValue.map { Int($0) } : nil } }
          #expect(digits(Substring(segment.speech)) == digits(source), "\(name): \(segment.speech) ← \(source)")
        case .ratio, .time, .verse, .score:
          #expect(source.contains(":") || source.contains("：") || source.contains("∶"), "\(name): \(source)")
        case .email:
          #expect(source.contains("@") || source.contains("＠"), "\(name): \(source)")
        case .text:
          if !segment.speech.contains(where: { !$0.isLetter && !$0.isWhitespace }) && !segment.speech.contains(" ") {
            #expect(source.contains(segment.speech) || source.count <= segment.speech.count + 2, "\(name): \(segment.speech) ← \(source)")
          }
        default: break
        }
      }
    }
  }
}
