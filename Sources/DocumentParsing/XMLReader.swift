@_implementationOnly import CLibXML2
public import TextModel

/// Reads XML notes into a ``TextDocument`` with libxml2's XML push parser.
///
/// It understands TextRotor's small note vocabulary (see docs/NOTE-FORMAT.md), DocBook admonitions
/// (`warning`, `caution`, `important`, `note`, `tip` become alerts) and DITA `<note type="…">`; it
/// also reads XHTML elements by their HTML meaning. Unknown elements contribute their text.
///
/// Secure by default: no network, no DTD loading, no external entities, no expansion of declared
/// entities (only `&amp;` `&lt;` `&gt;` `&quot;` `&apos;`), and a nesting limit.
public struct XMLReader: Sendable {
  /// Reading limits and overrides.
  public var options: ReaderOptions

  public init(options: ReaderOptions = .default) { self.options = options }

  /// Reads XML from bytes.
  public func read(bytes: [UInt8], name: String = "<input>") throws(ReadError) -> TextDocument {
    let session = XMLSession(name: name, options: options)
    try session.start()
    var offset = 0
    repeat {
      let end = min(bytes.count, offset + InputSource.chunkSize)
      session.feed(bytes[offset..<end], isFinal: end == bytes.count)
      offset = end
    } while offset < bytes.count
    return session.finish()
  }

  /// Reads XML from a file, streaming it; `-` reads standard input.
  public func read(path: String) throws(ReadError) -> TextDocument {
    let source = try InputSource(path: path)
    defer { source.close() }
    return try read(from: source)
  }

  func read(from source: InputSource, prefix: [UInt8] = []) throws(ReadError) -> TextDocument {
    var pending = prefix.isEmpty ? try source.readHead() : prefix
    let session = XMLSession(name: source.displayName, options: options)
    try session.start()
    session.assembler.builder.reserveCapacity(forInputSize: source.size)
    while true {
      let next = try source.readChunk()
      session.feed(pending[...], isFinal: next.isEmpty)
      if next.isEmpty { break }
      pending = next
    }
    return session.finish()
  }
}

final class XMLSession: SAXSession {
  private let callbacksPointer: UnsafeMutablePointer<clx_callbacks>
  private let options: ReaderOptions
  private var stopped = false

  init(name: String, options: ReaderOptions) {
    self.options = options
    callbacksPointer = .allocate(capacity: 1)
    super.init(name: name, maximumDepth: options.maximumDepth)
    callbacksPointer.initialize(to: callbacks)
    context = name.withCString { file in
      clx_xml_push_parser(callbacksPointer, Unmanaged.passUnretained(self).toOpaque(), file)
    }.map { OpaquePointer($0) }
  }

  deinit {
    if let context { clx_free_xml(UnsafeMutablePointer(context)) }
    callbacksPointer.deinitialize(count: 1)
    callbacksPointer.deallocate()
  }

  /// Throws when libxml2 could not create a parser.
  func start() throws(ReadError) {
    if context == nil { throw .malformed(path: name, reason: "libxml2 could not start a parser") }
  }

  func feed(_ bytes: ArraySlice<UInt8>, isFinal: Bool) {
    guard let context else { return }
    bytes.withUnsafeBytes { chunk in feed(chunk, context: context, isFinal: isFinal) }
  }

  private func feed(_ chunk: UnsafeRawBufferPointer, context: OpaquePointer, isFinal: Bool) {
    let decoded = decodeInput(chunk, isFinal: isFinal, format: .xml, encoding: options.encoding)
    decoded.withUnsafeBytes { raw in
      _ = clx_xml_parse_chunk(UnsafeMutablePointer(context), raw.baseAddress?.assumingMemoryBound(to: CChar.self),
                              Int32(raw.count), isFinal ? 1 : 0)
    }
  }

  func finish() -> TextDocument {
    finishDecoding()
    return assembler.finish(format: .xml, language: documentLanguage ?? options.defaultLanguage)
  }

  override func meaning(of name: String, _ attributes: ElementAttributes) -> ElementMeaning {
    XMLSemantics.meaning(of: name, attributes, depth: assembler.depth)
  }
}
