internal import CLibXML2
internal import TextModel

/// Drives one libxml2 push parse. Subclasses decide what elements mean.
///
/// libxml2 calls back into `startElement`, `endElement` and `characters` while `feed` runs; the
/// session turns those calls into ``MarkupAssembler`` events. No DOM is built.
///
/// The mutable state of the sessions is `@exclusivity(unchecked)`: a class's stored properties are
/// otherwise checked at run time on every access (a thread-local access set: 5% of reading a large
/// page), and nothing here can overlap two accesses — a session is used by one thread, and libxml2
/// calls back only from `htmlParseChunk`/`xmlParseChunk`, which no access is open around.
class SAXSession {
  @exclusivity(unchecked) var assembler: MarkupAssembler
  @exclusivity(unchecked) var documentLanguage: String?
  /// Set by the subclass when it creates its parser context.
  @exclusivity(unchecked) var context: OpaquePointer?
  /// Decodes the input to UTF-8 for libxml2 (made from the first chunk; see SAXSession+Decoding.swift).
  @exclusivity(unchecked) var decoder: InputDecoder?
  var callbacks = clx_callbacks()
  let name: String
  /// The length-preserving pass that runs before libxml2 (attribute cap; HTML's lossy tokens).
  @exclusivity(unchecked) var filter: MarkupFilter
  /// Input bytes received so far (for the input size limit).
  @exclusivity(unchecked) var inputBytes = 0
  /// Element and attribute names made into strings once per distinct name.
  let names = NameTable()
  /// Reading on two threads (``SAXPipeline``), on the reading thread: the batch the callbacks record
  /// into.
  @exclusivity(unchecked) var recording: SAXBatch? {
    didSet { recordingReference = recording.map { Unmanaged.passUnretained($0) } }
  }
  /// ``recording`` without ownership, for the callbacks: reading the strong reference retained and
  /// released the batch on every event (`recording` keeps it alive while it is set).
  @exclusivity(unchecked) private(set) var recordingReference: Unmanaged<SAXBatch>?
  /// Reading on two threads, on the building thread, which prepares the input: its line starts, kept
  /// apart from the builder's source map (adopted after the parse).
  @exclusivity(unchecked) var inputLines: SourceMap?
  /// Set by `decodeInput` when decoded offsets differ from the input's (see ``SAXEvent/keepAnchors``).
  @exclusivity(unchecked) var decodedKeepsAnchors = false
  /// Where the parser was at the event being handled, when that is not where it is now: the event
  /// was recorded earlier (a batch replayed on the building thread), or it is text, which ends
  /// where ``parserTextEnd(_:count:)`` says.
  @exclusivity(unchecked) var eventConsumed: Int?

  init(name: String, options: ReaderOptions, mode: MarkupFilter.Mode) {
    self.name = name
    assembler = MarkupAssembler(maximumDepth: options.maximumDepth)
    filter = MarkupFilter(mode: mode, maximumAttributes: options.maximumAttributes)
    // Each callback borrows the session and the batch (`_withUnsafeGuaranteedRef`: libxml2 calls
    // back only while `feed` runs, which holds both), so an event costs no retain or release.
    callbacks.startElement = { context, name, attributes in
      guard let context else { return }
      Unmanaged<SAXSession>.fromOpaque(context)._withUnsafeGuaranteedRef { session in
        let element = session.names.element(name)
        let attributes = ElementAttributes(attributes, names: session.names)
        if let batch = session.recordingReference {
          let consumed = session.parserConsumed()
          batch._withUnsafeGuaranteedRef { $0.events.append(.start(element, attributes, consumed: consumed)) }
        } else {
          session.handleStart(element, attributes)
        }
      }
    }
    callbacks.endElement = { context, name in
      guard let context else { return }
      Unmanaged<SAXSession>.fromOpaque(context)._withUnsafeGuaranteedRef { session in
        let element = session.names.element(name)
        if let batch = session.recordingReference {
          let consumed = session.parserConsumed()
          batch._withUnsafeGuaranteedRef { $0.events.append(.end(element, consumed: consumed)) }
        } else {
          session.handleEnd(element)
        }
      }
    }
    callbacks.characters = { context, text, length in
      guard let context, length > 0 else { return }
      Unmanaged<SAXSession>.fromOpaque(context)._withUnsafeGuaranteedRef { session in
        let bytes = UnsafeBufferPointer(start: text, count: Int(length))
        // Where the text ends, not where the parser is: libxml2's XML fast path calls back before
        // it moves past the text (clx_text_end).
        let end = session.parserTextEnd(text, count: length)
        if let batch = session.recordingReference {
          batch._withUnsafeGuaranteedRef { batch in
            let start = batch.text.count
            batch.text.append(contentsOf: bytes)
            batch.events.append(.text(start..<batch.text.count, consumed: end))
          }
        } else {
          session.eventConsumed = end
          session.handleText(bytes)
          session.eventConsumed = nil
        }
      }
    }
    callbacks.error = { context, level, line, column, message in
      guard let context else { return }
      let session = Unmanaged<SAXSession>.fromOpaque(context).takeUnretainedValue()
      if let batch = session.recording {
        // Only the first `listedErrors` are listed (handleError): the rest are not even recorded
        // (an HTML5 page read by libxml2 2.9 has an error per <section>, <nav>, <main>…).
        session.recordedErrors += 1
        guard session.recordedErrors <= SAXSession.listedErrors else { return }
        let text = message.map { String(cString: $0) } ?? "error"
        batch.events.append(.error(level: Int(level), line: Int(line), column: Int(column), message: text))
      } else {
        let text = message.map { String(cString: $0) } ?? "error"
        session.handleError(level: Int(level), line: Int(line), column: Int(column), message: text)
      }
    }
  }

  /// What an element means; subclasses override.
  func meaning(of name: ElementName, _ attributes: ElementAttributes) -> ElementMeaning { ElementMeaning() }

  /// The input byte offset the parser has reached (in original input bytes).
  var sourceOffset: Int { sourceOffset(backBy: 0) }

  /// The offset `count` bytes before where the parser is, in the bytes the parser was fed (decoded
  /// UTF-8; `finishDecoding` maps them back to input offsets).
  func sourceOffset(backBy count: Int) -> Int {
    max(0, (eventConsumed ?? parserConsumed()) - count)
  }

  /// Where libxml2 is, in the bytes it was fed (on the thread that runs it).
  func parserConsumed() -> Int {
    guard let context else { return 0 }
    // libxml2's count can run past the bytes it was given (seen with a truncated `<?xml … encodin`
    // processing instruction read by the HTML parser: 23 bytes over); a position is never past them.
    return min(Int(clx_bytes_consumed(context)), fedBytes)
  }

  /// Where text handed to a callback ends, in the bytes fed to the parser (on the thread that runs
  /// it); never past them.
  func parserTextEnd(_ text: UnsafePointer<UInt8>, count: Int32) -> Int {
    guard let context else { return 0 }
    return min(Int(clx_text_end(context, text, count)), fedBytes)
  }

  /// Replays a batch recorded on the reading thread, as if libxml2 were calling back now.
  func replay(_ batch: SAXBatch) {
    for index in batch.events.indices {
      // Each event is moved out, a payload-free one left in its place: a copy retained and
      // released its strings and arrays once more.
      var event = SAXEvent.keepAnchors
      swap(&event, &batch.events[index])
      switch consume event {
      case .start(let name, let attributes, let consumed):
        eventConsumed = consumed
        handleStart(name, attributes)
      case .end(let name, let consumed):
        eventConsumed = consumed
        handleEnd(name)
      case .text(let range, let consumed):
        eventConsumed = consumed
        batch.text.withUnsafeBufferPointer { handleText(UnsafeBufferPointer(rebasing: $0[range])) }
      case .error(let level, let line, let column, let message):
        handleError(level: level, line: line, column: column, message: message)
      case .keepAnchors:
        assembler.builder.sourceMap.skipsPredictedAnchors = false
      }
    }
  }

  /// Bytes handed to libxml2 so far (decoded, filtered): the upper bound of any parser position.
  @exclusivity(unchecked) var fedBytes = 0

  /// The input line and column of an offset in the bytes fed to libxml2.
  func lineAndColumn(ofParserOffset offset: Int) -> (line: Int, column: Int) {
    // Call after finishDecoding(), which maps the line starts back to the input.
    let source = decoder.map { $0.isIdentity ? offset : $0.originalOffset(offset) } ?? offset
    return assembler.builder.sourceMap.lineAndColumn(forSourceOffset: source)
  }

  /// Adds the diagnostics of limits hit while reading: attributes cut by the filter, nesting too deep.
  func reportLimits() {
    for cut in filter.cuts {
      let (line, column) = lineAndColumn(ofParserOffset: cut.offset)
      assembler.builder.diagnostics.append(
        Diagnostic(
          .warning,
          "element <\(cut.name)> has more than \(filter.maximumAttributes) attributes: "
            + "\(cut.dropped) attribute(s) after the first \(filter.maximumAttributes) were dropped (limit: --max-attributes)",
          line: line, column: column, changesText: true))
    }
    if filter.cutCount > filter.cuts.count {
      assembler.builder.diagnostics.append(
        Diagnostic(
          .warning,
          "\(filter.cutCount - filter.cuts.count) more element(s) had attributes dropped (limit: --max-attributes)",
          changesText: true))
    }
    if let offset = assembler.tooDeepOffset {
      let (line, column) = lineAndColumn(ofParserOffset: offset)
      assembler.builder.diagnostics.append(
        Diagnostic(
          .warning,
          "elements nested deeper than \(assembler.maximumDepth) levels keep their text but not their "
            + "structure (limit: --max-depth)", line: line, column: column, changesText: true))
    }
  }

  func handleStart(_ name: ElementName, _ attributes: ElementAttributes) {
    var meaning = meaning(of: name, attributes)
    if !meaning.skip, !assembler.isSkipping, let language = attributes[.lang] ?? attributes[.xmlLang],
      !language.isEmpty
    {
      if documentLanguage == nil && (assembler.depth <= 1) {
        documentLanguage = language
      } else {
        meaning.runs.insert(.language(language), at: 0)
      }
    }
    assembler.start(name.string, meaning: meaning, sourceOffset: sourceOffset)
  }

  func handleEnd(_ name: ElementName) { assembler.end(name.string, sourceOffset: sourceOffset) }

  func handleText(_ text: UnsafeBufferPointer<UInt8>) {
    // libxml2 reports text once it has scanned it, so the text started `count` bytes back.
    assembler.text(text, sourceOffset: sourceOffset(backBy: text.count))
  }

  @exclusivity(unchecked) private var errorCount = 0
  /// Errors recorded on the reading thread (see ``SAXPipeline``).
  @exclusivity(unchecked) var recordedErrors = 0
  /// How many of libxml2's problems are listed as diagnostics.
  static let listedErrors = 100
  /// Starts counting libxml2's problems afresh (a re-read reports them again).
  func resetErrorCount() { errorCount = 0 }
  func handleError(level: Int, line: Int, column: Int, message: String) {
    var column = column
    errorCount += 1
    guard errorCount <= Self.listedErrors else { return }
    var trimmed = message.split(whereSeparator: \.isNewline).joined(separator: " ")
    var severity: Diagnostic.Severity = level >= 2 ? .error : .warning
    var changesText = false
    if trimmed == "Sequence ']]>' not allowed in content" {
      // libxml2 2.9 (xmlParseCharData) also drops the text between the previous markup and the "]]>".
      trimmed += ": libxml2 drops the text just before it"
      changesText = true
    }
    if trimmed.hasPrefix("Entity '") && trimmed.hasSuffix("' not defined") {
      // Why the reference was left out (asked while libxml2 runs: clibxml2.c keeps the declarations).
      let name = String(trimmed.dropFirst(8).dropLast(13))
      switch clx_entity_kind(name) {
      case clx_entity_over_limit:
        let limit = clx_entity_expansion_limit(Int(fedBytes))
        trimmed =
          "entity '\(name)' was not expanded: the document's entities would expand to more than \(limit) bytes "
          + "(10 MB plus ten times the input; an entity expansion attack such as billion laughs); its text is left out"
      case clx_entity_external:
        trimmed =
          "external entity '\(name)' was not loaded (external entities never are, for safety); its text is left out"
      default:
        trimmed = "entity '\(name)' is not declared in the document; its text is left out"
      }
      severity = .warning
      changesText = true
      // libxml2 reports the place after the reference: name its "&".
      if column > name.utf8.count + 2 { column -= name.utf8.count + 2 }
    }
    assembler.builder.diagnostics.append(
      Diagnostic(
        severity, errorCount == Self.listedErrors ? "\(trimmed) (further problems not listed)" : trimmed,
        line: line > 0 ? line : nil, column: column > 0 ? column : nil, changesText: changesText))
  }

  /// Scans the raw chunk for line starts (for line:column mapping).
  func noteInput(_ chunk: UnsafeRawBufferPointer) {
    if inputLines != nil {
      inputLines!.scanLines(chunk)
    } else {
      assembler.builder.sourceMap.scanLines(chunk)
    }
  }
}
