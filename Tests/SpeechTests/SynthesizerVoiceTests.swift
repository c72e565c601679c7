import Speech
import Testing

@Suite struct SynthesizerVoiceTests {
  @Test(arguments: [
    ("zh-Hant-TW", "cmn"), ("zh", "cmn"), ("ja-JP", "ja"), ("vi", "vi"), ("ar-EG", "ar"), ("en-GB", "en-us"),
    ("fr-CA", "fr"),
  ])
  func aLanguageTagBecomesItsEspeakVoice(_ tag: String, _ voice: String) {
    #expect(SynthesizerVoice.espeakName(for: tag) == voice)
  }

  @Test(arguments: ["../../x", "en\"/><audio/>", "-w /tmp/x", "", "x_y"])
  func aMalformedTagNeverBecomesAVoiceName(_ tag: String) {
    #expect(SynthesizerVoice.espeakName(for: tag) == "en-us")
  }

  @Test func noTagMeansEnglish() {
    #expect(SynthesizerVoice.espeakName(for: nil) == "en-us")
  }
}
