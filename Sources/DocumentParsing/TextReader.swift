public import TextModel

/// Reads plain text. The document text is the input itself, decoded (`InputDecoder`: a byte-order
/// mark removed, invalid UTF-8 and NULs replaced with U+FFFD, other encodings converted), and the
/// source map is exact, so every range maps to the input bytes it came from.
///
/// Paragraphs are separated by blank lines. Plain text states no alerts: lines that open with a cue
/// word ("Warning:", "注意："…) are found by the detection stage (`AlertDetector`), built-in cues and
/// a rules file's alike.
public struct TextReader: Sendable {
  /// Reading overrides (the default language).
  public var options: ReaderOptions

  /// A reader with `options` (limits, encoding, default language).
  public init(options: ReaderOptions = .default) { self.options = options }

  /// Reads plain text from bytes.
  public func read(bytes: [UInt8], name: String = "<input>") -> TextDocument {
    var decoder = InputDecoder(head: bytes.prefix(InputSource.headLength), format: .text, override: options.encoding)
    let decoded = decoder.decodeAll(bytes)
    let text = String(decoding: decoded, as: UTF8.self)
    var sourceMap = SourceMap()
    decoded.withUnsafeBytes { sourceMap.scanLines($0) }
    if decoder.isIdentity {
      sourceMap.addAnchor(text: 0, source: 0)
    } else {
      sourceMap.remapLineStarts({ decoder.originalOffset($0) }, inputLength: bytes.count)
      decoder.map.forEachAnchor { sourceMap.addAnchor(text: $0, source: $1) }
    }

    // Paragraphs: runs of lines that are not blank (only spaces, tabs and U+3000), on bytes.
    var blocks: [Block] = []
    var scan = text
    scan.withUTF8 { bytes in
      var paragraphStart: Int?
      var paragraphEnd = 0
      var lineStart = 0
      while lineStart <= bytes.count {
        var lineEnd = lineStart
        while lineEnd < bytes.count && bytes[lineEnd] != 0x0A { lineEnd += 1 }
        var contentEnd = lineEnd
        if contentEnd > lineStart && bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
        var leading = lineStart
        while leading < contentEnd && (bytes[leading] == 0x20 || bytes[leading] == 0x09) { leading += 1 }
        var firstContent = leading
        while firstContent < contentEnd {
          let byte = bytes[firstContent]
          if byte == 0x20 || byte == 0x09 {
            firstContent += 1
          } else if byte == 0xE3, firstContent + 2 < contentEnd, bytes[firstContent + 1] == 0x80,
            bytes[firstContent + 2] == 0x80
          {
            firstContent += 3  // U+3000 IDEOGRAPHIC SPACE
          } else {
            break
          }
        }
        if firstContent == contentEnd {
          if let start = paragraphStart {
            blocks.append(Block(kind: .paragraph, range: TextRange(start: start, end: paragraphEnd)))
            paragraphStart = nil
          }
        } else {
          if paragraphStart == nil { paragraphStart = leading }
          paragraphEnd = contentEnd
        }
        lineStart = lineEnd + 1
      }
      if let start = paragraphStart {
        blocks.append(Block(kind: .paragraph, range: TextRange(start: start, end: paragraphEnd)))
      }
    }
    let diagnostics = decoder.diagnostics(placedBy: sourceMap)
    let document = TextDocument(
      format: .text, text: text, blocks: blocks, runs: [], language: options.defaultLanguage,
      diagnostics: diagnostics, sourceMap: sourceMap)
    document._checkInvariants()
    return document
  }
}
