internal import CLibXML2
@_spi(Plumbing) package import TextModel

/// Reads XML notes into a ``TextDocument`` with libxml2's XML push parser.
///
/// It understands TextRotor's small note vocabulary (see docs/NOTE-FORMAT.md), DocBook admonitions
/// (`warning`, `caution`, `important`, `note`, `tip` become alerts) and DITA `<note type="…">`; it
/// also reads XHTML elements by their HTML meaning. Unknown elements contribute their text.
///
/// Secure by default: no network, no DTD loading, no external entities; the internal entities the
/// document declares are expanded, in text and attribute values, while their expansion stays
/// under 10 MB plus ten times the input (billion laughs is refused with a diagnostic); a nesting
/// limit.
package struct XMLReader: Sendable {
  /// Reading limits and overrides.
  package var options: ReaderOptions

  /// A reader with `options` (limits, default language).
  package init(options: ReaderOptions = .default) { self.options = options }

  /// Reads XML from bytes.
  package func read(bytes: [UInt8], name: String = "<input>") throws(ReadError) -> TextDocument {
    if bytes.count > options.maximumInputBytes { throw options.tooLarge(name) }
    return try MarkupReading.read(bytes, into: XMLSession(name: name, options: options))
  }

  /// Reads XML from a file, streaming it; `-` reads standard input.
  package func read(path: String) throws(ReadError) -> TextDocument {
    let source = try InputSource(path: path, options: options)
    defer { source.close() }
    return try read(from: source)
  }

  func read(from source: InputSource, prefix: [UInt8] = []) throws(ReadError) -> TextDocument {
    let head = prefix.isEmpty ? try source.readHead() : prefix
    return try MarkupReading.read(
      source, head: head, into: XMLSession(name: source.displayName, options: options), options: options)
  }
}

/// One XML read: libxml2's push parser while the input is well-formed (streaming), and a re-read in
/// recover mode from the retained input when libxml2 halted on a fatal error. A ``SAXParser`` and an
/// ``XMLBuilder`` on one thread, joined only by ``SAXBatch``es of events, as HTML's are.
///
/// Memory: the bytes fed to libxml2 are retained (one copy of the input) so that the re-read needs no
/// second pass over the file (standard input cannot be read twice).
final class XMLSession: MarkupSession {
  /// The building side.
  let builder: XMLBuilder
  /// The parser side.
  private let parser: SAXParser
  private let options: ReaderOptions
  /// The bytes fed so far (after ``MarkupFilter``), kept for a re-read.
  private var retained: [UInt8] = []
  /// A replayed batch kept for its storage.
  private var spare: SAXBatch?

  init(name: String, options: ReaderOptions) {
    self.options = options
    builder = XMLBuilder(name: name, options: options)
    parser = SAXParser(.xml, name: name)
    // The re-read parses the whole document in one call: its events are replayed as they fill a batch.
    parser.overflow = { [builder] batch in builder.replay(&batch) }
  }

  func prepare(forInputSize size: Int) {
    builder.assembler.builder.reserveCapacity(forInputSize: size)
    retained.reserveCapacity(size)
  }

  /// Throws when libxml2 could not create a parser.
  func start() throws(ReadError) {
    if parser.context == nil { throw .malformed(path: builder.name, reason: "libxml2 could not start a parser") }
  }

  /// Prepares a chunk, parses it (unless the push parser halted) and replays what libxml2 reported.
  func feed(_ bytes: ArraySlice<UInt8>, isFinal: Bool) {
    guard parser.context != nil else { return }
    let filtered = bytes.withUnsafeBytes { builder.prepare($0, isFinal: isFinal) }
    retained.append(contentsOf: filtered)
    parser.parseXML(filtered, isFinal: isFinal)
    replayRecorded()
  }

  /// Replays the events recorded since the last replay.
  private func replayRecorded() {
    var batch = parser.takeBatch(leaving: spare.take() ?? SAXBatch())
    builder.replay(&batch)
    spare = batch
  }

  func finish() -> TextDocument {
    if parser.halted { reread() }
    retained = []  // not needed any more: free it before the document is built
    return builder.finish()
  }

  /// Reads the retained input again in libxml2's recover mode, into a fresh document; keeps the
  /// diagnostics of the first read up to the error it stopped at, says that recovery happened and
  /// where, then adds the re-read's diagnostics after that point.
  private func reread() {
    let firstDiagnostics = builder.assembler.builder.diagnostics
    let stop = firstDiagnostics.last { $0.severity == .error }
    let stopPlace = stop.map { ($0.line ?? 0, $0.column ?? 0) } ?? (0, 0)
    let place = stop?.line.map { line in "line \(line)" + (stop?.column.map { ":\($0)" } ?? "") } ?? "an error"
    guard retained.count <= Int(Int32.max) else {
      builder.assembler.builder.diagnostics.append(
        Diagnostic(
          .error, "the XML is not well-formed at \(place) and too large to re-read: the text after it is missing",
          line: stop?.line, column: stop?.column, changesText: true))
      return
    }
    builder.restart(scanning: retained)
    let status = parser.rereadXML(retained)
    replayRecorded()
    let rereadDiagnostics = builder.assembler.builder.diagnostics
    var diagnostics = firstDiagnostics
    diagnostics.append(
      Diagnostic(
        .warning,
        "the XML is not well-formed at \(place), where libxml2 stops reading; the document was re-read "
          + "in libxml2's recover mode to keep the text after it", line: stop?.line, column: stop?.column,
        changesText: true))
    diagnostics.append(
      contentsOf: rereadDiagnostics.filter { diagnostic in
        let here = (diagnostic.line ?? 0, diagnostic.column ?? 0)
        return here.0 > stopPlace.0 || (here.0 == stopPlace.0 && here.1 > stopPlace.1)
      })
    if status != 0 {
      let last = rereadDiagnostics.last { $0.severity == .error }
      diagnostics.append(
        Diagnostic(
          .error, "libxml2 could not recover from an error even in recover mode: the text after it is missing",
          line: last?.line, column: last?.column, changesText: true))
    }
    builder.assembler.builder.diagnostics = diagnostics
  }
}

/// The building side of an XML read: what the note vocabulary, DocBook, DITA and XHTML elements
/// mean (``XMLSemantics``) and the document they make. Owned by the one thread that reads.
final class XMLBuilder: SAXBuilder {
  private let options: ReaderOptions
  /// Top-level elements seen (more than one only in XML that is not well-formed).
  private var rootCount = 0

  init(name: String, options: ReaderOptions) {
    self.options = options
    super.init(name: name, options: options, mode: .xml)
  }

  /// Decodes a chunk to UTF-8 and runs the length-preserving filter over it: what the parser gets.
  func prepare(_ chunk: UnsafeRawBufferPointer, isFinal: Bool) -> [UInt8] {
    let decoded = decodeInput(chunk, isFinal: isFinal, format: .xml, encoding: options.encoding)
    // libxml2 gets UTF-8, ASCII-compatible, so the length-preserving filter always runs.
    return decoded.withUnsafeBytes { filter.filter($0, isFinal: isFinal) }
  }

  /// Starts a fresh document for the re-read of `retained` (the decoded UTF-8 the push parser saw:
  /// `finishDecoding` maps it back).
  func restart(scanning retained: [UInt8]) {
    var fresh = MarkupAssembler(maximumDepth: options.maximumDepth, spokenForms: options.spokenForms)
    retained.withUnsafeBytes { fresh.builder.sourceMap.scanLines($0) }
    if let decoder, !decoder.isIdentity { fresh.builder.sourceMap.skipsPredictedAnchors = false }
    assembler = fresh
    if facts != nil { facts = MarkupFactsCollector(maximumDepth: options.maximumDepth) }
    documentLanguage = nil
    rootCount = 0
  }

  /// The document, once every batch was replayed.
  func finish() -> TextDocument {
    finishDecoding()
    reportLimits()
    var document = assembler.finish(format: .xml, language: documentLanguage ?? options.defaultLanguage)
    attachFacts(to: &document)
    return document
  }

  override func meaning(of name: ElementName, _ attributes: ElementAttributes) -> ElementMeaning {
    var meaning = XMLSemantics.meaning(of: name.string, attributes, depth: assembler.depth)
    if assembler.depth == 0 {
      // A second root (kept by the recovering re-read) starts a new block, so its words do not run
      // into the first root's.
      if rootCount > 0 && meaning.block == nil { meaning.block = .group }
      rootCount += 1
    }
    return meaning
  }
}
