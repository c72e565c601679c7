public import TextModel

/// Finds alerts: ranges the markup marked (`role="alert"`, `class="warning"`, DocBook admonitions,
/// DITA notes; these arrive as `.alert` runs from the parser) and lines of text that open with a cue
/// word ("Warning:", "注意：", "Cảnh báo:", "تحذير:", "⚠"), including cue words from a rules file.
///
/// A text cue inside a range the markup already marked as an alert adds nothing.
public struct AlertDetector: Sendable {
  /// The cue words in force (built-in ones plus those from rules).
  public var cues: [AlertCue]

  public init(rules: AlertRules = AlertRules()) {
    // Longer cues first so "ご注意" wins over "注意".
    cues = (rules.cues + AlertCue.builtIn).sorted { $0.word.count > $1.word.count }
  }

  /// The alerts of `document`, in document order.
  public func detect(in document: TextDocument) -> [Detection] {
    var results: [Detection] = []
    var marked: [TextRange] = []
    for run in document.runs {
      guard case .alert(let severity, let marking) = run.attribute else { continue }
      let fromCue = marking.hasPrefix("cue:")
      results.append(
        Detection(
          kind: .alert, range: run.range, value: severity.rawValue, source: fromCue ? .text : .markup,
          confidence: fromCue ? 0.9 : 1.0, reason: fromCue ? "line starts with \"\(marking.dropFirst(4))\"" : "markup: \(marking)",
          severity: severity))
      marked.append(run.range)
    }
    marked.sort { $0.start < $1.start }
    // Text cues at line starts in markup documents (the text reader already found them in plain text).
    if document.format != .text {
      var text = document.text
      var markedIndex = 0
      text.withUTF8 { bytes in
        var lineStart = 0
        while lineStart < bytes.count {
          var lineEnd = lineStart
          while lineEnd < bytes.count && bytes[lineEnd] != 0x0A { lineEnd += 1 }
          if let match = AlertCue.match(atStartOf: UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd]), cues: cues) {
            let range = TextRange(start: lineStart, end: lineEnd)
            while markedIndex < marked.count && marked[markedIndex].end <= range.start { markedIndex += 1 }
            let overlapsMarkup = markedIndex < marked.count && marked[markedIndex].start < range.end
            if !overlapsMarkup {
              let cue = cues[match.cueIndex]
              results.append(
                Detection(
                  kind: .alert, range: range, value: cue.severity.rawValue, source: .text, confidence: 0.85,
                  reason: "line starts with \"\(cue.word)\"", severity: cue.severity))
            }
          }
          lineStart = lineEnd + 1
        }
      }
    }
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
  public var cues: [AlertCue] = []

  public init() {}

  /// A rule that could not be read.
  public struct RuleError: Error, CustomStringConvertible, Sendable {
    /// The 1-based line of the rules text.
    public var line: Int
    /// What is wrong.
    public var message: String
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
