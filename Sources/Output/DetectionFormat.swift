package import Detection
package import TextModel

/// The formats detections are written in by the library's detection sink (what `textrotor detect
/// --format` names, and the C ABI's array): `DetectionList/write(_:in:to:)` is the one entry point
/// the CLI, the facade (`Document.writeDetections`) and the C ABI (`tr_document_detections_json`)
/// share.
public enum DetectionFormat: Sendable, Hashable {
  /// JSON Lines: each detection's object on a line of its own.
  case jsonLines
  /// One JSON object on one line: the file name, the count and every detection.
  case json(file: String)
  /// One JSON array of the objects of ``jsonLines`` on one line.
  case jsonArray
  /// A line per detection for a person: kind, line:column, text and value (and why, with `explain`).
  case text(explain: Bool)
  /// Tab-separated values under a header line.
  case tsv

  /// Whether the bytes are text for a person, in which a terminal must be shown controls as
  /// escapes (`TerminalText`); the JSON formats escape them themselves, and their bytes are a contract.
  public var isText: Bool {
    switch self {
    case .text, .tsv: true
    case .jsonLines, .json, .jsonArray: false
    }
  }
}

extension DetectionList {
  /// Writes the detections of `document` in `format`, byte for byte what `textrotor detect` prints
  /// (every format ends with a line feed), handing the bytes to `write` in order: the JSON formats
  /// from their records through literal templates, on both cores from 8192 detections. `write`
  /// gets one piece at a time, possibly on the writer's other thread.
  package func write(_ format: DetectionFormat, in document: TextDocument, to write: @Sendable ([UInt8]) -> Void) {
    switch format {
    case .jsonLines:
      writeJSONLines(in: document, write)
    case .json(let file):
      JSONWriter.streamingLine(to: write) { json in writeJSON(file: file, in: document, into: &json) }
    case .jsonArray:
      JSONWriter.streamingLine(to: write) { json in
        json.array { json in writeElements(in: document, converter: document.offsetConverter(), into: &json) }
      }
    case .text(let explain):
      var chunks = OutputChunks()
      for detection in self { chunks.line(detection.textLine(in: document, explain: explain), write) }
      chunks.flush(write)
    case .tsv:
      var chunks = OutputChunks()
      chunks.line("kind\tstart\tend\tline:column\ttext\tvalue\tsource\tconfidence", write)
      for detection in self { chunks.line(detection.tsvLine(in: document), write) }
      chunks.flush(write)
    }
  }
}
