public import TextModel

/// Reads plain text. The document text is the input itself (invalid UTF-8 replaced with U+FFFD),
/// so every range is a range of the input.
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
    var repair = UTF8Repair()
    let repaired = bytes.withUnsafeBytes { repair.repair($0, isFinal: true) }
    var text = String(decoding: repaired, as: UTF8.self)
    var skipBOM = 0
    if text.hasPrefix("\u{FEFF}") {
      text.removeFirst()
      skipBOM = 3
    }
    var sourceMap = SourceMap()
    bytes.withUnsafeBytes { sourceMap.scanLines($0) }
    sourceMap.addAnchor(text: 0, source: skipBOM)
    for shift in repair.shifts { sourceMap.addAnchor(text: shift.repaired - skipBOM, source: shift.original) }

    var blocks: [Block] = []
    var runs: [AttributeRun] = []
    var paragraphStart: Int?
    var paragraphEnd = 0
    var alertStart: (offset: Int, cue: AlertCue)?
    var offset = 0

    func closeAlert(at end: Int) {
      if let open = alertStart, end > open.offset {
        runs.append(AttributeRun(range: TextRange(start: open.offset, end: end),
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
      while end > runs[index].range.start, utf8[end - 1] == 0x0A || utf8[end - 1] == 0x0D || utf8[end - 1] == 0x20 { end -= 1 }
      runs[index].range.end = end
    }
    runs.sort { $0.range.start < $1.range.start }
    var diagnostics: [Diagnostic] = []
    if repair.replacementCount > 0, let first = repair.firstInvalidOffset {
      let (line, column) = sourceMap.lineAndColumn(forSourceOffset: first)
      diagnostics.append(Diagnostic(.warning, "\(repair.replacementCount) invalid UTF-8 sequence(s) replaced with U+FFFD",
                                    line: line, column: column))
    }
    return TextDocument(format: .text, text: text, blocks: blocks, runs: runs, language: options.defaultLanguage,
                        diagnostics: diagnostics, sourceMap: sourceMap)
  }
}
