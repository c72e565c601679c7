internal import CLibXML2
public import TextModel

/// Reads HTML into a ``TextDocument`` with libxml2's HTML push parser (SAX: no DOM is built, so a
/// large file streams).
///
/// What becomes text follows browsers and screen readers: whitespace collapses as CSS does, blocks
/// and `<br>` separate lines, `<pre>` keeps its spacing; `script`, `style`, `template`, `noscript`,
/// `hidden`, `aria-hidden="true"` and inline `display:none`/`visibility:hidden` are dropped;
/// `<img alt>` and `role="img"` with `aria-label` become text marked as an image.
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
    let source = try InputSource(path: path)
    defer { source.close() }
    return try read(from: source)
  }

  func read(from source: InputSource, prefix: [UInt8] = []) throws(ReadError) -> TextDocument {
    let head = prefix.isEmpty ? try source.readHead() : prefix
    return try MarkupReading.read(
      source, head: head, into: HTMLSession(name: source.displayName, options: options), options: options)
  }
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
    bytes.withUnsafeBytes { chunk in feed(chunk, context: context, isFinal: isFinal) }
  }

  private func feed(_ chunk: UnsafeRawBufferPointer, context: OpaquePointer, isFinal: Bool) {
    let decoded = decodeInput(chunk, isFinal: isFinal, format: .html, encoding: options.encoding)
    // libxml2 gets UTF-8, ASCII-compatible, so the length-preserving filter always runs.
    let filtered = filtering ? decoded.withUnsafeBytes { filter.filter($0, isFinal: isFinal) } : decoded
    fedBytes += filtered.count
    filtered.withUnsafeBytes { raw in
      _ = clx_html_parse_chunk(
        context, raw.baseAddress?.assumingMemoryBound(to: CChar.self),
        Int32(raw.count), isFinal ? 1 : 0)
    }
    noteEarlyEnd(context: context)
  }

  /// Where libxml2 ended the document before the end of the input, if it did (a parser offset).
  private var earlyEnd: Int?

  private func noteEarlyEnd(context: OpaquePointer) {
    if earlyEnd == nil, clx_html_ended_early(context) != 0 { earlyEnd = sourceOffset }
  }

  func finish() -> TextDocument {
    finishDecoding()
    reportLimits()
    if let earlyEnd {
      let (line, column) = lineAndColumn(ofParserOffset: earlyEnd)
      assembler.builder.diagnostics.append(
        Diagnostic(
          .error, "libxml2 ended the HTML document here, before the end of the input: the text after it is missing",
          line: line, column: column))
    }
    return assembler.finish(format: .html, language: documentLanguage ?? options.defaultLanguage)
  }

  override func meaning(of name: String, _ attributes: ElementAttributes) -> ElementMeaning {
    HTMLSemantics.meaning(of: name, attributes, insideSectioning: headerContext)
  }

  /// Whether we are inside an article/section/aside/nav (where header/footer are not landmarks).
  private var sectioningDepth = 0
  private var headerContext: Bool { sectioningDepth > 0 }
  private var sectioningNames: [String] = []

  override func handleStart(_ name: String, _ attributes: ElementAttributes) {
    super.handleStart(name, attributes)
    if name == "article" || name == "section" || name == "aside" || name == "nav" || name == "main" {
      sectioningNames.append(name)
      sectioningDepth += 1
    }
  }

  /// HTML's numeric references &#128;–&#159; name windows-1252 characters (`&#146;` is ’), but
  /// libxml2 gives U+0080–U+009F: map them here (``HTMLC1Characters``).
  override func handleText(_ text: UnsafeBufferPointer<UInt8>) {
    guard HTMLC1Characters.contains(text) else { return super.handleText(text) }
    let offset = sourceOffset(backBy: text.count)
    HTMLC1Characters.mapped(text).withUnsafeBufferPointer { assembler.text($0, sourceOffset: offset) }
  }

  override func handleEnd(_ name: String) {
    super.handleEnd(name)
    if let index = sectioningNames.lastIndex(of: name) {
      sectioningNames.remove(at: index)
      sectioningDepth -= 1
    }
  }
}
