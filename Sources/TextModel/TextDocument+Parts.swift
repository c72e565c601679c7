extension SourceMap {
  /// One input of a document read from several (a chapter of an EPUB book): where its bytes start in
  /// the map's input offsets and which line of `SourceMap/lineStarts` is its first.
  package struct Part: Hashable, Sendable {
    /// The part's name (a container entry: `OEBPS/chapter1.xhtml`).
    package var name: String
    /// The input offset of the part's first byte.
    package var source: Int
    /// The index in `SourceMap/lineStarts` of the part's first line.
    package var firstLine: Int
  }

  /// Appends the map of a part read on its own, whose text starts at `textOffset`: its anchors and
  /// lines follow this map's, its input offsets after this map's input.
  package mutating func append(_ other: SourceMap, name: String, textOffset: Int) {
    let base = inputLength
    var first = lineStarts.count - 1
    if lineStarts[first] != base {
      appendLineStart(base)
      first += 1
    }
    for start in other.lineStarts.dropFirst() { appendLineStart(base + start) }
    appendPart(Part(name: name, source: base, firstLine: first))
    if other.anchors.isEmpty || other.anchors[0].text > 0 { addAnchor(text: textOffset, source: base) }
    for anchor in other.anchors { addAnchor(text: textOffset + anchor.text, source: base + anchor.source) }
    growInput(by: other.inputLength)
  }

  /// The part an input offset lies in, with its line and column counted from the part's start;
  /// nil for a map of one input.
  /// - Complexity: O(log p + log l) for p parts and l lines.
  package func partLocation(forSourceOffset offset: Int) -> (name: String, line: Int, column: Int)? {
    guard !parts.isEmpty else { return nil }
    let index = max(0, parts.partitioningIndex { $0.source > offset } - 1)
    let part = parts[index]
    let (line, column) = lineAndColumn(forSourceOffset: offset)
    return (part.name, max(1, line - part.firstLine), column)
  }

  /// Where a text offset comes from: its line and column in the input, or inside a container's
  /// part (an EPUB chapter, a DOCX part) with the part's name, as the JSON's `input` gives them.
  package func inputLocation(forTextOffset offset: Int) -> (entry: String?, line: Int, column: Int) {
    inputLocation(forSourceOffset: sourceOffset(forTextOffset: offset))
  }

  /// Where an input offset lies: its line and column in the input, or inside a container's part
  /// with the part's name (``inputLocation(forTextOffset:)`` from the input side).
  package func inputLocation(forSourceOffset source: Int) -> (entry: String?, line: Int, column: Int) {
    if let part = partLocation(forSourceOffset: source) { return (part.name, part.line, part.column) }
    let (line, column) = lineAndColumn(forSourceOffset: source)
    return (nil, line, column)
  }

  /// ``inputLocation(forTextOffset:)`` as people write it: `line:column`, or `entry:line:column`.
  package func inputPlace(forTextOffset offset: Int) -> String {
    let (entry, line, column) = inputLocation(forTextOffset: offset)
    return entry.map { "\($0):\(line):\(column)" } ?? "\(line):\(column)"
  }
}

extension TextDocument {
  /// Appends a document read from one part of a larger input (a chapter of a book), after a line
  /// break: its text, blocks, runs (under a language run when it declares a language) and diagnostics
  /// (placed in entry `name` unless they name one), and its source map as part `name`.
  package mutating func append(_ other: TextDocument, name: String) {
    var base = text.utf8.count
    if base > 0 && !other.text.isEmpty {
      text += "\n"
      base += 1
    }
    text += other.text
    let end = text.utf8.count
    for var block in other.blocks {
      block.range = TextRange(start: block.range.start + base, end: block.range.end + base)
      blocks.append(block)
    }
    if let language = other.language, !other.text.isEmpty {
      runs.append(AttributeRun(range: TextRange(start: base, end: end), attribute: .language(language)))
    }
    for var run in other.runs {
      run.range = TextRange(start: run.range.start + base, end: run.range.end + base)
      runs.append(run)
    }
    for var diagnostic in other.diagnostics {
      if diagnostic.entry == nil { diagnostic.entry = name }
      diagnostics.append(diagnostic)
    }
    sourceMap.append(other.sourceMap, name: name, textOffset: base)
  }
}
