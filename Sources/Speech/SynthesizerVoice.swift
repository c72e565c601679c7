internal import TextModel

/// The one map from a language tag to an espeak-ng voice name, used by `speak --audio` and by
/// browse's `--speak`.
package enum SynthesizerVoice {
  /// The espeak-ng voice for a language tag. Only a well-formed BCP 47 tag's primary language
  /// subtag is used, so a document's `lang` value never reaches espeak-ng as a path or an option;
  /// anything else is English.
  ///
  /// ```swift
  /// SynthesizerVoice.espeakName(for: "zh-Hant-TW")   // "cmn"
  /// SynthesizerVoice.espeakName(for: "../../x")      // "en-us"
  /// ```
  package static func espeakName(for language: String?) -> String {
    let base = language.flatMap { LanguageTag($0)?.primaryLanguage } ?? "en"
    return ["zh": "cmn", "ja": "ja", "vi": "vi", "ar": "ar", "en": "en-us"][base] ?? base
  }
}
