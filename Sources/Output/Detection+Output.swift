public import Detection
internal import Dispatch
public import TextModel

extension DetectionList {
  /// Writes `detect --format json`: one object with the file name, the count and every detection.
  public func writeJSON(file: String, in document: TextDocument, into json: inout JSONWriter) {
    writeJSON(file: file, in: document, into: &json, splitting: .default)
  }

  /// ``writeJSON(file:in:into:)``, the detections written on both cores as the blocks of a
  /// document's JSON are (``TextDocument/writeElements(count:converter:splitting:into:textLength:_:)``).
  func writeJSON(
    file: String, in document: TextDocument, into json: inout JSONWriter, splitting: TextDocument.Splitting
  ) {
    let converter = document.offsetConverter()
    json.object { json in
      json.member("file", file)
      json.member("count", count)
      json.key("detections")
      json.array { json in
        TextDocument.writeElements(
          count: count, converter: converter, splitting: splitting, into: &json, textLength: { range(at: $0).length }
        ) { index, converter, json in
          self[index].writeJSON(in: document, converter: &converter, into: &json)
        }
      }
    }
  }
}

extension DetectionList {
  /// Writes `detect --format jsonl`: each detection's JSON object on a line of its own, handed to
  /// `write` in pieces of whole lines, in order; on both cores from 8192 detections, split as a
  /// document's blocks are: the same bytes as one thread writes (`JSONLinesTests`).
  public func writeJSONLines(in document: TextDocument, _ write: ([UInt8]) -> Void) {
    writeJSONLines(in: document, splitting: .default, write)
  }

  /// Lines written into one buffer, one `JSONWriter` reused for each.
  private struct Lines {
    var json = JSONWriter()
    var bytes: [UInt8] = []
  }

  func writeJSONLines(in document: TextDocument, splitting: TextDocument.Splitting, _ write: ([UInt8]) -> Void) {
    let line: @Sendable (Int, inout TextOffsetConverter, inout Lines) -> Void = { position, converter, lines in
      lines.json.reset()
      self[position].writeJSON(in: document, converter: &converter, into: &lines.json)
      lines.bytes.append(contentsOf: lines.json.utf8)
      lines.bytes.append(0x0A)
    }
    var single = Lines()
    TextDocument.writeInSegments(
      count: count, converter: document.offsetConverter(), splitting: splitting,
      textLength: { range(at: $0).length }, part: Lines(), format: line,
      alone: { position, converter in
        line(position, &converter, &single)
        if single.bytes.count >= 1 << 16 {
          write(single.bytes)
          single.bytes.removeAll(keepingCapacity: true)
        }
      },
      finished: { lines in
        // Anything written alone comes before this segment.
        if !single.bytes.isEmpty {
          write(single.bytes)
          single.bytes.removeAll(keepingCapacity: true)
        }
        if !lines.bytes.isEmpty { write(lines.bytes) }
        lines.bytes.removeAll(keepingCapacity: true)
      })
    if !single.bytes.isEmpty { write(single.bytes) }
  }
}

extension Detection {
  /// Writes the detection as the JSON object of the CLI contract: kind, text, start, end (utf8, utf16,
  /// char), value, source, confidence, reason, severity (alerts) and the input line:column.
  public func writeJSON(in document: TextDocument, converter: inout TextOffsetConverter, into json: inout JSONWriter) {
    json.object { json in
      json.member("kind", kind.rawValue)
      document.writeRange(range, converter: &converter, into: &json)
      json.member("value", value)
      json.member("source", source.rawValue)
      json.key("confidence")
      json.number((confidence * 100).rounded() / 100)
      json.member("reason", reason)
      json.member("severity", severity?.rawValue)
    }
  }

  /// One tab-separated line: kind, start, end (UTF-8), line:column, text, value, source, confidence.
  /// Tabs and line breaks inside the text become spaces.
  public func tsvLine(in document: TextDocument) -> String {
    var text = String(document[range])
    if text.utf8.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
      text = String(text.map { $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 })
    }
    let (line, column) = document.sourceMap.lineAndColumn(
      forSourceOffset: document.sourceMap.sourceOffset(forTextOffset: range.start))
    return [
      kind.rawValue, String(range.start), String(range.end), "\(line):\(column)", text, value, source.rawValue,
      String((confidence * 100).rounded() / 100),
    ].joined(separator: "\t")
  }

  /// One human-readable line: `phone  12:5  (415) 555-0132  → tel:+14155550132`, with the reason when `explain`.
  public func textLine(in document: TextDocument, explain: Bool) -> String {
    let text = String(document[range].map { $0 == "\n" ? " " : $0 })
    let (line, column) = document.sourceMap.lineAndColumn(
      forSourceOffset: document.sourceMap.sourceOffset(forTextOffset: range.start))
    var result = "\(kind.rawValue) \(line):\(column) \(text) → \(value)"
    if explain { result += " (\(source.rawValue), \((confidence * 100).rounded() / 100): \(reason))" }
    return result
  }
}
