package import TextModel
internal import UnicodeSupport

extension SpokenForms {
  /// The spoken forms speech says: a formula in ClearSpeak's wording (``MathSpeech``), in the
  /// language of the tag in force (English when none), the author's `alttext` when given. Readers
  /// write it into the reading text, so the reading view, braille and browse show what speech says.
  package static let speech = SpokenForms(name: "speech") { expression, tag in
    let language = SpeechLexicon.key(tag)
    let region = language == "en" ? tag.flatMap { LocaleInfo.declaredRegion(forLanguageTag: $0) } : nil
    return MathSpeech(language: language, region: region).say(expression)
  }
}
