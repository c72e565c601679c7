/// Bytes on their way to a library sink's caller (``SpeechFormat``, ``DetectionFormat``,
/// `ReadingView/write(to:)`): gathered here and handed to the caller's `write` in pieces of about
/// 64 KiB, so that neither a piece per line nor the whole output is handed over.
struct OutputChunks {
  /// The size from which the gathered bytes are handed on.
  static let size = 1 << 16

  private var bytes: [UInt8] = []

  init() { bytes.reserveCapacity(Self.size + 4096) }

  /// Gathers the UTF-8 of `text`, and hands on what is gathered once it reaches ``size``.
  mutating func append(_ text: String, _ write: ([UInt8]) -> Void) {
    var text = text
    text.withUTF8 { bytes.append(contentsOf: $0) }
    if bytes.count >= Self.size { flush(write) }
  }

  /// ``append(_:_:)`` and a line feed.
  mutating func line(_ text: String, _ write: ([UInt8]) -> Void) {
    var text = text
    text.withUTF8 { bytes.append(contentsOf: $0) }
    bytes.append(UInt8(ascii: "\n"))
    if bytes.count >= Self.size { flush(write) }
  }

  /// Hands on what is gathered (nothing when empty).
  mutating func flush(_ write: ([UInt8]) -> Void) {
    guard !bytes.isEmpty else { return }
    write(bytes)
    bytes.removeAll(keepingCapacity: true)
  }
}

extension JSONWriter {
  /// Runs `body` with a streaming writer whose output goes to `write` (in pieces of 64 KiB, then
  /// the rest), and ends it with a line feed: a JSON document as the CLI prints it, one line.
  ///
  /// `write` gets the pieces in order, one call at a time; a writer of elements on two threads may
  /// make that call on its other thread (see `TextDocument.writeInSegments`).
  static func streamingLine(to write: @Sendable ([UInt8]) -> Void, _ body: (inout JSONWriter) -> Void) {
    withoutActuallyEscaping(write) { write in
      var json = JSONWriter(streamingTo: write)
      body(&json)
      json.finish()
      write([UInt8(ascii: "\n")])
    }
  }
}
