internal import ParallelSupport
package import Speech
package import TextModel

extension SpeechScript {
  /// JSON: the language and punctuation level, every segment with its speech, kind, language and
  /// source range (text, UTF-8/UTF-16/Character offsets, input byte and line:column), then the whole
  /// speech as one string. The whole speech comes last so that `SpeechRenderer/writeJSON(_:document:into:)`
  /// can write the segments as they are made and still give the same bytes.
  package func json(document: TextDocument) -> String {
    var json = JSONWriter()
    writeJSON(document: document, into: &json)
    return json.output
  }

  /// Writes the JSON of ``json(document:)`` into `json`; a streaming writer passes it on as it grows.
  package func writeJSON(document: TextDocument, into json: inout JSONWriter) {
    var converter = document.offsetConverter(.default)
    json.object { json in
      json.member("language", language)
      json.member("punctuation", punctuation.rawValue)
      json.key("segments")
      json.array { json in
        for segment in segments { segment.writeJSON(document: document, converter: &converter, into: &json) }
      }
      json.key("speech")
      json.string(joining: forEachPlainTextPiece)
    }
  }
}

extension SpeechRenderer {
  /// The JSON of ``SpeechScript/json(document:)`` for `range`, written while the speech is made:
  /// segments go out as they are finished (a streaming writer never holds them all); only the
  /// whole speech at the end is kept, and beyond a MiB in an anonymous temporary file.
  package func writeJSON(_ range: TextRange? = nil, document: TextDocument, into json: inout JSONWriter) {
    writeJSON(range, document: document, into: &json, chunking: .default)
  }

  /// Segments formatted where they are made (on both cores for a long range): their JSON, and their
  /// plain text joined as if speech came before (corrected when taken, see `PlainTextJoiner`).
  private struct Part {
    var json = JSONWriter()
    var speech: [UInt8] = []
    var joiner = PlainTextJoiner(afterUnseenSpeech: ())
    var converter: TextOffsetConverter
  }

  func writeJSON(_ range: TextRange?, document: TextDocument, into json: inout JSONWriter, chunking: Chunking) {
    var joiner = PlainTextJoiner()
    // The whole speech, needed after the segments: beyond a MiB it waits in a temporary file.
    let speech = SpillBuffer()
    json.object { json in
      json.member("language", language)
      json.member("punctuation", options.punctuation.rawValue)
      json.key("segments")
      json.array { json in
        render(
          range, part: Part(converter: document.offsetConverter(options.parallelism)), chunking: chunking,
          format: { segment, part in
            part.joiner.pieces(of: segment) { piece in
              var piece = piece
              piece.withUTF8 { part.speech.append(contentsOf: $0) }
            }
            segment.writeJSON(document: document, converter: &part.converter, into: &part.json)
          },
          finished: { part in
            json.values(writtenBy: part.json)
            joiner.take(part.joiner, wrote: part.speech) { speech.append(bytes: $0) }
            part.json.reset()
            part.speech.removeAll(keepingCapacity: true)
            part.joiner = PlainTextJoiner(afterUnseenSpeech: ())
          })
      }
      json.key("speech")
      json.string(joiningUTF8: speech.forEachChunk)
    }
  }
}

extension SpeechSegment {
  /// The segment as one object, from literal templates (as detections and blocks write theirs:
  /// two rooms, one copy each, while the speech and text are short): through the writer's `member`
  /// calls it was 7,500 instructions a segment, a seventh of `speak --format json` of a dense text (issue 15). The same bytes as
  /// ``writeJSONThroughWriter(document:converter:into:)`` (`SpeechJSONTests`). A speech or text
  /// longer than a streaming writer's chunk goes through the writer, which passes it on in pieces.
  func writeJSON(document: TextDocument, converter: inout TextOffsetConverter, into json: inout JSONWriter) {
    guard !json.streams(speech.utf8.count), !json.streams(range.end - range.start) else {
      return writeJSONThroughWriter(document: document, converter: &converter, into: &json)
    }
    var speech = speech
    json.bytes { bytes in
      // Two templates, each through one cursor while its values are short (the speech, kind and
      // language here; the text and offsets in `appendRange`); a speech too long for one room is
      // escaped in pieces (its room would be six times a speech as long as a paragraph).
      speech.withUTF8 { speech in
        bytes.append(template: SegmentHead(speech: speech, kind: kind.rawValue, language: language))
      }
      document.appendRange(range, converter: &converter, to: &bytes, closing: true)
    }
  }

  /// The segment through the writer's calls: the simple version of
  /// ``writeJSON(document:converter:into:)``, and what it does for a value long enough to stream.
  func writeJSONThroughWriter(document: TextDocument, converter: inout TextOffsetConverter, into json: inout JSONWriter)
  {
    json.object { json in
      json.member("speech", speech)
      json.member("kind", kind.rawValue)
      json.member("language", language)
      document.writeRange(range, converter: &converter, into: &json)
    }
  }
}

/// The opening of a speech segment's object, before its range's members:
/// `{"speech":"…","kind":"text","language":"en",`.
private struct SegmentHead: JSONTemplate {
  var speech: UnsafeBufferPointer<UInt8>
  var kind: String
  var language: String

  func write(into output: inout some JSONTemplateOutput) {
    output.literal("{\"speech\":\"")
    output.escaped(speech)
    output.literal("\",\"kind\":")
    output.quoted(kind)
    output.literal(",\"language\":")
    output.quoted(language)
    output.byte(UInt8(ascii: ","))
  }
}
