internal import CLibXML2
internal import TextModel

/// The parser side of one markup read: a libxml2 push parser and the events it reports, recorded
/// into a ``SAXBatch`` that ``takeBatch(leaving:)`` hands to the building side (``SAXBuilder``).
///
/// It owns the parser context, its callbacks, the ``NameTable``, the bytes fed so far, the held-back
/// bytes (``ChunkHoldBack``) and the count of listed problems. Exactly one thread uses it: the thread
/// that reads a page on one core, or the parsing thread of a ``SAXPipeline`` (which takes it before
/// it starts and gives nothing of it back). Nothing of the document being built is reachable from
/// here: what libxml2 reports leaves only as events.
///
/// The stored properties skip the run-time exclusivity checks (on a class they cost a thread-local
/// access set per access, ~5% of reading a large page): one thread uses a parser, and libxml2 calls
/// back only from inside `parse`, around which no access is open.
final class SAXParser {
  /// Which of libxml2's parsers runs.
  enum Dialect {
    case html, xml
  }

  let dialect: Dialect
  /// The document's name, as libxml2 reports it in errors.
  let name: String
  /// The push parser (nil when libxml2 could not make one, and between the XML reads).
  @exclusivity(unchecked) private(set) var context: OpaquePointer?
  private let callbacksPointer: UnsafeMutablePointer<clx_callbacks>
  /// Element and attribute names made into strings once per distinct name.
  private let names = NameTable()
  /// The events recorded since the last ``takeBatch(leaving:)``.
  @exclusivity(unchecked) private var batch = SAXBatch()
  /// Bytes handed to libxml2 so far (decoded, filtered): the upper bound of any parser position.
  @exclusivity(unchecked) private(set) var fedBytes = 0
  /// libxml2's problems recorded (only the first ``listedProblems`` are).
  @exclusivity(unchecked) private var problemCount = 0
  /// HTML: prepared bytes held back while libxml2 waits for the end of a long construct.
  @exclusivity(unchecked) private var holdBack = ChunkHoldBack()
  /// HTML: whether libxml2 ended the document before the end of the input (recorded once).
  @exclusivity(unchecked) private var endedEarly = false
  /// XML: whether the push parser halted on a fatal error (the rest is not read by it).
  @exclusivity(unchecked) private(set) var halted = false
  /// Where a batch goes when it grows past ``flushSize`` while libxml2 runs (nil: it grows until
  /// ``takeBatch(leaving:)``). Set on one thread only, where the building side runs too (the XML
  /// re-read parses a whole document in one call).
  @exclusivity(unchecked) var overflow: ((inout SAXBatch) -> Void)?

  /// How many of libxml2's problems become diagnostics.
  static let listedProblems = 100
  /// Events in a batch before ``overflow`` takes it.
  static let flushSize = 4096

  /// A parser of `dialect` for the document named `name`; ``context`` is nil when libxml2 could
  /// not make one.
  init(_ dialect: Dialect, name: String) {
    self.dialect = dialect
    self.name = name
    callbacksPointer = .allocate(capacity: 1)
    callbacksPointer.initialize(to: Self.makeCallbacks())
    let opaque = Unmanaged.passUnretained(self).toOpaque()
    switch dialect {
    case .html:
      // libxml2 always gets UTF-8: the building side decodes (SAXBuilder+Decoding.swift).
      context = "UTF-8".withCString { encoding in
        name.withCString { file in clx_html_push_parser(callbacksPointer, opaque, file, encoding) }
      }
    case .xml:
      context = name.withCString { file in clx_xml_push_parser(callbacksPointer, opaque, file) }
    }
  }

  deinit {
    freeContext()
    callbacksPointer.deinitialize(count: 1)
    callbacksPointer.deallocate()
  }

  private func freeContext() {
    guard let context else { return }
    switch dialect {
    case .html: clx_free_html(context)
    case .xml: clx_free_xml(context)
    }
    self.context = nil
  }

  /// Makes the calling thread the one libxml2 reports this parser's problems on: a SAX1 parser's
  /// errors go through a thread-local handler that the constructors install on the creating thread.
  func adoptCurrentThread() { clx_prepare_thread() }

  // MARK: feeding

  /// Parses one prepared HTML chunk: its ``SAXInputChunk/keepsAnchors`` is recorded first, then
  /// what libxml2 reports; the bytes go through ``ChunkHoldBack``.
  func parseHTML(_ chunk: SAXInputChunk) {
    guard let context else { return }
    // Decoding noticed offsets that differ from the input's: replayed before this chunk's events.
    if chunk.keepsAnchors { batch.events.append(.keepAnchors) }
    let waiting = fedBytes - consumed()
    guard let input = holdBack.release(chunk.bytes, waiting: waiting, isFinal: chunk.isFinal) else { return }
    fedBytes += input.count
    input.withUnsafeBytes { raw in
      _ = clx_html_parse_chunk(
        context, raw.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(raw.count), chunk.isFinal ? 1 : 0)
    }
    if !endedEarly, clx_html_ended_early(context) != 0 {
      endedEarly = true
      batch.events.append(.endedEarly(consumed: consumed()))
    }
  }

  /// Parses prepared XML bytes with the push parser; notes when it halts (``halted``).
  func parseXML(_ bytes: [UInt8], isFinal: Bool) {
    guard let context, !halted else { return }
    fedBytes += bytes.count
    bytes.withUnsafeBytes { raw in
      _ = clx_xml_parse_chunk(
        context, raw.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(raw.count), isFinal ? 1 : 0)
    }
    if clx_xml_halted(context) != 0 { halted = true }
  }

  /// Reads `bytes` (every byte fed so far) again in libxml2's recover mode, after the push parser
  /// halted: a new context, problems counted afresh. Returns libxml2's status (0 when it recovered).
  func rereadXML(_ bytes: [UInt8]) -> Int32 {
    freeContext()
    problemCount = 0
    let opaque = Unmanaged.passUnretained(self).toOpaque()
    return bytes.withUnsafeBufferPointer { bytes in
      guard let base = bytes.baseAddress else { return -1 }
      let recovering = base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { chars in
        clx_xml_recover_parser(callbacksPointer, opaque, chars, Int32(bytes.count))
      }
      guard let recovering else { return -1 }
      context = recovering
      let status = clx_xml_recover_run(recovering)
      freeContext()
      return status
    }
  }

  /// The events recorded so far; `spare` (emptied, its storage kept) is recorded into next.
  func takeBatch(leaving spare: consuming SAXBatch) -> SAXBatch {
    var taken = spare
    swap(&taken, &batch)
    return taken
  }

  // MARK: positions

  /// Where libxml2 is, in the bytes it was fed.
  private func consumed() -> Int {
    guard let context else { return 0 }
    // libxml2's count can run past the bytes it was given (seen with a truncated `<?xml … encodin`
    // processing instruction read by the HTML parser: 23 bytes over); a position is never past them.
    return min(Int(clx_bytes_consumed(context)), fedBytes)
  }

  /// Where text handed to a callback ends, in the bytes fed to the parser; never past them.
  private func textEnd(_ text: UnsafePointer<UInt8>, count: Int32) -> Int {
    guard let context else { return 0 }
    return min(Int(clx_text_end(context, text, count)), fedBytes)
  }

  // MARK: recording

  /// Hands a batch grown past ``flushSize`` to ``overflow``, when one is set.
  @inline(__always)
  private func flushIfFull() {
    if batch.events.count >= Self.flushSize, let overflow { overflow(&batch) }
  }

  /// The callbacks libxml2 calls while `parse` runs. Each borrows the parser
  /// (`_withUnsafeGuaranteedRef`: libxml2 calls back only while `parse` runs, which holds it), so an
  /// event costs no retain or release.
  private static func makeCallbacks() -> clx_callbacks {
    var callbacks = clx_callbacks()
    callbacks.startElement = { context, name, attributes in
      guard let context else { return }
      Unmanaged<SAXParser>.fromOpaque(context)._withUnsafeGuaranteedRef { parser in
        let element = parser.names.element(name)
        let attributes = ElementAttributes(attributes, names: parser.names)
        parser.batch.events.append(.start(element, attributes, consumed: parser.consumed()))
      }
    }
    callbacks.endElement = { context, name in
      guard let context else { return }
      Unmanaged<SAXParser>.fromOpaque(context)._withUnsafeGuaranteedRef { parser in
        let element = parser.names.element(name)
        parser.batch.events.append(.end(element, consumed: parser.consumed()))
        parser.flushIfFull()
      }
    }
    callbacks.characters = { context, text, length in
      guard let context, length > 0 else { return }
      Unmanaged<SAXParser>.fromOpaque(context)._withUnsafeGuaranteedRef { parser in
        // Where the text ends, not where the parser is: libxml2's XML fast path calls back before
        // it moves past the text (clx_text_end).
        let end = parser.textEnd(text, count: length)
        let start = parser.batch.text.count
        parser.batch.text.append(contentsOf: UnsafeBufferPointer(start: text, count: Int(length)))
        parser.batch.events.append(.text(start..<parser.batch.text.count, consumed: end))
        parser.flushIfFull()
      }
    }
    callbacks.error = { context, level, line, column, message in
      guard let context else { return }
      let parser = Unmanaged<SAXParser>.fromOpaque(context).takeUnretainedValue()
      // Only the first `listedProblems` are listed: the rest are not even worded (an HTML5 page
      // read by libxml2 2.9 has an error per <section>, <nav>, <main>…).
      parser.problemCount += 1
      guard parser.problemCount <= SAXParser.listedProblems else { return }
      let text = message.map { String(cString: $0) } ?? "error"
      let diagnostic = parser.diagnostic(level: Int(level), line: Int(line), column: Int(column), message: text)
      parser.batch.events.append(.problem(diagnostic))
    }
    return callbacks
  }

  /// One of libxml2's problems as a diagnostic, worded while libxml2 runs (what an undeclared
  /// entity refers to is asked of the declarations clibxml2.c keeps for the running parser).
  private func diagnostic(level: Int, line: Int, column: Int, message: String) -> Diagnostic {
    var column = column
    var trimmed = message.split(whereSeparator: \.isNewline).joined(separator: " ")
    var severity: Diagnostic.Severity = level >= 2 ? .error : .warning
    var changesText = false
    if trimmed == "Sequence ']]>' not allowed in content" {
      // libxml2 2.9 (xmlParseCharData) also drops the text between the previous markup and the "]]>".
      trimmed += ": libxml2 drops the text just before it"
      changesText = true
    }
    if trimmed.hasPrefix("Entity '") && trimmed.hasSuffix("' not defined") {
      let name = String(trimmed.dropFirst(8).dropLast(13))
      switch clx_entity_kind(name) {
      case clx_entity_over_limit:
        let limit = clx_entity_expansion_limit(Int(fedBytes))
        trimmed =
          "entity '\(name)' was not expanded: the document's entities would expand to more than \(limit) bytes "
          + "(10 MB plus ten times the input; an entity expansion attack such as billion laughs); its text is left out"
      case clx_entity_external:
        trimmed = MarkupFilter.externalEntityMessage(name)
      default:
        trimmed = "entity '\(name)' is not declared in the document; its text is left out"
      }
      severity = .warning
      changesText = true
      // libxml2 reports the place after the reference: name its "&".
      if column > name.utf8.count + 2 { column -= name.utf8.count + 2 }
    }
    return Diagnostic(
      severity, problemCount == Self.listedProblems ? "\(trimmed) (further problems not listed)" : trimmed,
      line: line > 0 ? line : nil, column: column > 0 ? column : nil, changesText: changesText)
  }
}
