package import ParallelSupport
@_spi(Plumbing) package import TextModel

extension TextDocument {
  /// The whole model as JSON: text, title, language, blocks, runs and diagnostics, with every
  /// range given in UTF-8, UTF-16 and Character offsets and mapped to the input's line:column.
  package func jsonString() -> String {
    var json = JSONWriter()
    writeJSON(into: &json)
    return json.output
  }

  /// Writes the model of ``jsonString()`` into `json`; a streaming writer passes it on as it grows.
  /// Long lists are formatted on the threads `parallelism` allows (the same bytes either way).
  package func writeJSON(into json: inout JSONWriter, parallelism: Parallelism = .default) {
    writeJSON(into: &json, splitting: .default.with(parallelism))
  }

  /// How ``writeJSON(into:)`` and the detection writers split their elements between two threads
  /// (see ``writeInSegments(count:converter:splitting:textLength:part:format:alone:finished:)``);
  /// tests split small documents.
  struct Splitting: Sendable {
    var parallelFrom = 8192
    var segment = 4096
    var segmentText = 512 << 10
    var largeText = 64 << 10
    /// The threads the segments are formatted on; serial writes every element in turn.
    var parallelism = Parallelism.default
    static let `default` = Splitting()

    /// These splitting sizes on the threads `parallelism` allows.
    func with(_ parallelism: Parallelism) -> Splitting {
      var splitting = self
      splitting.parallelism = parallelism
      return splitting
    }
  }

  func writeJSON(into json: inout JSONWriter, splitting: Splitting) {
    let converter = offsetConverter(splitting.parallelism)
    json.object { json in
      json.member("format", format.rawValue)
      json.member("title", title)
      json.member("language", language)
      if !metadata.isEmpty {
        json.key("metadata")
        json.array { json in
          for item in metadata {
            json.object { json in
              json.member("name", item.name)
              json.member("value", item.value)
            }
          }
        }
      }
      json.key("text")
      json.string(text)
      json.key("blocks")
      json.array { json in
        Self.writeElements(
          count: blocks.count, converter: converter, splitting: splitting, into: &json,
          textLength: { blocks[$0].range.length }
        ) { index, converter, json in
          writeBlock(blocks[index], converter: &converter, into: &json)
        }
      }
      json.key("runs")
      json.array { json in
        Self.writeElements(
          count: runs.count, converter: converter, splitting: splitting, into: &json,
          textLength: { runs[$0].range.length }
        ) { index, converter, json in
          writeRun(runs[index], converter: &converter, into: &json)
        }
      }
      json.key("diagnostics")
      json.array { json in
        for diagnostic in diagnostics {
          json.object { json in
            json.member("severity", diagnostic.severity.rawValue)
            json.member("message", diagnostic.message)
            if let line = diagnostic.line { json.member("line", line) }
            if let column = diagnostic.column { json.member("column", column) }
            if let entry = diagnostic.entry { json.member("entry", entry) }
          }
        }
      }
    }
  }

  private func writeBlock(_ block: Block, converter: inout TextOffsetConverter, into json: inout JSONWriter) {
    json.object { json in
      json.member("kind", block.kind.name)
      if let level = block.kind.headingLevel { json.member("level", level) }
      switch block.kind {
      case .landmark(let landmark): json.member("landmark", landmark.rawValue)
      case .list(let ordered): json.key("ordered"); json.bool(ordered)
      case .tableCell(let header): json.key("header"); json.bool(header)
      default: break
      }
      json.member("label", block.label)
      json.member("depth", block.depth)
      writeRange(block.range, converter: &converter, into: &json)
    }
  }

  private func writeRun(_ run: AttributeRun, converter: inout TextOffsetConverter, into json: inout JSONWriter) {
    json.object { json in
      json.member("attribute", run.attribute.name)
      switch run.attribute {
      case .link(let target, let name):
        json.member("target", target)
        json.member("name", name)
      case .emphasis(let style): json.member("style", style.rawValue)
      case .language(let tag): json.member("language", tag)
      case .detectedLanguage(let tag, let confidence):
        json.member("language", tag)
        json.key("detected")
        json.bool(true)
        json.key("confidence")
        json.number((confidence * 100).rounded() / 100)
      case .alert(let severity, let kind):
        json.member("severity", severity.rawValue)
        json.member("marking", kind)
      case .abbreviation(let expansion): json.member("expansion", expansion)
      case .image(let source): json.member("source", source)
      case .speech(let hint): json.member("hint", hint.rawValue)
      case .time(let datetime): json.member("datetime", datetime)
      case .edit(let kind): json.member("edit", kind.rawValue)
      case .code: break
      }
      writeRange(run.range, converter: &converter, into: &json)
    }
  }

  /// The elements of an array, `count` of them, written by `element` into `json`, in order, through
  /// ``writeInSegments(count:converter:splitting:textLength:part:format:alone:finished:)``: the
  /// bytes one thread writes (`DocumentJSONTests`).
  static func writeElements(
    count: Int, converter: TextOffsetConverter, splitting: Splitting, into json: inout JSONWriter,
    textLength: (Int) -> Int,
    _ element: @escaping @Sendable (Int, inout TextOffsetConverter, inout JSONWriter) -> Void
  ) {
    writeInSegments(
      count: count, converter: converter, splitting: splitting, textLength: textLength, part: JSONWriter(),
      format: element, alone: { index, converter in element(index, &converter, &json) },
      finished: { part in
        json.values(writtenBy: part)
        part.reset()
      })
  }

  /// Writes elements `0..<count` in order. From `parallelFrom` of them, on both cores, through
  /// `produceInOrder`: each thread takes the next segment and formats it into a `part` with a copy
  /// of `converter` (the checkpoints, made once, are shared, and a copy walks from the checkpoint
  /// before its next range, so it never walks the other thread's segments); `finished` gets each
  /// segment's part in order (on either thread, one at a time), and empties it. A segment holds at
  /// most `segment` elements and `segmentText` bytes of their text (each element's JSON holds its
  /// text); an element with more text than `largeText` (a `main` landmark holds the whole page) goes
  /// to `alone`, in its place in the order, so the parts held stay small. Below `parallelFrom`,
  /// every element goes to `alone`, on this thread.
  static func writeInSegments<Part>(
    count: Int, converter: TextOffsetConverter, splitting: Splitting, textLength: (Int) -> Int, part: Part,
    format: @escaping @Sendable (Int, inout TextOffsetConverter, inout Part) -> Void,
    alone: (Int, inout TextOffsetConverter) -> Void, finished: (inout Part) -> Void
  ) {
    let (segment, segmentText, largeText) = (splitting.segment, splitting.segmentText, splitting.largeText)
    guard !splitting.parallelism.isSerial, count >= splitting.parallelFrom else {
      var converter = converter
      for index in 0..<count { alone(index, &converter) }
      return
    }
    // The segments in order; a large element is one of its own, written alone.
    var segments: [(elements: Range<Int>, alone: Bool)] = []
    var start = 0
    while start < count {
      if textLength(start) > largeText {
        segments.append((start..<start + 1, true))
        start += 1
        continue
      }
      var end = start
      var text = 0
      while end < count && end - start < segment && text < segmentText {
        let length = textLength(end)
        if length > largeText { break }
        text += length
        end += 1
      }
      segments.append((start..<end, false))
      start = end
    }
    // Before this, two segments were formatted at a time and written while the other core waited:
    // a third of both cores idle while `detect --format jsonl` wrote a 10 MB text's lines (issue 15).
    let initial = (converter, part)
    let segmentList = segments
    var aloneConverter = converter
    produceInOrder(count: segments.count, window: 3, parallelism: splitting.parallelism) {
      (index: Int, spare: (TextOffsetConverter, Part)?) -> (TextOffsetConverter, Part)? in
      guard !segmentList[index].alone else { return nil }
      // A part's storage grows once and is used again; its converter only moves forward.
      var (converter, part) = spare ?? initial
      for element in segmentList[index].elements { format(element, &converter, &part) }
      return (converter, part)
    } consume: { index, formatted in
      guard let (converter, formattedPart) = formatted else {
        alone(segmentList[index].elements.lowerBound, &aloneConverter)
        return nil
      }
      var part = formattedPart
      finished(&part)
      return (converter, part)
    }
  }

  /// Writes `"text"`, `"start"`, `"end"` (each with utf8, utf16, char) and `"input"` (the input byte offset, line and column).
  package func writeRange(_ range: TextRange, converter: inout TextOffsetConverter, into json: inout JSONWriter) {
    // The text through the writer, which streams a long one in pieces (a `main` landmark holds the
    // whole page); the offsets from templates.
    json.key("text")
    json.string(self[range])
    json.bytes { appendOffsets(range, converter: &converter, to: &$0) }
  }

  /// ``writeRange(_:converter:into:)``'s members as bytes, from literal templates: every block, run
  /// and detection writes them, and as ten `key(_:)` and value calls they were most of `detect
  /// --format jsonl`'s output time (issue 15). The same bytes as the writer's calls
  /// (`JSONTemplateTests`). The text is written whole: for values that are not streamed.
  ///
  /// `lead` is written before the members (a detection's kind, say) and `closing` closes the object
  /// after them. While the text is short all of it goes through one cursor, one room and one copy
  /// (a dozen appends, each checking the array's capacity and uniqueness, were most of a JSON
  /// line); a longer text is escaped in pieces between (`Array.append(template:)`).
  func appendRange(
    _ range: TextRange, converter: inout TextOffsetConverter, to bytes: inout [UInt8],
    lead: some JSONTemplate = EmptyJSON(), closing: Bool = false
  ) {
    let offsets = offsets(of: range, converter: &converter)
    withUTF8(of: range) { text in
      bytes.append(template: RangeMembers(lead: lead, text: text, offsets: offsets, closing: closing))
    }
  }

  /// The offsets of `range`: the converter moves forward to its start and end, and its hint finds
  /// the input byte, line and column.
  private func offsets(of range: TextRange, converter: inout TextOffsetConverter) -> RangeOffsets {
    let start = converter.position(advancingTo: range.start)
    let end = converter.position(advancingTo: range.end)
    let byte = sourceMap.sourceOffset(forTextOffset: range.start, hint: &converter.sourceHint)
    let (line, column) = sourceMap.lineAndColumn(forSourceOffset: byte, hint: &converter.sourceHint)
    // A container's chapter or part: its entry, and the line and column inside it.
    if !sourceMap.parts.isEmpty, let part = sourceMap.partLocation(forSourceOffset: byte) {
      return RangeOffsets(
        start: start, end: end, byte: byte, line: part.line, column: part.column, entry: part.name)
    }
    return RangeOffsets(start: start, end: end, byte: byte, line: line, column: column)
  }

  /// The `"start"`, `"end"` and `"input"` members of a range, through one cursor.
  private func appendOffsets(_ range: TextRange, converter: inout TextOffsetConverter, to bytes: inout [UInt8]) {
    bytes.append(template: offsets(of: range, converter: &converter))
  }
}

/// A template that writes nothing (a range's members with nothing before them).
struct EmptyJSON: JSONTemplate {
  func write(into output: inout some JSONTemplateOutput) {}
}

/// The input and text positions of a range, worked out before a template writes them; as a
/// template, the `"start"`, `"end"` and `"input"` members.
struct RangeOffsets: JSONTemplate {
  var start: TextPosition
  var end: TextPosition
  var byte: Int
  var line: Int
  var column: Int
  /// The container entry the input position is in (an EPUB chapter, a DOCX part), nil for one input.
  var entry: String? = nil

  func write(into output: inout some JSONTemplateOutput) {
    output.literal("\"start\":")
    Self.writeThree("{\"utf8\":", start.utf8, ",\"utf16\":", start.utf16, ",\"char\":", start.char, into: &output)
    output.literal(",\"end\":")
    Self.writeThree("{\"utf8\":", end.utf8, ",\"utf16\":", end.utf16, ",\"char\":", end.char, into: &output)
    output.literal(",\"input\":")
    Self.writeThree(
      "{\"byte\":", byte, ",\"line\":", line, ",\"column\":", column, into: &output, closing: entry == nil)
    if let entry {
      output.literal(",\"entry\":\"")
      var entry = entry
      entry.withUTF8 { output.escaped($0) }
      output.literal("\"}")
    }
  }

  /// Three numbers, each after its literal (the object's opening and keys), and the closing brace.
  @inline(__always)
  private static func writeThree(
    _ first: StaticString, _ a: Int, _ second: StaticString, _ b: Int, _ third: StaticString, _ c: Int,
    into output: inout some JSONTemplateOutput, closing: Bool = true
  ) {
    output.literal(first)
    output.decimal(a)
    output.literal(second)
    output.decimal(b)
    output.literal(third)
    output.decimal(c)
    if closing { output.byte(UInt8(ascii: "}")) }
  }
}

/// A range's members after `lead`: `"text"` (escaped) and the offsets, and a closing brace when
/// `closing`.
struct RangeMembers<Lead: JSONTemplate>: JSONTemplate {
  var lead: Lead
  var text: UnsafeBufferPointer<UInt8>
  var offsets: RangeOffsets
  var closing: Bool

  func write(into output: inout some JSONTemplateOutput) {
    output.write(lead)
    output.literal("\"text\":\"")
    output.escaped(text)
    output.literal("\",")
    output.write(offsets)
    if closing { output.byte(UInt8(ascii: "}")) }
  }
}
