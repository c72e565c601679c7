internal import TextModel

/// The input layer of both markup readers: every chunk is decoded to UTF-8 before libxml2 sees it
/// (libxml2 is told to ignore declared encodings), and positions are mapped back to input bytes.
extension SAXBuilder {
  /// Decodes one input chunk to UTF-8 for the parser. The first chunk decides the encoding (it holds
  /// at least the first 1024 bytes, or the whole input), by ``CharsetSniffer``'s rules for `format`.
  func decodeInput(_ chunk: UnsafeRawBufferPointer, isFinal: Bool, format: InputFormat, encoding override: String?)
    -> [UInt8]
  {
    if decoder == nil { decoder = InputDecoder(head: chunk, format: format, override: override) }
    let decoded = decoder!.decode(chunk, isFinal: isFinal)
    // Once decoded offsets differ from input offsets, keep every anchor so they can be remapped.
    if !decoder!.isIdentity {
      // An HTML chunk carries it to the parser, which records it in order with libxml2's events
      // (``SAXEvent/keepAnchors``), replayed where it applies: on two threads chunks are prepared
      // ahead of the replay. On one thread (`inputLines` is nil) every earlier event was replayed
      // already, so it applies here at once (XML's only way; for HTML the event then changes nothing).
      decodedKeepsAnchors = true
      if inputLines == nil { assembler.builder.sourceMap.skipsPredictedAnchors = false }
    }
    decoded.withUnsafeBytes { noteInput($0) }
    return decoded
  }

  /// Maps anchors and line starts recorded in decoded offsets back to the input, then reports what
  /// decoding noticed (the encoding choice, replaced bytes, NULs).
  func finishDecoding() {
    guard let decoder else { return }
    if !decoder.isIdentity {
      assembler.builder.sourceMap.remapSources { decoder.originalOffset($0) }
      assembler.builder.sourceMap.remapLineStarts({ decoder.originalOffset($0) }, inputLength: decoder.originalLength)
    }
    assembler.builder.sourceMap.clampSources(to: decoder.originalLength)
    assembler.builder.diagnostics.append(contentsOf: decoder.diagnostics(placedBy: assembler.builder.sourceMap))
  }
}
