import TextModel

/// The language of every part of a document's text, in one pass over its runs: the innermost
/// declared language (`lang`), else the document's language, else the identified one. This is
/// ``TextDocument/language(at:)`` for all offsets at once (that function looks at every run for
/// one offset, which would make a large document quadratic).
struct LanguageSegments {
  /// Where each language starts, in increasing order of offset (the first at 0).
  private(set) var starts: [Int] = []
  private(set) var languages: [String] = []
  private var cursor = 0

  init(document: TextDocument) {
    var declared: [AttributeRun] = []
    var detected: [AttributeRun] = []
    for run in document.runs {
      switch run.attribute {
      case .language: declared.append(run)
      case .detectedLanguage: detected.append(run)
      default: break
      }
    }
    declared.sort { $0.range.start < $1.range.start }
    detected.sort { $0.range.start < $1.range.start }
    var boundaries = [0]
    for run in declared + detected { boundaries += [run.range.start, run.range.end] }
    boundaries.sort()
    var nextDeclared = 0
    var nextDetected = 0
    var openDeclared: [AttributeRun] = []
    var openDetected: [AttributeRun] = []
    var previous: Int?
    for boundary in boundaries where boundary != previous && boundary < max(1, document.text.utf8.count) {
      previous = boundary
      openDeclared.removeAll { $0.range.end <= boundary }
      openDetected.removeAll { $0.range.end <= boundary }
      while nextDeclared < declared.count, declared[nextDeclared].range.start <= boundary {
        if declared[nextDeclared].range.end > boundary { openDeclared.append(declared[nextDeclared]) }
        nextDeclared += 1
      }
      while nextDetected < detected.count, detected[nextDetected].range.start <= boundary {
        if detected[nextDetected].range.end > boundary { openDetected.append(detected[nextDetected]) }
        nextDetected += 1
      }
      let innermost = openDeclared.min { $0.range.length < $1.range.length }
      let language =
        Self.tag(of: innermost) ?? document.language ?? Self.tag(of: openDetected.last)
        ?? DocumentBraille.fallbackLanguage
      if languages.last != language {
        starts.append(boundary)
        languages.append(language)
      }
    }
    if starts.isEmpty {
      starts = [0]
      languages = [document.language ?? DocumentBraille.fallbackLanguage]
    }
  }

  private static func tag(of run: AttributeRun?) -> String? {
    switch run?.attribute {
    case .language(let tag): tag
    case .detectedLanguage(let tag, _): tag
    default: nil
    }
  }

  /// The pieces of `range` and their languages; ranges must be asked for in increasing order.
  mutating func pieces(of range: TextRange) -> [(range: TextRange, language: String)] {
    while cursor + 1 < starts.count, starts[cursor + 1] <= range.start { cursor += 1 }
    var result: [(range: TextRange, language: String)] = []
    var index = cursor
    var start = range.start
    while true {
      let end = index + 1 < starts.count ? min(range.end, starts[index + 1]) : range.end
      if end > start || result.isEmpty {
        result.append((TextRange(start: start, end: max(start, end)), languages[index]))
      }
      if end >= range.end || index + 1 >= starts.count { break }
      start = end
      index += 1
    }
    return result
  }

  /// The language covering most of the text by identified runs, when the document declares none.
  static func dominant(in document: TextDocument) -> String? {
    var lengths: [String: Int] = [:]
    for run in document.runs {
      if case .detectedLanguage(let tag, _) = run.attribute { lengths[tag, default: 0] += run.range.length }
    }
    return lengths.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key
  }
}
