import Detection
import ParallelSupport
import TextModel
import TextRotor

/// Browse output in speech-friendly form: what a move prints (and `--speak` says) is rendered by
/// the speech renderer, so a screen reader reading the line says "11.7 to 1", not "11.7 1".
/// With `--output text`, the document's own text instead (braille displays, copy and paste).
enum SpeechHook {
  /// An announcement cuts an item at this many characters; "read" (Shift+Down, F3) says it whole.
  static let announcementLimit = 160

  /// The renderer browse speaks with, made when the first item is spoken. The document was read without identifying languages:
  /// each range spoken has the languages of its lines identified first
  /// (`SpeechRenderer.identifyingLanguages(around:)`), the speech a document identified up front gets.
  final class Renderer: Sendable {
    private let made: LockedValue<SpeechRenderer?> = LockedValue(nil)
    private let make: @Sendable () -> SpeechRenderer

    init(_ make: @escaping @Sendable () -> SpeechRenderer) { self.make = make }

    /// Speech for `range`.
    func render(_ range: TextRange) -> SpeechScript {
      let renderer = made.withValue { made in
        if made == nil { made = make() }
        return made!
      }
      return renderer.identifyingLanguages(around: range).render(range)
    }
  }

  static func itemForm(renderer: Renderer) -> @Sendable (RotorEntry, TextDocument, Bool) -> String {
    { entry, _, whole in
      let speech = renderer.render(entry.range).plainText()
      return RotorEntry.label(from: Substring(speech), limit: whole ? Int.max : announcementLimit)
    }
  }

  static func textForm(renderer: Renderer) -> @Sendable (TextRange, TextDocument) -> String {
    { range, _ in
      let speech = renderer.render(range).plainText()
      return RotorEntry.label(from: Substring(speech), limit: Int.max)
    }
  }

  /// The item's own text.
  static let itemText: @Sendable (RotorEntry, TextDocument, Bool) -> String = { entry, document, whole in
    RotorEntry.label(from: document[entry.range], limit: whole ? Int.max : announcementLimit)
  }

  /// Running text as it is in the document.
  static let runningText: @Sendable (TextRange, TextDocument) -> String = { range, document in
    RotorEntry.label(from: document[range], limit: Int.max)
  }
}
