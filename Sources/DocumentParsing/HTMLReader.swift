internal import CLibXML2
internal import ParallelSupport
package import TextModel

/// Reads HTML into a ``TextDocument`` with libxml2's HTML push parser (SAX: no DOM is built, so a
/// large file streams).
///
/// What becomes text follows browsers and screen readers: whitespace collapses as CSS does, blocks
/// and `<br>` separate lines, `<pre>` keeps its spacing; `script`, `style`, `template`, `noscript`,
/// `hidden`, `aria-hidden="true"`, what the page's `<style>` sheets and `style` attributes hide
/// (`display:none`, `visibility:hidden`), closed `<details>` bodies and closed `<dialog>`s are
/// dropped; `<img alt>`, named SVGs and `role="img"` with `aria-label` become text marked as an
/// image; links and buttons with no text read their accessible name (docs/PARSING.md).
///
/// ```swift
/// let document = try HTMLReader().read(bytes: Array(html.utf8))
/// ```
package struct HTMLReader: Sendable {
  /// Reading limits and overrides.
  package var options: ReaderOptions

  /// A reader with `options` (limits, encoding, default language).
  package init(options: ReaderOptions = .default) { self.options = options }

  /// Reads HTML from bytes.
  package func read(bytes: [UInt8], name: String = "<input>") throws(ReadError) -> TextDocument {
    if bytes.count > options.maximumInputBytes { throw options.tooLarge(name) }
    return try MarkupReading.read(bytes, into: HTMLSession(name: name, options: options))
  }

  /// Reads HTML from bytes, also giving the text range of each element with an id (an EPUB chapter:
  /// its navigation points at ids).
  func readKeepingIDs(bytes: [UInt8], name: String) throws(ReadError) -> (TextDocument, [String: TextRange]) {
    if bytes.count > options.maximumInputBytes { throw options.tooLarge(name) }
    let session = HTMLSession(name: name, options: options)
    session.builder.assembler.builder.keepsIDs = true
    let document = try MarkupReading.read(bytes, into: session)
    return (document, session.builder.assembler.builder.keptIDs)
  }

  /// Reads HTML from a file, streaming it in 64 KiB chunks; `-` reads standard input.
  package func read(path: String) throws(ReadError) -> TextDocument {
    let source = try InputSource(path: path, options: options)
    defer { source.close() }
    return try read(from: source)
  }

  func read(from source: InputSource, prefix: [UInt8] = []) throws(ReadError) -> TextDocument {
    let head = prefix.isEmpty ? try source.readHead() : prefix
    let session = HTMLSession(name: source.displayName, options: options)
    // A stream of unknown size (`cat page.html | textrotor …`) too: a thread costs microseconds,
    // and reading the pipe overlaps the building.
    let twoThreadsFrom = options.tuning.htmlTwoThreadsFrom
    if !options.parallelism.isSerial, source.size >= twoThreadsFrom || (source.isStream && twoThreadsFrom < .max) {
      return try session.readOnTwoThreads(source, head: head, options: options)
    }
    return try MarkupReading.read(source, head: head, into: session, options: options)
  }
}

/// One HTML read: an ``HTMLBuilder`` on the calling thread and a ``SAXParser`` joined only by
/// ``SAXBatch``es of events. On one thread each fed chunk is prepared, parsed and its batch
/// replayed at once; ``readOnTwoThreads(_:head:options:)`` moves the parser to a second thread
/// through a ``SAXPipeline``.
final class HTMLSession: MarkupSession {
  /// The building side (the calling thread's).
  let builder: HTMLBuilder
  /// The parser side, until a ``SAXPipeline`` takes it to its thread.
  private var parser: SAXParser?
  /// A replayed batch kept for its storage (one thread).
  private var spare: SAXBatch?

  init(name: String, options: ReaderOptions) {
    builder = HTMLBuilder(name: name, options: options)
    parser = SAXParser(.html, name: name)
  }

  func prepare(forInputSize size: Int) { builder.assembler.builder.reserveCapacity(forInputSize: size) }

  /// Throws when libxml2 could not create a parser.
  func start() throws(ReadError) {
    if parser?.context == nil {
      throw .malformed(path: builder.name, reason: "libxml2 could not start a parser")
    }
  }

  /// Prepares a chunk, parses it and replays what libxml2 reported (one thread).
  func feed(_ bytes: ArraySlice<UInt8>, isFinal: Bool) {
    guard let parser, parser.context != nil else { return }
    let chunk = bytes.withUnsafeBytes { builder.prepare($0, isFinal: isFinal) }
    parser.parseHTML(chunk)
    var batch = parser.takeBatch(leaving: spare.take() ?? SAXBatch())
    builder.replay(&batch)
    spare = batch
  }

  /// Reads `source` on two threads (``SAXPipeline``): this one reads the input, decodes and filters
  /// it a few chunks ahead and builds the document from what libxml2 reported; a new thread runs
  /// the parser over the prepared chunks. The same document as `MarkupReading.read`, with its
  /// diagnostics (`HTMLPipelineTests`).
  ///
  /// The building side is the longer half, so the parsing thread only parses, and this thread
  /// prepares chunks before it waits for events, so the other never waits for input while this one
  /// has some.
  func readOnTwoThreads(_ source: InputSource, head: [UInt8], options: ReaderOptions) throws(ReadError)
    -> TextDocument
  {
    if source.size > options.maximumInputBytes { throw options.tooLarge(source.displayName) }
    try start()
    prepare(forInputSize: source.size)
    var lines = SourceMap()
    lines.reserveCapacity(anchors: 0, lines: source.size / 16)
    builder.inputLines = lines
    var failure: ReadError?
    // The pipeline's thread gets a parser of its own, made for it and sent (the compiler checks that
    // nothing here keeps it); the session's, a stored property, cannot be sent, and goes.
    parser = nil
    if let pipeline = SAXPipeline.start(parsing: SAXParser(.html, name: builder.name)) {
      var input = MarkupReading.ChunksAhead(head: head)
      // Fills the prepared chunks up to their capacity (called before every wait for events, so the
      // parsing thread has input whenever this one waits); a read error ends the input.
      func prepareAhead() {
        while failure == nil, !input.done, pipeline.hasRoom {
          do throws(ReadError) {
            let (bytes, isFinal) = try input.next(from: source, options: options)
            pipeline.put(bytes.withUnsafeBytes { builder.prepare($0, isFinal: isFinal) })
          } catch {
            failure = error
            pipeline.endInput()
          }
        }
      }
      prepareAhead()
      while var batch = pipeline.receive() {
        // After a read error the rest is only drained, so the parsing thread can finish.
        if failure == nil { builder.replay(&batch) }
        pipeline.giveBack(batch)
        prepareAhead()
      }
      pipeline.join()
    } else {
      // No thread to be had: read here, as usual (the pipeline never started the parser).
      parser = SAXParser(.html, name: builder.name)
      builder.inputLines = nil
      try MarkupReading.feed(source, head: head, into: self, options: options)
    }
    if let failure { throw failure }
    if let lines = builder.inputLines {
      builder.assembler.builder.sourceMap.adoptLines(of: lines)
      builder.inputLines = nil
    }
    let document = finish()
    document._checkInvariants()
    return document
  }

  func finish() -> TextDocument { builder.finish() }
}
