package import Speech
package import TextModel

/// The formats speech is written in by the library's speech sink (what `textrotor speak --format`
/// names): `SpeechRenderer/write(_:format:to:)` is the one entry point the CLI, the facade
/// (`Document.writeSpeech`) and the C ABI (`tr_document_speak`) share.
public enum SpeechFormat: String, Sendable, CaseIterable {
  /// Plain text, one line per block, ending with a line feed.
  case text
  /// SSML 1.1 (`SpeechScript/writeSSML(_:)`).
  case ssml
  /// One JSON object (`SpeechScript/writeJSON(document:into:)`) on one line.
  case json

  /// Whether the bytes are text for a person, in which a terminal must be shown controls as
  /// escapes (`TerminalText`); JSON and SSML escape them themselves, and their bytes are a contract.
  public var isText: Bool { self == .text }
}

extension SpeechRenderer {
  /// Writes the speech of `range` (the whole document when nil) in `format`, byte for byte what
  /// `textrotor speak` prints, handing the bytes to `write` in order: text rendered on both cores
  /// for a long range and handed on as each chunk is committed, JSON segments as they are made,
  /// SSML from the whole script. `write` gets one piece at a time, possibly on the renderer's other
  /// thread.
  package func write(_ range: TextRange? = nil, format: SpeechFormat, to write: @Sendable ([UInt8]) -> Void) {
    switch format {
    case .text:
      var joiner = PlainTextJoiner()
      render(
        range, part: SpokenText(),
        format: { segment, part in part.add(segment) },
        finished: { part in
          joiner.take(part.joiner, wrote: part.bytes) { write(Array($0)) }
          part = SpokenText()
        })
      write([UInt8(ascii: "\n")])
    case .ssml:
      render(range).write(format: .ssml, document: document, to: write)
    case .json:
      JSONWriter.streamingLine(to: write) { json in writeJSON(range, document: document, into: &json) }
    }
  }
}

extension SpeechScript {
  /// Writes a script already made (the WAV writer needs it whole) in `format`: the bytes of
  /// `SpeechRenderer/write(_:format:to:)` for the same range.
  package func write(format: SpeechFormat, document: TextDocument, to write: @Sendable ([UInt8]) -> Void) {
    var chunks = OutputChunks()
    switch format {
    case .text:
      forEachPlainTextPiece { chunks.append($0, write) }
      chunks.append("\n", write)
      chunks.flush(write)
    case .ssml:
      writeSSML { chunks.append($0, write) }
      chunks.flush(write)
    case .json:
      JSONWriter.streamingLine(to: write) { json in writeJSON(document: document, into: &json) }
    }
  }
}

/// The plain speech of consecutive segments, joined as if speech came before them (see
/// `PlainTextJoiner.take(_:wrote:_:)`): a part of the text sink's two-core rendering.
private struct SpokenText {
  var joiner = PlainTextJoiner(afterUnseenSpeech: ())
  var bytes: [UInt8] = []

  mutating func add(_ segment: SpeechSegment) {
    joiner.pieces(of: segment) { piece in
      var piece = piece
      piece.withUTF8 { bytes.append(contentsOf: $0) }
    }
  }
}
