package import Detection
package import ParallelSupport
package import TextModel

extension DetectionList {
  /// Writes `detect --format json`: one object with the file name, the count and every detection;
  /// on the threads `parallelism` allows (the same bytes either way).
  package func writeJSON(
    file: String, in document: TextDocument, into json: inout JSONWriter, parallelism: Parallelism = .default
  ) {
    writeJSON(file: file, in: document, into: &json, splitting: .default.with(parallelism))
  }

  /// ``writeJSON(file:in:into:)``, the detections written on both cores as the blocks of a
  /// document's JSON are (``TextDocument/writeElements(count:converter:splitting:into:textLength:_:)``).
  func writeJSON(
    file: String, in document: TextDocument, into json: inout JSONWriter, splitting: TextDocument.Splitting
  ) {
    let converter = document.offsetConverter(splitting.parallelism)
    json.object { json in
      json.member("file", file)
      json.member("count", count)
      json.key("detections")
      json.array { json in writeElements(in: document, converter: converter, splitting: splitting, into: &json) }
    }
  }

  /// Every detection's object, as the elements of the array being written (`detections` of
  /// ``writeJSON(file:in:into:)``, the C ABI's array).
  func writeElements(
    in document: TextDocument, converter: TextOffsetConverter, splitting: TextDocument.Splitting = .default,
    into json: inout JSONWriter
  ) {
    TextDocument.writeElements(
      count: count, converter: converter, splitting: splitting, into: &json, textLength: { range(at: $0).length }
    ) { index, converter, json in
      json.bytes { appendJSON(at: index, in: document, converter: &converter, to: &$0) }
    }
  }
}

extension DetectionList {
  /// The JSON object of the detection at `position`, from its record: never made into a
  /// `Detection`, whose value string was built and released again per detection (both `detect`
  /// formats; the same bytes as ``Detection/writeJSON(in:converter:into:)``).
  func appendJSON(
    at position: Int, in document: TextDocument, converter: inout TextOffsetConverter, to bytes: inout [UInt8]
  ) {
    let (source, confidence, reason, severity) = details(at: position)
    valueBytes(at: position) { value in
      Detection.appendJSON(
        kind: kind(at: position), range: range(at: position), value: value, source: source, confidence: confidence,
        reason: reason, severity: severity, in: document, converter: &converter, to: &bytes)
    }
  }

  /// Writes `detect --format jsonl`: each detection's JSON object on a line of its own, handed to
  /// `write` in pieces of whole lines, in order; on both cores from 8192 detections, split as a
  /// document's blocks are: the same bytes as one thread writes (`JSONLinesTests`). `parallelism`
  /// says which threads may be used.
  package func writeJSONLines(
    in document: TextDocument, parallelism: Parallelism = .default, _ write: ([UInt8]) -> Void
  ) {
    writeJSONLines(in: document, splitting: .default.with(parallelism), write)
  }

  func writeJSONLines(in document: TextDocument, splitting: TextDocument.Splitting, _ write: ([UInt8]) -> Void) {
    let line: @Sendable (Int, inout TextOffsetConverter, inout [UInt8]) -> Void = { position, converter, lines in
      appendJSON(at: position, in: document, converter: &converter, to: &lines)
      lines.append(0x0A)
    }
    var single: [UInt8] = []
    TextDocument.writeInSegments(
      count: count, converter: document.offsetConverter(splitting.parallelism), splitting: splitting,
      textLength: { range(at: $0).length }, part: [UInt8](), format: line,
      alone: { position, converter in
        line(position, &converter, &single)
        if single.count >= 1 << 16 {
          write(single)
          single.removeAll(keepingCapacity: true)
        }
      },
      finished: { lines in
        // Anything written alone comes before this segment.
        if !single.isEmpty {
          write(single)
          single.removeAll(keepingCapacity: true)
        }
        if !lines.isEmpty { write(lines) }
        lines.removeAll(keepingCapacity: true)
      })
    if !single.isEmpty { write(single) }
  }
}

extension Detection {
  /// Writes the detection as the JSON object of the CLI contract: kind, text, start, end (utf8, utf16,
  /// char), value, source, confidence, reason, severity (alerts) and the input line:column.
  package func writeJSON(in document: TextDocument, converter: inout TextOffsetConverter, into json: inout JSONWriter) {
    json.bytes { appendJSON(in: document, converter: &converter, to: &$0) }
  }

  /// ``writeJSON(in:converter:into:)``'s object as bytes, from literal templates (a JSON line of
  /// `detect --format jsonl` is this and a line feed); the same bytes as the writer's member calls
  /// (`JSONTemplateTests`).
  func appendJSON(in document: TextDocument, converter: inout TextOffsetConverter, to bytes: inout [UInt8]) {
    var value = value
    value.withUTF8 { value in
      Self.appendJSON(
        kind: kind, range: range, value: value, source: source, confidence: confidence, reason: reason,
        severity: severity, in: document, converter: &converter, to: &bytes)
    }
  }

  /// ``appendJSON(in:converter:to:)`` from a detection's fields, the value as UTF-8 bytes (a
  /// ``DetectionList`` writes its records without making detections). The one place the shape of a
  /// detection's object is written: two templates, each through one cursor while its values are
  /// short (one room of under a KiB, on the stack, for the usual line), else piece by piece.
  static func appendJSON(
    kind: DetectionKind, range: TextRange, value: UnsafeBufferPointer<UInt8>, source: DetectionSource,
    confidence: Double, reason: String, severity: AlertSeverity?, in document: TextDocument,
    converter: inout TextOffsetConverter, to bytes: inout [UInt8]
  ) {
    document.appendRange(range, converter: &converter, to: &bytes, lead: DetectionLead(kind: kind.rawValue))
    var reason = reason
    reason.withUTF8 { reason in
      bytes.append(
        template: DetectionTail(
          value: value, source: source.rawValue, confidence: (confidence * 100).rounded() / 100, reason: reason,
          severity: severity?.rawValue))
    }
  }

  /// One tab-separated line: kind, start, end (UTF-8), line:column (`entry:line:column` in a book),
  /// text, value, source, confidence.
  /// Tabs and line breaks inside the text become spaces.
  package func tsvLine(in document: TextDocument) -> String {
    var text = String(document[range])
    if text.utf8.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
      text = String(text.map { $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 })
    }
    return [
      kind.rawValue, String(range.start), String(range.end), document.sourceMap.inputPlace(forTextOffset: range.start),
      text, value, source.rawValue,
      String((confidence * 100).rounded() / 100),
    ].joined(separator: "\t")
  }

  /// One human-readable line: `phone  12:5  (415) 555-0132  → tel:+14155550132` (in a book,
  /// `phone OEBPS/ch1.xhtml:12:5 …`), with the reason when `explain`.
  package func textLine(in document: TextDocument, explain: Bool) -> String {
    let text = String(document[range].map { $0 == "\n" ? " " : $0 })
    var result = "\(kind.rawValue) \(document.sourceMap.inputPlace(forTextOffset: range.start)) \(text) → \(value)"
    if explain { result += " (\(source.rawValue), \((confidence * 100).rounded() / 100): \(reason))" }
    return result
  }
}

/// The opening of a detection's object, before its range's members: `{"kind":"phone",`.
private struct DetectionLead: JSONTemplate {
  var kind: String

  func write(into output: inout some JSONTemplateOutput) {
    output.literal("{\"kind\":")
    output.quoted(kind)
    output.byte(UInt8(ascii: ","))
  }
}

/// The rest of a detection's object, after its range's members: value, source, confidence (rounded
/// to hundredths), reason, severity (alerts) and the closing brace.
private struct DetectionTail: JSONTemplate {
  var value: UnsafeBufferPointer<UInt8>
  var source: String
  var confidence: Double
  var reason: UnsafeBufferPointer<UInt8>
  var severity: String?

  func write(into output: inout some JSONTemplateOutput) {
    output.literal(",\"value\":\"")
    output.escaped(value)
    output.literal("\",\"source\":")
    output.quoted(source)
    output.literal(",\"confidence\":")
    output.number(confidence)
    output.literal(",\"reason\":\"")
    output.escaped(reason)
    output.byte(UInt8(ascii: "\""))
    if let severity {
      output.literal(",\"severity\":")
      output.quoted(severity)
    }
    output.byte(UInt8(ascii: "}"))
  }
}
