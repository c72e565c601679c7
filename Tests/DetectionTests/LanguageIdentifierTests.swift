import DocumentParsing
import TestSupport
import Testing
import TextModel

@testable import Detection

@Suite struct LanguageIdentifierTests {
  let identifier = LanguageIdentifier()

  @Test(arguments: [
    ("お問い合わせ：03-1234-5678", "ja", "script"),
    ("전화 02-312-3456으로 문의하세요", "ko", "script"),
    ("โทร 02 123 4567 เพื่อสอบถาม", "th", "script"),
    ("Gọi 028 3822 1234", "vi", "script"),
    ("Rufen Sie uns bitte morgen früh unter dieser Nummer an", "de", "cld2"),
    ("Réservations au restaurant tous les jours sauf le lundi", "fr", "cld2"),
    ("Llámenos al número de la oficina para reservar una habitación con vistas al mar", "es", "cld2"),
  ])
  func aLineIsIdentifiedByItsScriptOrByCLD2(text: String, language: String, method: String) throws {
    let found = try #require(identifier.identify(text))
    #expect(found.language == language)
    #expect(found.method == method)
    #expect(found.confidence > 0.5 && found.confidence <= 1)
  }

  @Test func hanWithoutKanaIsChineseWithTheOtherHanLanguagesAsAlternatives() throws {
    let found = try #require(identifier.identify("电话：010-6552 9988"))
    #expect(found.language == "zh")
    #expect(found.alternatives.contains("ja") && found.alternatives.contains("zh-Hant"))
    #expect(found.confidence < 0.7)
  }

  @Test(arguments: ["030 12345678", "+1 (415) 555-0132", "", "Tel.", "OK"])
  func textTooShortOrWithoutLettersIsNotIdentified(text: String) {
    #expect(identifier.identify(text) == nil)
  }

  @Test func plainTextLinesGetDetectedRunsThatSpeechAndLookupsUse() throws {
    let text = "Rufen Sie uns bitte morgen früh unter dieser Nummer an.\n\nお問い合わせは下記の電話番号までお願いします。\n"
    let document = identifier.annotating(try DocumentReader().read(bytes: Array(text.utf8), format: .text))
    let detected = document.runs.compactMap { run -> String? in
      if case .detectedLanguage(let tag, let confidence) = run.attribute, confidence > 0 { return tag }
      return nil
    }
    #expect(detected == ["de", "ja"])
    #expect(document.language(at: 3) == "de")
    let japanese = text.utf8.count - 10
    #expect(document.language(at: japanese) == "ja")
  }

  @Test func aDeclaredLanguageIsNeverOverridden() throws {
    let html = """
      <html><body><p lang="en">Rufen Sie uns bitte morgen früh unter dieser Nummer an.</p>
      <p>お問い合わせは下記の電話番号までお願いします。</p></body></html>
      """
    let document = identifier.annotating(try DocumentReader().read(bytes: Array(html.utf8), format: .html))
    let runs = document.runs.filter {
      if case .detectedLanguage = $0.attribute { return true } else { return false }
    }
    #expect(runs.count == 1)
    #expect(document.language(at: 0) == "en")
    let whole = try DocumentReader().read(
      bytes: Array("<html lang=\"en\"><p>お問い合わせは下記の電話番号まで。</p></html>".utf8), format: .html)
    #expect(identifier.detectedRuns(in: whole).isEmpty)
  }
}

/// Lookups of the language in force, against the simple version (the innermost declared run, else the
/// detected run containing the offset), with runs given in and out of start order.
@Suite struct LanguageRunsLookupTests {
  static func simple(_ runs: [AttributeRun], at offset: Int) -> LanguageRuns.Entry? {
    let declared = runs.filter {
      if case .language = $0.attribute { $0.range.contains(offset) } else { false }
    }
    if let innermost = declared.last(where: { run in
      !declared.contains { $0.range != run.range && run.range.contains($0.range) }
    }), case .language(let tag) = innermost.attribute {
      return .init(tag: tag, detected: false, confidence: 1)
    }
    for run in runs where !run.range.isEmpty && run.range.contains(offset) {
      if case .detectedLanguage(let tag, let confidence) = run.attribute {
        return .init(tag: tag, detected: true, confidence: confidence)
      }
    }
    return nil
  }

  @Test(arguments: [false, true])
  func theLanguageAtEachOffsetIsTheSimpleAnswer(_ shuffled: Bool) {
    var runs: [AttributeRun] = [
      AttributeRun(range: TextRange(start: 0, end: 10), attribute: .detectedLanguage("en", confidence: 0.9)),
      AttributeRun(range: TextRange(start: 11, end: 20), attribute: .detectedLanguage("fr", confidence: 0.75)),
      AttributeRun(range: TextRange(start: 12, end: 18), attribute: .language("de")),
      AttributeRun(range: TextRange(start: 14, end: 16), attribute: .language("de-AT")),
      AttributeRun(range: TextRange(start: 21, end: 21), attribute: .detectedLanguage("ja", confidence: 1)),
      AttributeRun(range: TextRange(start: 22, end: 30), attribute: .emphasis(.strong)),
      AttributeRun(range: TextRange(start: 25, end: 40), attribute: .detectedLanguage("vi", confidence: 0.5)),
    ]
    if shuffled { runs = [runs[6], runs[1], runs[3], runs[0], runs[5], runs[2], runs[4]] }
    let text = String(repeating: "a", count: 45)
    let document = TextDocument(format: .text, text: text, runs: runs)
    let lookup = LanguageRuns(document: document)
    for offset in 0..<45 {
      #expect(lookup.entry(at: offset) == Self.simple(runs, at: offset), "offset \(offset)")
    }
    #expect(lookup.entry(at: 5)?.tag == "en")
    #expect(lookup.entry(at: 15)?.tag == "de-AT")
    #expect(lookup.entry(at: 30)?.confidence == 0.5)
    #expect(lookup.entry(at: 21) == nil)
  }
}

/// Lines are identified on both cores from 256 KiB, in pieces that start at line starts: the runs
/// must be the ones found line by line on one thread, including runs that cross a piece's start,
/// lines too short to tell (their paragraph decides), blank lines, CR LF, and declared languages.
@Suite(.tags(.threadSafety)) struct LanguageIdentifierParallelTests {
  static func runsBothWays(_ document: TextDocument) -> ([AttributeRun], [AttributeRun]) {
    var sequential = LanguageIdentifier()
    sequential.tuning.parallelMinimum = .max
    var parallel = LanguageIdentifier()
    parallel.tuning.parallelMinimum = 0
    return (sequential.detectedRuns(in: document), parallel.detectedRuns(in: document))
  }

  static let lines = [
    "Rufen Sie uns bitte morgen früh unter dieser Nummer an, wir helfen gern.",
    "Réservations au restaurant tous les jours sauf le lundi et le mardi soir.",
    "The trail closes at dusk; call the ranger station before you set out.",
    "お問い合わせは平日の午前九時から午後五時までです。", "电话：010-6552 9988，周一至周五。",
    "Gọi 028 3822 1234 để đặt chỗ trước.", "عيادة الواحة مفتوحة كل يوم", "ok", "—", "",
    "Llámenos al número de la oficina para reservar una habitación con vistas al mar.",
  ]

  @Test func pieceByPieceFindsTheRunsLineByLine() throws {
    var generator = SystemRandomNumberGenerator()
    for round in 0..<12 {
      var text = ""
      // Stretches of one language (runs that cross piece boundaries), then mixed lines.
      for _ in 0..<Int.random(in: 20...400, using: &generator) {
        let line = Self.lines.randomElement(using: &generator)!
        for _ in 0..<Int.random(in: 1...6, using: &generator) {
          text += line + (Bool.random(using: &generator) ? "\n" : "\r\n")
        }
      }
      let document = TextReader().read(bytes: Array(text.utf8))
      let (one, other) = Self.runsBothWays(document)
      #expect(!one.isEmpty)
      #expect(one == other, "round \(round)")
    }
  }

  @Test func declaredLanguagesStayOutOfTheRunsBothWays() throws {
    var html = "<!doctype html><html><body>"
    for index in 0..<300 {
      let line = Self.lines[index % Self.lines.count]
      html += index % 3 == 0 ? "<p lang=\"en\">\(line)</p>\n" : "<p>\(line)</p>\n"
    }
    let document = try HTMLReader().read(bytes: Array((html + "</body></html>").utf8))
    let (one, other) = Self.runsBothWays(document)
    #expect(one.count > 10)
    #expect(one == other)
  }
  /// Eight ASCII bytes' letters counted in one word agree with counting byte by byte, for every
  /// byte value below 0x80 in every lane, and whole texts count the same either way.
  @Test func asciiLettersInAWordAreTheLettersByteByByte() {
    func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
    for value in UInt8(0)..<0x80 {
      for lane in 0..<8 {
        var bytes = [UInt8](repeating: 0x7A, count: 8)  // "z" around it: the lanes beside are letters
        bytes[lane] = value
        let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
        #expect(ScriptCounts.asciiLetters(word) == bytes.filter(isLetter).count, "byte \(value) in lane \(lane)")
      }
    }
    for text in ["Shuttle dog lake [rock] meadow @ `permit` {ranger} 0-9 ~", "Zebra café Ωmega 東京 x", "@[`{/:AZaz"] {
      var counts = ScriptCounts()
      var copy = text
      copy.withUTF8 { counts.count($0[...]) }
      let expected = text.unicodeScalars.filter { $0.properties.isAlphabetic }.count
      #expect(counts.letters == expected, "\(text)")
    }
  }
}
