import Detection
import Testing
import TextModel

@Suite struct DetectionFuzzTests {
  static let pieces: [String] = [
    "+", "+1", "(", ")", "415", "555-0132", " ", "\n", "٠٤", "０３", "－", "@", ".", "example", ".com", "http://",
    "https://",
    "www.", "/", "?", "&", "=", "#", ":", "ext.", "x", "12", "mailto:", "tel:", "jane", "-", "_", "对比度", "。", "é",
    "👩‍👩‍👧", "\u{200F}", "\u{200E}", "\u{FFFD}", "xn--", "[", "]", "1.2.3.4", "ISBN", "2026-04-18", "order #",
  ]

  /// Random mixtures of what the detectors look for, including text that ends in the middle of a
  /// construct ("C+", "http://"): no crash, and every detection is a non-empty range of the text.
  @Test func randomTextNeverCrashesAndRangesStayInside() {
    var state: UInt64 = 0xD37E_C7
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(truncatingIfNeeded: state >> 33)
    }
    for _ in 0..<800 {
      var text = ""
      for _ in 0..<(1 + next() % 30) { text += Self.pieces[next() % Self.pieces.count] }
      let document = TextDocument(format: .text, text: text, language: ["en", "zh", "ja", "vi", "ar"][next() % 5])
      for detection in DocumentDetector().detect(in: document) {
        #expect(
          !detection.range.isEmpty && detection.range.end <= text.utf8.count, "\(text.debugDescription): \(detection)")
      }
    }
  }
}
