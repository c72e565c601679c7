import DocumentParsing
import Testing
import TextModel

@testable import Speech

/// Issue 9, item 2: a document's `lang` values and the locale never become markup or a voice path.
@Suite struct SpeechScriptSafetyTests {
  static let injection = #"en"/><audio src="http://tracker.example/x.wav"/><s xml:lang="en"#

  static func script(_ html: String, locale: String? = nil) throws -> SpeechScript {
    let document = try TextDocument(parsingHTML: Array(html.utf8))
    return SpeechRenderer(document: document, detections: [], options: SpeechOptions(locale: locale)).render(nil)
  }

  /// Every `xml:lang="…"` value in `ssml`.
  static func languages(in ssml: String) -> [String] {
    ssml.split(separator: #"xml:lang=""#, omittingEmptySubsequences: false).dropFirst().map {
      String($0.prefix { $0 != "\"" })
    }
  }

  @Test func aLangAttributeWithMarkupDoesNotBecomeMarkup() throws {
    let html =
      #"<html lang="en"><body><p>Hello <span lang='\#(Self.injection)'>world</span> and "#
      + #"<span lang="fr">bonjour</span>.</p></body></html>"#
    let ssml = try Self.script(html).ssml()
    #expect(!ssml.contains("<audio"))
    #expect(!ssml.contains("tracker.example"))
    #expect(!ssml.contains("<s "))
    #expect(Self.languages(in: ssml) == ["en", "fr"])
    #expect(ssml.contains("Hello world and"))
  }

  @Test(arguments: ["../../x", "en/../../../tmp/voice", "-x", "--path=/tmp", "en us", injection])
  func aMalformedTagNeverReachesTheSynthesizer(_ tag: String) throws {
    let html =
      #"<html lang="ja"><body><p>Hello <span lang="\#(tag.replacingAll("\"", "&quot;"))">world</span></p></body></html>"#
    let script = try Self.script(html)
    for run in script.languageRuns() { #expect(LanguageTag.isWellFormed(run.language), "\(run.language)") }
    #expect(script.languageRuns().map(\.language) == ["ja"])
  }

  @Test func aMalformedDocumentLanguageFallsBackToTheLocaleThenEnglish() throws {
    let html = #"<html lang="../../x"><body><p>Hello world</p></body></html>"#
    #expect(try Self.script(html, locale: "fr").language == "fr")
    #expect(try Self.script(html).language == "en")
    #expect(
      try Self.script(html).ssml().contains(
        #"<speak version="1.1" xmlns="http://www.w3.org/2001/10/synthesis" xml:lang="en">"#))
  }

  @Test func aHandBuiltScriptIsEscapedAndCheckedToo() {
    let segment = SpeechSegment(
      speech: "a < b & \"c\"\u{1}", range: TextRange(start: 0, end: 5), kind: .text,
      language: Self.injection, separator: "")
    let script = SpeechScript(segments: [segment], language: "de\"><audio/>", punctuation: .some)
    let ssml = script.ssml()
    #expect(!ssml.contains("<audio"))
    #expect(ssml.contains("a &lt; b &amp; &quot;c&quot;\u{FFFD}"))
    #expect(Self.languages(in: ssml) == ["en"])
    #expect(script.languageRuns().map(\.language) == ["en"])
  }
}

extension String {
  fileprivate func replacingAll(_ target: Character, _ replacement: String) -> String {
    var out = ""
    for character in self { if character == target { out += replacement } else { out.append(character) } }
    return out
  }
}
