public import TextModel

/// Reads plain text. The document text is the input itself, decoded (``InputDecoder``: a byte-order
/// mark removed, invalid UTF-8 and NULs replaced with U+FFFD, other encodings converted), and the
/// source map is exact, so every range maps to the input bytes it came from.
///
/// Paragraphs are separated by blank lines; a line that starts with an alert cue ("Warning:",
/// "注意：", "Cảnh báo:", "تحذير:", "⚠"…) starts an alert that runs to the end of its paragraph or
/// to the next cue line.
public struct TextReader: Sendable {
  /// Reading overrides (the default language).
  public var options: ReaderOptions

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

    var blocks: [Block] = []
    var runs: [AttributeRun] = []
    var paragraphStart: Int?
    var paragraphEnd = 0
    var alertStart: (offset: Int, cue: AlertCue)?
    var offset = 0

    func closeAlert(at end: Int) {
      if let open = alertStart, end > open.offset {
        runs.append(
          AttributeRun(
            range: TextRange(start: open.offset, end: end),
            attribute: .alert(severity: open.cue.severity, kind: "cue:\(open.cue.word)")))
      }
      alertStart = nil
    }

    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let lineLength = line.utf8.count
      let content = line.hasSuffix("\r") ? line.dropLast() : line
      let isBlank = content.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\u{3000}" }
      if isBlank {
        if let start = paragraphStart {
          blocks.append(Block(kind: .paragraph, range: TextRange(start: start, end: paragraphEnd)))
          closeAlert(at: paragraphEnd)
          paragraphStart = nil
        }
      } else {
        let leading = content.prefix { $0 == " " || $0 == "\t" }.utf8.count
        if paragraphStart == nil { paragraphStart = offset + leading }
        paragraphEnd = offset + content.utf8.count
        if let match = AlertCue.match(atStartOf: content) {
          closeAlert(at: offset)
          alertStart = (offset + leading, match.cue)
        }
      }
      offset += lineLength + 1
    }
    if let start = paragraphStart {
      blocks.append(Block(kind: .paragraph, range: TextRange(start: start, end: paragraphEnd)))
      closeAlert(at: paragraphEnd)
    }
    // An alert closed at a line start includes the line break before it; trim trailing whitespace.
    let utf8 = Array(text.utf8)
    for index in runs.indices {
      var end = runs[index].range.end
      while end > runs[index].range.start, utf8[end - 1] == 0x0A || utf8[end - 1] == 0x0D || utf8[end - 1] == 0x20 {
        end -= 1
      }
      runs[index].range.end = end
    }
    runs.sort { $0.range.start < $1.range.start }
    let diagnostics = decoder.diagnostics(placedBy: sourceMap)
    return TextDocument(
      format: .text, text: text, blocks: blocks, runs: runs, language: options.defaultLanguage,
      diagnostics: diagnostics, sourceMap: sourceMap)
  }
}
