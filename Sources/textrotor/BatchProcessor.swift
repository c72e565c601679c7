import Detection
import DocumentParsing
import Output
import ParallelSupport
import Speech
import TextModel

/// Turns one `batch` input line into its result line: the detections `detect --format jsonl` would
/// print for the document (with the same options), and its speech when asked, as `speak` renders it.
///
/// A result:  `{"id":…,"line":N,"format":"html","detections":[…],"speech":"…","warnings":[…]}`
/// An error:  `{"id":…,"line":N,"error":{"kind":"request"|"read","message":"…"}}`
/// (docs/schema/batch-result.schema.json). `speech` appears only when asked, `warnings` only when a
/// limit was hit. Pure: safe to call from several threads at once.
struct BatchProcessor: Sendable {
  var reader: ReaderOptions
  var maximumDetections: Int
  /// Where `path` requests may read (`--root`); nil refuses them all.
  var root: BatchRoot?

  /// The result line for input line `number` (1-based), without its line break.
  func result(for line: ArraySlice<UInt8>, number: Int) -> (json: [UInt8], failed: Bool) {
    var json = JSONWriter()
    let request: BatchRequest
    do {
      request = try BatchRequest.parse(line.isEmpty ? [0x20] : line)
    } catch {
      let message = line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D } ? "empty line" : error.message
      writeError(id: error.id, line: number, kind: "request", message: message, into: &json)
      return (json.utf8, true)
    }
    var options = reader
    if let locale = request.locale { options.defaultLanguage = locale }
    let document: TextDocument
    do throws(ReadError) {
      switch request.source {
      case .path(let path):
        guard let root else {
          writeError(
            id: request.id, line: number, kind: "request",
            message: "\"path\" requests are refused without --root DIR (batch reads files only beneath it)",
            into: &json)
          return (json.utf8, true)
        }
        let file: String
        do throws(BatchRoot.Refusal) { file = try root.resolve(path) } catch {
          writeError(id: request.id, line: number, kind: error.kind, message: error.message, into: &json)
          return (json.utf8, true)
        }
        document = try DocumentReader(options: options).read(path: file, format: request.format)
      case .content(let content):
        document = try DocumentReader(options: options).read(
          bytes: Array(content.utf8), format: request.format, name: "content of id \(request.id.text)")
      }
    } catch {
      writeError(id: request.id, line: number, kind: "read", message: error.description, into: &json)
      return (json.utf8, true)
    }
    // As `detect`: languages are identified only where a national phone number needs a region.
    let detector = DocumentDetector(
      options: .init(kinds: request.kinds, region: request.region, maximumDetections: maximumDetections))
    var diagnostics: [Diagnostic] = []
    let detections = detector.detect(in: document, diagnostics: &diagnostics)
    var speech: String?
    if let format = request.speak {
      // As `speak`: the document with identified languages, every kind detected, the locale as default.
      let annotated = LanguageIdentifier().annotating(document)
      // Every detection: the limit bounds the "detections" written, not how speech reads the text.
      let all = DocumentDetector(options: .init(maximumDetections: Int.max)).detect(in: annotated)
      let script = SpeechRenderer(document: annotated, detections: all, options: SpeechOptions(locale: request.locale))
        .render(nil)
      speech = format == .ssml ? script.ssml() : script.plainText()
    }
    // Each request's document as one command's (two threads), beside `--jobs` requests at once.
    var converter = document.offsetConverter(.default)
    json.object { json in
      request.id.write(into: &json)
      json.member("line", number)
      json.member("format", document.format.rawValue)
      json.key("detections")
      json.array { json in
        for detection in detections { detection.writeJSON(in: document, converter: &converter, into: &json) }
      }
      if let speech { json.member("speech", speech) }
      if !diagnostics.isEmpty {
        json.key("warnings")
        json.array { json in for diagnostic in diagnostics { json.string(diagnostic.description) } }
      }
    }
    return (json.utf8, false)
  }

  /// The error result for a line longer than `--max-line-bytes` (it was not kept).
  func tooLong(length: Int, maximum: Int, number: Int) -> (json: [UInt8], failed: Bool) {
    var json = JSONWriter()
    writeError(
      id: nil, line: number, kind: "request",
      message: "line of \(length) bytes is longer than --max-line-bytes (\(maximum))", into: &json)
    return (json.utf8, true)
  }

  private func writeError(
    id: BatchRequest.Identifier?, line: Int, kind: String, message: String, into json: inout JSONWriter
  ) {
    json.object { json in
      if let id { id.write(into: &json) } else { json.key("id"); json.null() }
      json.member("line", line)
      json.key("error")
      json.object { json in
        json.member("kind", kind)
        json.member("message", message)
      }
    }
  }
}

extension BatchRequest.Identifier {
  /// The id as written in messages.
  var text: String {
    switch self {
    case .string(let string): "\"\(string)\""
    case .integer(let integer): String(integer)
    }
  }

  func write(into json: inout JSONWriter) {
    switch self {
    case .string(let string): json.member("id", string)
    case .integer(let integer): json.member("id", integer)
    }
  }
}
