extension TextDocument {
  /// What is wrong with this document's structure, one sentence per broken rule; empty when it holds
  /// every invariant the other stages rely on:
  /// - every block and run range lies inside the text, starts and ends on a scalar boundary;
  /// - blocks and runs are ordered by start offset (an enclosing block comes before what it contains);
  /// - block depths are not negative;
  /// - source-map anchors increase in text order, lie inside the text, and never point past the input;
  /// - input line starts increase.
  /// - Complexity: O(b + r + a + l) for b blocks, r runs, a anchors and l lines.
  package func invariantViolations() -> [String] {
    var problems: [String] = []
    let utf8 = text.utf8
    let length = utf8.count
    func isBoundary(_ offset: Int) -> Bool {
      offset == length || (offset < length && utf8[utf8.index(utf8.startIndex, offsetBy: offset)] & 0xC0 != 0x80)
    }
    func check(_ range: TextRange, _ what: String) {
      if range.start < 0 || range.end > length {
        problems.append("\(what) \(range) lies outside the text (0..<\(length))")
      } else if !isBoundary(range.start) || !isBoundary(range.end) {
        problems.append("\(what) \(range) cuts a scalar")
      }
    }
    for (index, block) in blocks.enumerated() {
      check(block.range, "block \(index) (\(block.kind.name))")
      if index > 0 && block.range.start < blocks[index - 1].range.start {
        problems.append("block \(index) starts before block \(index - 1)")
      }
      if block.depth < 0 { problems.append("block \(index) has depth \(block.depth)") }
    }
    for (index, run) in runs.enumerated() {
      check(run.range, "run \(index) (\(run.attribute.name))")
      if index > 0 && run.range.start < runs[index - 1].range.start {
        problems.append("run \(index) starts before run \(index - 1)")
      }
    }
    let anchors = sourceMap.anchors
    for (index, anchor) in anchors.enumerated() {
      if anchor.text < 0 || anchor.text > length { problems.append("anchor \(index) lies outside the text") }
      if index > 0 && anchor.text <= anchors[index - 1].text {
        problems.append("anchor \(index) does not follow anchor \(index - 1) in the text")
      }
      if sourceMap.inputLength > 0 && (anchor.source < 0 || anchor.source > sourceMap.inputLength) {
        problems.append("anchor \(index) points outside the input (\(anchor.source) of \(sourceMap.inputLength))")
      }
    }
    let lines = sourceMap.lineStarts
    for index in lines.indices.dropFirst() where lines[index] <= lines[index - 1] {
      problems.append("line \(index + 1) does not start after line \(index)")
    }
    return problems
  }

  /// Stops a debug build when the document breaks an invariant (``invariantViolations()``); does
  /// nothing in a release build. Readers call it on every document they finish.
  package func _checkInvariants() {
    assert(
      {
        let problems = invariantViolations()
        if !problems.isEmpty {
          print("TextDocument invariants broken:\n" + problems.prefix(20).joined(separator: "\n"))
        }
        return problems.isEmpty
      }(), "TextDocument invariants broken")
  }
}
