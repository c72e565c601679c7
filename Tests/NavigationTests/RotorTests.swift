import Navigation
import Testing
import TextModel

@Suite struct RotorTests {
  func rotor(_ starts: [Int], length: Int = 3, wraps: Bool = false) -> Rotor {
    Rotor(
      kind: .alerts,
      entries: starts.map { RotorEntry(range: TextRange(start: $0, end: $0 + length), label: "\($0)", kind: .alert) },
      wraps: wraps)
  }

  @Test func nextAndPreviousStopAtTheBoundaries() {
    let alerts = rotor([10, 20, 30])
    #expect(alerts.entry(after: 0)?.range.start == 10)
    #expect(alerts.entry(after: 10)?.range.start == 20)
    #expect(alerts.entry(after: 30) == nil)
    #expect(alerts.entry(before: 10) == nil)
    #expect(alerts.entry(before: 31)?.range.start == 20)  // inside the third entry: it counts as on it
    #expect(alerts.entry(before: 100)?.range.start == 30)
  }

  @Test func aPositionInsideAnEntryCountsAsOnIt() {
    let alerts = rotor([10, 20, 30], length: 5)
    #expect(alerts.indexOfEntry(containing: 12) == 0)
    #expect(alerts.entry(after: 12)?.range.start == 20)
    #expect(alerts.entry(before: 22)?.range.start == 10)
    #expect(alerts.indexOfEntry(containing: 16) == nil)
  }

  @Test func aPositionInsideAnOuterEntryAfterAnInnerOneIsInTheOuterOne() {
    // An outer list 0..<100 with an inner list 10..<20: position 50 is in the outer list.
    let lists = Rotor(
      kind: .lists,
      entries: [
        RotorEntry(range: TextRange(start: 0, end: 100), label: "outer", kind: .list),
        RotorEntry(range: TextRange(start: 10, end: 20), label: "inner", kind: .list),
        RotorEntry(range: TextRange(start: 30, end: 40), label: "second inner", kind: .list),
      ])
    #expect(lists.indexOfEntry(containing: 50) == 0)
    #expect(lists.indexOfEntry(containing: 15) == 1)
    #expect(lists.indexOfEntry(containing: 35) == 2)
    #expect(lists.indexOfEntry(containing: 100) == nil)
  }

  @Test func theContainingEntryIsTheLatestStartingOneThatContainsThePosition() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<200 {
      let entries = (0..<Int.random(in: 0...30, using: &generator)).map { index in
        let start = Int.random(in: 0...100, using: &generator)
        return RotorEntry(
          range: TextRange(start: start, end: start + Int.random(in: 0...60, using: &generator)),
          label: "\(index)", kind: .list)
      }
      let rotor = Rotor(kind: .lists, entries: entries)
      for position in 0...170 {
        let expected = rotor.entries.indices.last { rotor.entries[$0].range.contains(position) }
        #expect(rotor.indexOfEntry(containing: position) == expected)
      }
    }
  }

  @Test func aWrappingRotorComesBackAround() {
    let alerts = rotor([10, 20], wraps: true)
    #expect(alerts.entry(after: 20)?.range.start == 10)
    #expect(alerts.entry(before: 10)?.range.start == 20)
  }

  @Test func anEmptyRotorHasNothingInEitherDirection() {
    let empty = rotor([], wraps: true)
    #expect(empty.entry(after: 0) == nil)
    #expect(empty.entry(before: 0) == nil)
  }

  @Test func randomRotorsWalkForwardOverEveryEntryOnceAndBackAgain() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<200 {
      let count = Int.random(in: 0...60, using: &generator)
      var starts: [Int] = []
      var position = Int.random(in: 0...5, using: &generator)
      for _ in 0..<count {
        starts.append(position)
        position += Int.random(in: 1...20, using: &generator)
      }
      let length = Int.random(in: 1...25, using: &generator)
      let subject = rotor(starts, length: length)
      // Forward from before the first entry reaches every entry exactly once, in order.
      var visited: [Int] = []
      var at = -1
      while let next = subject.indexOfEntry(after: at) {
        visited.append(next)
        at = subject.entries[next].range.start
        if visited.count > count { break }
      }
      #expect(visited == Array(0..<count))
      // From any entry, next then previous returns to it.
      for index in 0..<count {
        let start = subject.entries[index].range.start
        if let next = subject.indexOfEntry(after: start) {
          #expect(subject.indexOfEntry(before: subject.entries[next].range.start) == index)
        } else {
          #expect(index == count - 1)
        }
      }
      // From a random position, the next entry starts after it and the previous one before it.
      let probe = Int.random(in: 0...(position + 5), using: &generator)
      if let next = subject.entry(after: probe) {
        #expect(next.range.start > probe || next.range.start == 0 && probe < 0)
      }
      if let previous = subject.entry(before: probe) { #expect(previous.range.start < probe) }
    }
  }

  @Test func aRotorOrderedBySeverityVisitsCriticalAlertsFirst() {
    let entries = [
      RotorEntry(range: TextRange(start: 0, end: 1), label: "a", kind: .alert, severity: .info),
      RotorEntry(range: TextRange(start: 5, end: 6), label: "b", kind: .alert, severity: .critical),
      RotorEntry(range: TextRange(start: 9, end: 10), label: "c", kind: .alert, severity: .warning),
    ]
    let bySeverity = Rotor(
      kind: .alerts, entries: entries, orderedBy: { ($0.severity ?? .info) > ($1.severity ?? .info) })
    #expect(bySeverity.entries.map(\.label) == ["b", "c", "a"])
    #expect(bySeverity.step(from: 0, by: 1) == 1)
    #expect(bySeverity.step(from: 2, by: 1) == nil)
  }

  @Test func labelsFoldWhitespaceAndShortenAtAWord() {
    #expect(RotorEntry.label(from: "  East   Meadow\n closed ") == "East Meadow closed")
    let long = RotorEntry.label(from: Substring(String(repeating: "word ", count: 50)), limit: 20)
    #expect(long.hasSuffix("…"))
    #expect(long.count <= 21)
  }
}

@Suite struct RotorLabelTests {
  @Test func whitespaceIsFoldedAndAnUnlimitedLabelKeepsEverything() {
    #expect(RotorEntry.label(from: "  Trail\n\n closed \t today  ", limit: Int.max) == "Trail closed today")
  }

  @Test func aLongLabelIsCutAtAWordWithAnEllipsis() {
    let label = RotorEntry.label(from: "The wooden bridge at Mile 2 is narrow", limit: 20)
    #expect(label == "The wooden bridge at…")
  }

  @Test func aCutNeverSplitsAnAccentOrAnEmojiSequence() {
    // "e" + COMBINING ACUTE counts as one character; the family emoji (ZWJ sequence) as one.
    let text: Substring = "Cafe\u{301} 👩‍👩‍👧 and more"
    #expect(RotorEntry.label(from: text, limit: 6) == "Cafe\u{301} 👩‍👩‍👧…")
    #expect(RotorEntry.label(from: text, limit: 4) == "Cafe\u{301}…")
  }
}

@Suite struct RotorKindNameTests {
  @Test func headingLevelRotorsKnowTheirLevelAndNoOtherRotorHasOne() {
    #expect(RotorKind("heading3").headingLevel == 3)
    #expect(RotorKind.heading(level: 6).headingLevel == 6)
    #expect(RotorKind.headings.headingLevel == nil)
    // Issue 45: levels 7–9 (aria-level), as NVDA and JAWS move by them.
    #expect(RotorKind("heading7").headingLevel == 7)
    #expect(RotorKind("heading9").headingLevel == 9)
    #expect(RotorKind("heading0").headingLevel == nil)
    #expect(RotorKind("heading12").headingLevel == nil)
  }

  @Test func aCustomPatternThatDoesNotCompileThrowsAnErrorThatNamesIt() throws {
    let document = TextDocument(
      format: .text, text: "a b c", blocks: [], runs: [], language: nil, diagnostics: [],
      sourceMap: SourceMap())
    let index = RotorIndex(document: document, detections: [])
    #expect(throws: RotorPatternError.self) { try index.rotor(matching: "(unclosed") }
    #expect(try index.rotor(matching: "b").count == 1)
  }
}
