internal import TextModel

/// What the one read loop needs from an HTML or XML session: start, feed chunks, finish.
protocol MarkupSession: AnyObject {
  /// Throws when libxml2 could not create a parser.
  func start() throws(ReadError)
  /// Makes room for an input of this size (0 when unknown).
  func prepare(forInputSize size: Int)
  /// Feeds one chunk of input bytes; `isFinal` on the last.
  func feed(_ bytes: ArraySlice<UInt8>, isFinal: Bool)
  /// The document read.
  func finish() -> TextDocument
}

/// The read loops of both markup readers, one for bytes in memory and one for a stream.
enum MarkupReading {
  /// Feeds bytes already in memory in 64 KiB chunks.
  static func read(_ bytes: [UInt8], into session: some MarkupSession) throws(ReadError) -> TextDocument {
    try session.start()
    session.prepare(forInputSize: bytes.count)
    var offset = 0
    repeat {
      let end = min(bytes.count, offset + InputSource.chunkSize)
      session.feed(bytes[offset..<end], isFinal: end == bytes.count)
      offset = end
    } while offset < bytes.count
    let document = session.finish()
    document._checkInvariants()
    return document
  }

  /// Streams a file or standard input, starting with `head` (bytes already read for sniffing), one
  /// chunk ahead so the last chunk is fed as final; refuses an input over the size limit.
  static func read(
    _ source: InputSource, head: [UInt8], into session: some MarkupSession, options: ReaderOptions
  ) throws(ReadError) -> TextDocument {
    if source.size > options.maximumInputBytes { throw options.tooLarge(source.displayName) }
    try session.start()
    session.prepare(forInputSize: source.size)
    try feed(source, head: head, into: session, options: options)
    let document = session.finish()
    document._checkInvariants()
    return document
  }

  /// Feeds `head` and the rest of `source` to `session`, the last chunk as final; refuses an input
  /// over the size limit.
  static func feed(
    _ source: InputSource, head: [UInt8], into session: some MarkupSession, options: ReaderOptions
  ) throws(ReadError) {
    var input = ChunksAhead(head: head)
    while !input.done {
      let (chunk, isFinal) = try input.next(from: source, options: options)
      session.feed(chunk[...], isFinal: isFinal)
    }
  }

  /// The input one chunk ahead, so that the last chunk is known to be final, refusing an input
  /// over the size limit (``feed(_:head:into:options:)``, and HTML read on two threads).
  struct ChunksAhead {
    private var pending: [UInt8]
    private var total: Int
    private(set) var done = false

    init(head: [UInt8]) {
      pending = head
      total = head.count
    }

    /// The next chunk (`head` first) and whether it is the last.
    mutating func next(from source: InputSource, options: ReaderOptions) throws(ReadError) -> ([UInt8], Bool) {
      let next = try source.readChunk()
      total += next.count
      if total > options.maximumInputBytes { throw options.tooLarge(source.displayName) }
      let chunk = pending
      if next.isEmpty { done = true } else { pending = next }
      return (chunk, next.isEmpty)
    }
  }
}
