package import TextModel

#if canImport(Glibc)
  internal import Glibc
#endif

/// Finds alerts: ranges the markup marked (`role="alert"`, `class="warning"`, DocBook admonitions,
/// DITA notes; these arrive as `.alert` runs from the parser) and lines of text that open with a cue
/// word ("Warning:", "注意：", "Cảnh báo:", "تحذير:", "⚠"), built-in or from a rules file, in every
/// input format.
///
/// In plain text a cue line opens an alert that runs to the end of its paragraph or to the next cue
/// line; in markup, where blocks and line breaks come from elements, it covers its line. A text cue
/// inside a range the markup already marked as an alert adds nothing.
package struct AlertDetector: Sendable {
  /// The cue words in force (built-in ones plus those from rules), longest first.
  package var cues: [AlertCue] { matcher.cues }
  private let matcher: AlertCueMatcher

  /// Creates an alert detector with the built-in cues plus `rules`.
  package init(rules: AlertRules = AlertRules()) {
    matcher = rules.cues.isEmpty ? .builtIn : AlertCueMatcher(cues: rules.cues + AlertCue.builtIn)
  }

  /// The alerts of `document`, in document order.
  package func detect(in document: TextDocument) -> [Detection] {
    var results: [Detection] = []
    var marked: [TextRange] = []
    for run in document.runs {
      guard case .alert(let severity, let marking) = run.attribute else { continue }
      results.append(
        Detection(
          kind: .alert, range: run.range, value: severity.rawValue, source: .markup, confidence: 1.0,
          reason: "markup: \(marking)", severity: severity))
      marked.append(run.range)
    }
    marked.sort { $0.start < $1.start }
    var cueAlerts: [Detection] = []
    let isPlainText = document.format == .text
    var text = document.text
    text.withUTF8 { bytes in
      var markedIndex = 0
      var paragraphIndex = 0
      var open: (start: Int, cue: AlertCue, paragraphEnd: Int)?
      func close(at end: Int) {
        guard let alert = open else { return }
        open = nil
        var end = end
        while end > alert.start, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D || bytes[end - 1] == 0x20 { end -= 1 }
        guard end > alert.start else { return }
        cueAlerts.append(
          Detection(
            kind: .alert, range: TextRange(start: alert.start, end: end), value: alert.cue.severity.rawValue,
            source: .text, confidence: 0.9, reason: "line starts with \"\(alert.cue.word)\"",
            severity: alert.cue.severity))
      }
      var lineStart = 0
      while lineStart < bytes.count {
        var lineEnd = bytes.count
        if let base = bytes.baseAddress, let found = memchr(base + lineStart, 0x0A, bytes.count - lineStart) {
          lineEnd = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
        if let alert = open, lineStart >= alert.paragraphEnd { close(at: alert.paragraphEnd) }
        var contentEnd = lineEnd
        if contentEnd > lineStart && bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
        if let match = matcher.match(atStartOf: UnsafeBufferPointer(rebasing: bytes[lineStart..<contentEnd])) {
          let cue = matcher.cues[match.cueIndex]
          if isPlainText {
            // From the cue line (after its indentation) to the end of its paragraph or the next cue line.
            close(at: lineStart)
            let blocks = document.blocks
            while paragraphIndex < blocks.count && blocks[paragraphIndex].range.end < lineStart { paragraphIndex += 1 }
            var indent = lineStart
            while indent < contentEnd && (bytes[indent] == 0x20 || bytes[indent] == 0x09) { indent += 1 }
            let paragraphEnd =
              paragraphIndex < blocks.count ? max(blocks[paragraphIndex].range.end, contentEnd) : contentEnd
            open = (indent, cue, paragraphEnd)
          } else {
            let range = TextRange(start: lineStart, end: lineEnd)
            while markedIndex < marked.count && marked[markedIndex].end <= range.start { markedIndex += 1 }
            let overlapsMarkup = markedIndex < marked.count && marked[markedIndex].start < range.end
            if !overlapsMarkup {
              cueAlerts.append(
                Detection(
                  kind: .alert, range: range, value: cue.severity.rawValue, source: .text, confidence: 0.85,
                  reason: "line starts with \"\(cue.word)\"", severity: cue.severity))
            }
          }
        }
        lineStart = lineEnd + 1
      }
      if let alert = open { close(at: min(alert.paragraphEnd, bytes.count)) }
    }
    results.append(contentsOf: cueAlerts)
    return results.sorted { $0.range.start < $1.range.start }
  }
}

/// User rules for alerts: extra cue words, one rule per line in a small text format.
///
/// ```
/// # comment
/// cue  Heads up  warning
/// cue  Achtung   critical
/// ```
/// Each non-comment line is `cue`, the word or phrase, and a severity (info, warning, critical),
/// separated by two or more spaces or a tab.
public struct AlertRules: Sendable {
  /// Extra cue words.
  package var cues: [AlertCue] = []

  /// No extra cues: only the built-in ones apply.
  public init() {}

  /// A rule that could not be read.
  public struct RuleError: Error, CustomStringConvertible, Sendable {
    /// The 1-based line of the rules text.
    public package(set) var line: Int
    /// What is wrong.
    public package(set) var message: String
    /// The problem with its line in the rules file.
    public var description: String { "line \(line): \(message)" }
  }

  /// Parses rules text.
  public init(parsing text: String) throws(RuleError) {
    for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = rawLine.trimmingCharacters()
      if line.isEmpty || line.hasPrefix("#") { continue }
      let fields = line.splitOnWideSpace()
      guard fields.count == 3, fields[0] == "cue" else {
        throw RuleError(line: index + 1, message: "expected: cue<TAB or 2+ spaces>WORD<TAB or 2+ spaces>SEVERITY")
      }
      guard let severity = AlertSeverity(rawValue: fields[2].lowercased()) else {
        throw RuleError(line: index + 1, message: "unknown severity \"\(fields[2])\" (use info, warning or critical)")
      }
      cues.append(AlertCue(fields[1].lowercased(), severity, isSymbol: !fields[1].contains(where: \.isLetter)))
    }
  }
}

extension Substring {
  fileprivate func trimmingCharacters() -> Substring {
    drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed()
      .reduce(into: Substring()) { $0.append($1) }
  }

  /// Fields separated by a tab or by two or more spaces.
  fileprivate func splitOnWideSpace() -> [String] {
    var fields: [String] = []
    var current = ""
    var spaces = 0
    for character in self {
      if character == "\t" || (character == " " && spaces >= 1) {
        if !current.isEmpty {
          fields.append(current.hasSuffix(" ") ? String(current.dropLast()) : current)
          current = ""
        }
        spaces = character == "\t" ? 2 : spaces + 1
        continue
      }
      if character == " " {
        spaces += 1
        current.append(character)
        continue
      }
      spaces = 0
      current.append(character)
    }
    if !current.isEmpty { fields.append(current.hasSuffix(" ") ? String(current.dropLast()) : current) }
    return fields.filter { !$0.isEmpty }
  }
}
