internal import CLibXML2
internal import ParallelSupport
public import TextModel

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
public struct HTMLReader: Sendable {
  /// Reading limits and overrides.
  public var options: ReaderOptions

  /// A reader with `options` (limits, encoding, default language).
  public init(options: ReaderOptions = .default) { self.options = options }

  /// Reads HTML from bytes.
  public func read(bytes: [UInt8], name: String = "<input>") throws(ReadError) -> TextDocument {
    if bytes.count > options.maximumInputBytes { throw options.tooLarge(name) }
    return try MarkupReading.read(bytes, into: HTMLSession(name: name, options: options))
  }

  /// Reads HTML from a file, streaming it in 64 KiB chunks; `-` reads standard input.
  public func read(path: String) throws(ReadError) -> TextDocument {
    let source = try InputSource(path: path, options: options)
    defer { source.close() }
    return try read(from: source)
  }

  func read(from source: InputSource, prefix: [UInt8] = []) throws(ReadError) -> TextDocument {
    let head = prefix.isEmpty ? try source.readHead() : prefix
    let session = HTMLSession(name: source.displayName, options: options)
    // A stream of unknown size (`cat page.html | textrotor …`) too: a thread costs microseconds,
    // and reading the pipe overlaps the building.
    if !options.parallelism.isSerial, source.size >= twoThreadsFrom || (source.isStream && twoThreadsFrom < .max) {
      return try session.readOnTwoThreads(source, head: head, options: options)
    }
    return try MarkupReading.read(source, head: head, into: session, options: options)
  }

  /// The file size from which a file is read on two threads (``SAXPipeline``); tests change it to
  /// compare both ways on small pages.
  var twoThreadsFrom = SAXPipeline.minimumInputSize
}

final class HTMLSession: SAXSession, MarkupSession {
  private let callbacksPointer: UnsafeMutablePointer<clx_callbacks>
  private let options: ReaderOptions
  /// Whether the bytes pass through ``MarkupFilter`` (always, but for a test of the safety net that
  /// reports libxml2 ending the document early).
  var filtering = true

  init(name: String, options: ReaderOptions) {
    self.options = options
    callbacksPointer = .allocate(capacity: 1)
    super.init(name: name, options: options, mode: .html)
    callbacksPointer.initialize(to: callbacks)
    // libxml2 always gets UTF-8: `decodeInput` picks the encoding (BOM, --encoding, <meta> prescan…)
    // from the first chunk and decodes with ICU (SAXSession+Decoding.swift, docs/ENCODINGS.md).
    let encoding = "UTF-8"
    context = encoding.withCString { enc in
      name.withCString { file in
        clx_html_push_parser(callbacksPointer, Unmanaged.passUnretained(self).toOpaque(), file, enc)
      }
    }
  }

  deinit {
    if let context { clx_free_html(context) }
    callbacksPointer.deinitialize(count: 1)
    callbacksPointer.deallocate()
  }

  func prepare(forInputSize size: Int) { assembler.builder.reserveCapacity(forInputSize: size) }

  /// Throws when libxml2 could not create a parser.
  func start() throws(ReadError) {
    if context == nil { throw .malformed(path: name, reason: "libxml2 could not start a parser") }
  }

  func feed(_ bytes: ArraySlice<UInt8>, isFinal: Bool) {
    guard let context else { return }
    bytes.withUnsafeBytes { chunk in
      let prepared = prepare(chunk, isFinal: isFinal)
      parse(prepared.bytes, context: context, isFinal: isFinal)
    }
  }

  /// The hand-over between the reading thread and this one, while reading on two threads.
  @exclusivity(unchecked) private var pipeline: SAXPipeline?

  /// Reads `source` on two threads (``SAXPipeline``): this one reads the input, decodes and filters
  /// it a few chunks ahead (``PreparedChunks``) and builds the document from what libxml2 reported;
  /// a new thread runs libxml2 over the prepared chunks. The same document as
  /// `MarkupReading.read`, with its diagnostics (`HTMLPipelineTests`).
  ///
  /// libxml2 is the longer half (a page's parse took more instructions than building from its
  /// events), so the reading thread only parses: decoding and filtering moved here took about a
  /// tenth off its work, and this thread prepares chunks before it waits for events, so the other
  /// never waits for input while this one has some.
  func readOnTwoThreads(_ source: InputSource, head: [UInt8], options: ReaderOptions) throws(ReadError)
    -> TextDocument
  {
    if source.size > options.maximumInputBytes { throw options.tooLarge(source.displayName) }
    try start()
    prepare(forInputSize: source.size)
    let pipeline = SAXPipeline()
    self.pipeline = pipeline
    var lines = SourceMap()
    lines.reserveCapacity(anchors: 0, lines: source.size / 16)
    inputLines = lines
    let prepared = PreparedChunks()
    let reader = JoinableThread.start { [self] in
      clx_prepare_thread()
      if let context {
        while let chunk = prepared.take() {
          recording = pipeline.emptyBatch()
          // Decoding noticed offsets that differ from the input's: replayed before this chunk's events.
          if chunk.keepsAnchors { recording!.events.append(.keepAnchors) }
          parse(chunk.bytes, context: context, isFinal: chunk.isFinal)
          pipeline.send(recording!)
          recording = nil
          if chunk.isFinal { break }
        }
      }
      pipeline.end()
    }
    var failure: ReadError?
    if let reader {
      var input = MarkupReading.ChunksAhead(head: head)
      // Fills the prepared chunks up to their capacity (called before every wait for events, so the
      // reading thread has input whenever this one waits); a read error ends the input.
      func prepareAhead() {
        while failure == nil, !input.done, prepared.hasRoom {
          do throws(ReadError) {
            let (bytes, isFinal) = try input.next(from: source, options: options)
            prepared.put(bytes.withUnsafeBytes { prepare($0, isFinal: isFinal) })
          } catch {
            failure = error
            prepared.end()
          }
        }
      }
      prepareAhead()
      while let batch = pipeline.receive() {
        // After a read error the rest is only drained, so the reading thread can finish.
        if failure == nil { replay(batch) }
        pipeline.giveBack(batch)
        prepareAhead()
      }
      reader.join()
    } else {
      // No thread to be had: read here, as usual.
      self.pipeline = nil
      inputLines = nil
      try MarkupReading.feed(source, head: head, into: self, options: options)
    }
    self.pipeline = nil
    eventConsumed = nil
    #if canImport(Glibc)
      // The reading thread's frees (attribute strings, batches) are interleaved with the document's
      // growth: give the free pages between them back before the next step's peak.
      _ = glibcMallocTrim(0)
    #endif
    if let failure { throw failure }
    if let lines = inputLines {
      assembler.builder.sourceMap.adoptLines(of: lines)
      inputLines = nil
    }
    let document = finish()
    document._checkInvariants()
    return document
  }

  /// Input chunks decoded and filtered on the building thread, waiting for libxml2 on the reading
  /// thread (at most ``capacity``: the building thread fills them between batches of events).
  private final class PreparedChunks: @unchecked Sendable {
    struct Chunk {
      var bytes: [UInt8]
      var isFinal: Bool
      /// Decoded offsets differ from the input's from this chunk on (``SAXEvent/keepAnchors``).
      var keepsAnchors: Bool
    }

    static let capacity = 4
    // Guarded by `lock`; its broadcast says a chunk came or the chunks ended.
    private var chunks: [Chunk] = []
    private var ended = false
    private let lock = Lock()

    /// Whether another chunk may be prepared now.
    var hasRoom: Bool { lock.withLock { chunks.count < Self.capacity && !ended } }

    func put(_ chunk: Chunk) {
      lock.withLock {
        chunks.append(chunk)
        lock.broadcast()
      }
    }

    /// No more chunks come (a read error): the reading thread stops after those prepared.
    func end() {
      lock.withLock {
        ended = true
        lock.broadcast()
      }
    }

    /// The next chunk, waiting for it; nil once ended and empty.
    func take() -> Chunk? {
      lock.withLock(when: { !chunks.isEmpty || ended }) { chunks.isEmpty ? nil : chunks.removeFirst() }
    }
  }

  /// Decodes a chunk to UTF-8 and runs the length-preserving filter over it.
  private func prepare(_ chunk: UnsafeRawBufferPointer, isFinal: Bool) -> PreparedChunks.Chunk {
    decodedKeepsAnchors = false
    let decoded = decodeInput(chunk, isFinal: isFinal, format: .html, encoding: options.encoding)
    // libxml2 gets UTF-8, ASCII-compatible, so the length-preserving filter always runs.
    let filtered = filtering ? decoded.withUnsafeBytes { filter.filter($0, isFinal: isFinal) } : decoded
    return PreparedChunks.Chunk(bytes: filtered, isFinal: isFinal, keepsAnchors: decodedKeepsAnchors)
  }

  /// Prepared bytes held back while libxml2 waits for the end of a long construct (on the thread
  /// that runs libxml2).
  @exclusivity(unchecked) private var holdBack = ChunkHoldBack()

  /// Hands prepared bytes to libxml2 (on the thread that runs it), through ``ChunkHoldBack``, which
  /// keeps one long construct from being searched for its end at every chunk.
  private func parse(_ bytes: [UInt8], context: OpaquePointer, isFinal: Bool) {
    guard let input = holdBack.release(bytes, waiting: fedBytes - parserConsumed(), isFinal: isFinal) else { return }
    fedBytes += input.count
    input.withUnsafeBytes { raw in
      _ = clx_html_parse_chunk(
        context, raw.baseAddress?.assumingMemoryBound(to: CChar.self),
        Int32(raw.count), isFinal ? 1 : 0)
    }
    noteEarlyEnd(context: context)
  }

  /// Where libxml2 ended the document before the end of the input, if it did (a parser offset).
  @exclusivity(unchecked) private var earlyEnd: Int?

  private func noteEarlyEnd(context: OpaquePointer) {
    if earlyEnd == nil, clx_html_ended_early(context) != 0 { earlyEnd = parserConsumed() }
  }

  func finish() -> TextDocument {
    flushReference()
    finishDecoding()
    reportLimits()
    if let earlyEnd {
      let (line, column) = lineAndColumn(ofParserOffset: earlyEnd)
      assembler.builder.diagnostics.append(
        Diagnostic(
          .error, "libxml2 ended the HTML document here, before the end of the input: the text after it is missing",
          line: line, column: column, changesText: true))
    }
    return assembler.finish(format: .html, language: documentLanguage ?? options.defaultLanguage)
  }

  // MARK: element events

  /// One open element: what its children need to know (what selectors see of it is in `openCSS`, at
  /// the same index: kept once, as every copy of it retained its strings and arrays).
  private struct OpenElement {
    var name: String
    /// A `<details>` without `open`: only its `<summary>` shows.
    var closedDetails: Bool
    /// Its keys in ``HTMLSession/ancestorKeys`` (empty while the page has no style rule).
    var keys: [Int] = []
    /// What it is, for the sectioning depths.
    var kind = HTMLElementKind.other
  }

  /// The open elements, outermost first (kept balanced as the assembler's stack is).
  @exclusivity(unchecked) private var openElements: [OpenElement] = []
  /// The open elements as selectors see them (the same stack, kept apart to match without copying).
  @exclusivity(unchecked) private var openCSS: [CSSStyleSheet.Element] = []
  /// How many open elements carry each selector key (`#id`, `.class`, name): the ancestor filter.
  @exclusivity(unchecked) private var ancestorKeys: [Int: Int] = [:]
  /// The rules of the page's `<style>` sheets read so far.
  @exclusivity(unchecked) private var styleSheet = CSSStyleSheet()
  /// The text of the `<style>` element being read.
  @exclusivity(unchecked) private var styleText: [UInt8]?
  /// The SVG being read for its name: the assembler depth it opened at, and its `<title>` text.
  @exclusivity(unchecked) private var svg: (depth: Int, title: [UInt8], collecting: Bool, done: Bool, used: Bool)?
  /// The SVG `<symbol>` being read (sprites, usually hidden): its id, depth and `<title>` text.
  @exclusivity(unchecked) private var symbol: (id: String, depth: Int, title: [UInt8], collecting: Bool)?
  /// The `<title>` of each SVG symbol read so far: an SVG that only `<use>`s a symbol is named by it.
  @exclusivity(unchecked) private var symbolTitles: [String: String] = [:]
  /// A character reference libxml2 left as text: the offset of its "&" and its name so far.
  @exclusivity(unchecked) private var reference: (offset: Int, name: [UInt8]?)?
  /// The element being started, computed in `meaning(of:_:)` and pushed after it.
  @exclusivity(unchecked) private var starting: (css: CSSStyleSheet.Element, closedDetails: Bool)?

  /// Elements whose children live in a section: header/footer and aside depend on them.
  @exclusivity(unchecked) private var sectioningDepth = 0
  @exclusivity(unchecked) private var sectioningContentDepth = 0

  override func meaning(of element: ElementName, _ attributes: ElementAttributes) -> ElementMeaning {
    let name = element.string
    let context = HTMLSemantics.Context(
      insideSectioning: sectioningDepth > 0, insideSectioningContent: sectioningContentDepth > 0)
    var meaning = plainMeaning(of: element, attributes, context: context)
    let css = CSSStyleSheet.Element(
      name: name, id: attributes[.id],
      classes: attributes[.class].map { $0.split(whereSeparator: \.isWhitespace).map(String.init) } ?? [],
      attributes: attributes)
    let parent = openElements.last
    starting = (css, element.kind == .details && !attributes.has(.open))
    guard !meaning.skip, !assembler.isSkipping else { return meaning }
    if let parent, parent.closedDetails, element.kind != .summary {
      meaning.skip = true
      return meaning
    }
    var style =
      styleSheet.isEmpty
      ? CSSStyleSheet.Style() : styleSheet.style(of: css, ancestors: openCSS[...], ancestorKeys: ancestorKeys)
    if let inline = attributes[.style] { style = style.overlaid(by: CSSStyleSheet.inlineStyle(inline)) }
    // A page hidden as a whole (`html` or `body` with display:none or visibility:hidden) waits for a
    // script to show it: a reader with JavaScript on meets the page, so the whole is never hidden.
    if (style.display == .notRendered || style.visibility == .hidden) && element.kind != .html && element.kind != .body
    {
      meaning.skip = true
      return meaning
    }
    if style.display == .box, meaning.block == nil { meaning.separateWords = true }
    if element.kind == .svg, meaning.replacement == nil, svg == nil {
      // Read for its <title>: a named SVG is an image, its drawing is not text.
      svg = (assembler.depth, [], false, false, false)
      meaning.skip = true
    }
    return meaning
  }

  /// What elements without attributes mean, by kind and context (see ``plainMeaning(of:_:context:)``).
  @exclusivity(unchecked) private var plainMeanings = [ElementMeaning?](
    repeating: nil, count: (HTMLElementKind.byName.count + 1) * 4)

  /// ``HTMLSemantics/meaning(of:_:context:)``, remembered for elements without attributes: what they
  /// mean depends only on their kind and the two context flags (most of a page's `<p>`, `<li>`,
  /// `<td>`, `<section>` carry none), and working it out was a fifth of building a page.
  private func plainMeaning(of element: ElementName, _ attributes: ElementAttributes, context: HTMLSemantics.Context)
    -> ElementMeaning
  {
    guard attributes.pairs.isEmpty else { return HTMLSemantics.meaning(of: element, attributes, context: context) }
    let index =
      Int(element.kind.rawValue) * 4 + (context.insideSectioning ? 2 : 0) + (context.insideSectioningContent ? 1 : 0)
    if let known = plainMeanings[index] { return known }
    let meaning = HTMLSemantics.meaning(of: element, attributes, context: context)
    plainMeanings[index] = meaning
    return meaning
  }

  override func handleStart(_ element: ElementName, _ attributes: ElementAttributes) {
    flushReference()
    var attributes = attributes
    if attributes.pairs.contains(where: { $0.value.utf8.contains(0x26) }) {
      attributes = ElementAttributes(
        attributes.pairs.map { ($0.name, HTMLNamedReferences.decodingAttribute($0.value)) })
    }
    let original = element.kind
    let element = element.kind == .image ? Self.img : element
    let kind = element.kind
    if let svg, !svg.done, kind == .title, assembler.depth == svg.depth + 1 { self.svg!.collecting = true }
    if kind == .symbol, let id = attributes[.id] { symbol = (id, assembler.depth, [], false) }
    if let symbol, kind == .title, assembler.depth == symbol.depth + 1 { self.symbol!.collecting = true }
    if kind == .use, let svg, !svg.done, svg.title.isEmpty,
      let target = attributes[.href] ?? attributes[.xlinkHref], target.hasPrefix("#"),
      let title = symbolTitles[String(target.dropFirst())]
    {
      self.svg!.title = Array(title.utf8)
      self.svg!.done = true
      self.svg!.used = true
    }
    if kind == .style, !assembler.isSkipping, attributes[.media].map(CSSStyleSheet.mediaMatches) ?? true,
      (attributes[.type].map { $0.isEmpty || $0.lowercased().trimmingSpaces() == "text/css" } ?? true)
    {
      styleText = []
    }
    starting = nil
    super.handleStart(element, attributes)
    // Moved out, not copied: a copy and the reset after it retained and released every string and
    // array of the element once more.
    let (css, closedDetails) =
      starting.take() ?? (.init(name: element.string, classes: [], attributes: attributes), false)
    var open = OpenElement(name: element.string, closedDetails: closedDetails, kind: kind)
    if !styleSheet.isEmpty {
      open.keys = CSSStyleSheet.keys(of: css)
      for key in open.keys { ancestorKeys[key, default: 0] += 1 }
    }
    openElements.append(open)
    openCSS.append(consume css)
    if kind == .article || kind == .section || kind == .aside || kind == .nav {
      sectioningContentDepth += 1
      sectioningDepth += 1
    } else if kind == .main {
      sectioningDepth += 1
    }
    if original.isUnknownVoid { handleEnd(element) }
  }

  /// `image` is read as `img`, as HTML5 does.
  private static let img = ElementName("img")

  override func handleEnd(_ element: ElementName) {
    flushReference()
    let element = element.kind == .image ? Self.img : element
    let kind = element.kind
    if kind == .style, let text = styleText {
      styleText = nil
      let wasEmpty = styleSheet.isEmpty
      styleSheet.add(sheet: String(decoding: text, as: UTF8.self))
      if wasEmpty && !styleSheet.isEmpty {
        // The first rules: the elements already open join the ancestor filter now.
        for index in openElements.indices {
          openElements[index].keys = CSSStyleSheet.keys(of: openCSS[index])
          for key in openElements[index].keys { ancestorKeys[key, default: 0] += 1 }
        }
      }
    }
    if kind == .title, svg?.collecting == true {
      svg!.collecting = false
      svg!.done = true
    }
    if kind == .title, let symbol, symbol.collecting {
      self.symbol!.collecting = false
      let title = String(decoding: symbol.title, as: UTF8.self).split(whereSeparator: \.isWhitespace)
      if !title.isEmpty, symbolTitles[symbol.id] == nil { symbolTitles[symbol.id] = title.joined(separator: " ") }
    }
    if kind == .symbol { symbol = nil }
    // The innermost element is the one closed, but for misnested markup.
    let last = openElements.count - 1
    guard
      let index = last >= 0 && openElements[last].name == element.string
        ? last : openElements.lastIndex(where: { $0.name == element.string })
    else { return }
    super.handleEnd(element)
    for open in openElements[index...] {
      switch open.kind {
      case .article, .section, .aside, .nav:
        sectioningContentDepth -= 1
        sectioningDepth -= 1
      case .main: sectioningDepth -= 1
      default: break
      }
    }
    for open in openElements[index...] {
      for key in open.keys { ancestorKeys[key, default: 1] -= 1 }
    }
    if index == last {
      openElements.removeLast()
      openCSS.removeLast()
    } else {
      openElements.removeSubrange(index...)
      openCSS.removeSubrange(index...)
    }
    if let svg, assembler.depth <= svg.depth {
      self.svg = nil
      let title = String(decoding: svg.title, as: UTF8.self).split(whereSeparator: \.isWhitespace).joined(
        separator: " ")
      // A symbol's title names what holds the SVG (an icon link), but the SVG is no image of its own.
      if !title.isEmpty { assembler.image(named: title, sourceOffset: sourceOffset, marked: !svg.used) }
    }
  }

  /// HTML's numeric references &#128;–&#159; name windows-1252 characters (`&#146;` is ’), but
  /// libxml2 gives U+0080–U+009F: map them here (``HTMLC1Characters``). Named references libxml2
  /// does not know arrive as "&" and then the name: they are decoded here (``HTMLNamedReferences``).
  override func handleText(_ text: UnsafeBufferPointer<UInt8>) {
    if styleText != nil {
      styleText!.append(contentsOf: text)
      return
    }
    if let svg, svg.collecting {
      self.svg!.title.append(contentsOf: text)
      return
    }
    if let symbol, symbol.collecting {
      self.symbol!.title.append(contentsOf: text)
      return
    }
    let offset = sourceOffset(backBy: text.count)
    if text.count == 1 && text[0] == 0x26 {
      flushReference()
      reference = (offset, nil)
      return
    }
    var rest = text[...]
    if let pending = reference {
      if pending.name == nil, text.count <= 40, text.allSatisfy(HTMLNamedReferences.isNameByte) {
        reference!.name = Array(text)
        return
      }
      reference = nil
      let semicolon = text.first == 0x3B
      if let name = pending.name, let (value, used) = HTMLNamedReferences.resolve(name: name, semicolon: semicolon) {
        deliver(Array(value.utf8) + name[used...], offset: pending.offset)
        if semicolon && used == name.count { rest = rest.dropFirst() }
      } else {
        deliver([0x26] + (pending.name ?? []), offset: pending.offset)
      }
    }
    guard !rest.isEmpty else { return }
    deliver(UnsafeBufferPointer(rebasing: rest), offset: offset + (text.count - rest.count))
  }

  /// Ends a pending character reference that nothing more follows (`&copy` before a tag).
  private func flushReference() {
    guard let pending = reference else { return }
    reference = nil
    if let name = pending.name, let (value, used) = HTMLNamedReferences.resolve(name: name, semicolon: false) {
      deliver(Array(value.utf8) + name[used...], offset: pending.offset)
    } else {
      deliver([0x26] + (pending.name ?? []), offset: pending.offset)
    }
  }

  private func deliver(_ bytes: [UInt8], offset: Int) {
    bytes.withUnsafeBufferPointer { deliver($0, offset: offset) }
  }

  private func deliver(_ text: UnsafeBufferPointer<UInt8>, offset: Int) {
    guard HTMLC1Characters.contains(text) else { return assembler.text(text, sourceOffset: offset) }
    HTMLC1Characters.mapped(text).withUnsafeBufferPointer { assembler.text($0, sourceOffset: offset) }
  }
}

#if canImport(Glibc)
  /// glibc's `malloc_trim` (not in the Glibc module's headers): returns free heap pages.
  @_silgen_name("malloc_trim") private func glibcMallocTrim(_ pad: Int) -> Int32
#endif
