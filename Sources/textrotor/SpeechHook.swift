import TextModel
import TextRotor

/// Where the speech-friendly form of browse output comes from.
enum SpeechHook {
  static let itemForm: @Sendable (RotorEntry, TextDocument) -> String = { entry, _ in entry.label }
  static let textForm: @Sendable (TextRange, TextDocument) -> String = { range, document in
    RotorEntry.label(from: document[range], limit: Int.max)
  }
}
