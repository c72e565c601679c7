import ArgumentParser
import TextModel

/// Refuses a language option that is not a well-formed BCP 47 tag (a usage error, exit status 2):
/// it would otherwise reach SSML and espeak-ng.
func validateLanguageTag(_ tag: String?, option: String) throws {
  guard let tag, !LanguageTag.isWellFormed(tag) else { return }
  throw ValidationError(
    "\(option) takes a BCP 47 language tag such as en, en-US, zh-Hans, ja, vi, ar (got \"\(printable(tag))\")")
}

/// Says on standard error, once, that the document declares language tags that are not well-formed
/// BCP 47: speech ignores them (the enclosing language, the document's, --locale or en applies).
func noteMalformedLanguageTags(in document: TextDocument, file: String) {
  var malformed: [String] = []
  if let language = document.language, !LanguageTag.isWellFormed(language) { malformed.append(language) }
  for run in document.runs {
    if case .language(let tag) = run.attribute, !LanguageTag.isWellFormed(tag) { malformed.append(tag) }
  }
  guard let first = malformed.first else { return }
  let count = malformed.count == 1 ? "a language tag that is" : "\(malformed.count) language tags that are"
  StandardStreams.error("textrotor: note: \(file): ignored \(count) not well-formed BCP 47 (\"\(printable(first))\")")
}

/// `text` shortened to 40 characters, control characters shown as "?", for a one-line message.
func printable(_ text: String) -> String {
  let cleaned = String(
    String.UnicodeScalarView(
      text.unicodeScalars.prefix(41).map {
        $0.properties.generalCategory == .control || $0.properties.generalCategory == .format ? "?" : $0
      }))
  return cleaned.unicodeScalars.count > 40
    ? String(String.UnicodeScalarView(cleaned.unicodeScalars.prefix(40))) + "…" : cleaned
}
