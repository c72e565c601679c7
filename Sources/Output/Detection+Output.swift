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
  /// `write` in pieces of whole lines, in order. From `parallelFrom` detections the lines are made
  /// on both cores, in segments of `segment` detections taken in turn by two threads, each with its
  /// own copy of the offset converter (the checkpoints, made once, are shared; a copy walks from
  /// the checkpoint before its next range, so it never walks the other thread's segments): the same
  /// bytes as one thread makes (`JSONLinesTests`), with at most two segments held.
  public func writeJSONLines(
    in document: TextDocument, parallelFrom: Int = 8192, segment: Int = 4096, _ write: ([UInt8]) -> Void
  ) {
    let converter = document.offsetConverter()
    guard count >= parallelFrom else {
      var converter = converter
      var start = 0
      var out: [UInt8] = []
      while start < count {
        let end = Swift.min(count, start + segment)
        jsonLines(start..<end, in: document, converter: &converter, into: &out)
        write(out)
        out.removeAll(keepingCapacity: true)
        start = end
      }
      return
    }
    nonisolated(unsafe) var converters = [converter, converter]
    nonisolated(unsafe) var buffers: [[UInt8]] = [[], []]
    var start = 0
    while start < count {
      let middle = Swift.min(count, start + segment)
      let end = Swift.min(count, middle + segment)
      let ranges = [start..<middle, middle..<end]
      converters.withUnsafeMutableBufferPointer { converters in
        buffers.withUnsafeMutableBufferPointer { buffers in
          nonisolated(unsafe) let (converters, buffers) = (converters, buffers)
          DispatchQueue.concurrentPerform(iterations: 2) { part in
            buffers[part].removeAll(keepingCapacity: true)
            jsonLines(ranges[part], in: document, converter: &converters[part], into: &buffers[part])
          }
        }
      }
      write(buffers[0])
      if !buffers[1].isEmpty { write(buffers[1]) }
      start = end
    }
  }

  /// The JSON lines of the detections at `range`, appended to `out`.
  private func jsonLines(
    _ range: Range<Int>, in document: TextDocument, converter: inout TextOffsetConverter, into out: inout [UInt8]
  ) {
    var json = JSONWriter()
    for position in range {
      json.reset()
      self[position].writeJSON(in: document, converter: &converter, into: &json)
      out.append(contentsOf: json.utf8)
      out.append(0x0A)
    }
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
