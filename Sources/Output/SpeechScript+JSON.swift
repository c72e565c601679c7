public import Speech
public import TextModel

extension SpeechScript {
  /// JSON: every segment with its speech, kind, language and source range (text, UTF-8/UTF-16/
  /// Character offsets, input byte and line:column).
  public func json(document: TextDocument) -> String {
    let converter = document.offsetConverter()
    var json = JSONWriter()
    json.object { json in
      json.member("language", language)
      json.member("punctuation", punctuation.rawValue)
      json.member("speech", plainText())
      json.key("segments")
      json.array { json in
        for segment in segments {
          json.object { json in
            json.member("speech", segment.speech)
            json.member("kind", segment.kind.rawValue)
            json.member("language", segment.language)
            document.writeRange(segment.range, converter: converter, into: &json)
          }
        }
      }
    }
    return json.output
  }

}
