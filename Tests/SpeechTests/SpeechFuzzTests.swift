import Detection
import DocumentParsing
import Speech
import TestSupport
import Testing
import TextModel

@Suite struct SpeechFuzzTests {

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
