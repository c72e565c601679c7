public import Speech
public import TextModel

extension SpeechScript {
  /// JSON: every segment with its speech, kind, language and source range (text, UTF-8/UTF-16/
  /// Character offsets, input byte and line:column).
  public func json(document: TextDocument) -> String {
    var json = JSONWriter()
    writeJSON(document: document, into: &json)
    return json.output
  }

  /// Writes the JSON of ``json(document:)`` into `json`; a streaming writer passes it on as it grows.
  public func writeJSON(document: TextDocument, into json: inout JSONWriter) {
    var converter = document.offsetConverter()
    json.object { json in
      json.member("language", language)
      json.member("punctuation", punctuation.rawValue)
      json.key("speech")
      json.string(joining: forEachPlainTextPiece)
      json.key("segments")
      json.array { json in
        for segment in segments {
          json.object { json in
            json.member("speech", segment.speech)
            json.member("kind", segment.kind.rawValue)
            json.member("language", segment.language)
            document.writeRange(segment.range, converter: &converter, into: &json)
          }
        }
      }
    }
  }

}
