import Detection
import TextModel
import TextRotor

/// Browse output in speech-friendly form: what a move prints (and `--speak` says) is rendered by
/// the speech renderer, so a screen reader reading the line says "11.7 to 1", not "11.7 1".
enum SpeechHook {
  static func itemForm(renderer: SpeechRenderer) -> @Sendable (RotorEntry, TextDocument) -> String {
    { entry, _ in
      let speech = renderer.render(entry.range).plainText()
      return RotorEntry.label(from: Substring(speech), limit: 160)
    }
  }

  static func textForm(renderer: SpeechRenderer) -> @Sendable (TextRange, TextDocument) -> String {
    { range, _ in
      let speech = renderer.render(range).plainText()
      return RotorEntry.label(from: Substring(speech), limit: Int.max)
    }
  }
}
