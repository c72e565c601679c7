import Testing

@_spi(Plumbing) @testable import TextModel

/// `MarkupFacts` and its collector: the reader's depth limit holds for the facts too, and the walks
/// over them (descendants, text content) hold at any depth in time linear in what they visit.
@Suite struct MarkupFactsTests {
  /// Facts of `depth` nested `<div>`s around one text node, collected with `limit`.
  static func nested(_ depth: Int, limit: Int = .max) -> MarkupFacts {
    var collector = MarkupFactsCollector(maximumDepth: limit)
    for level in 0..<depth {
      collector.attribute("id", "d\(level)")
      collector.start("div", sourceOffset: level * 5)
    }
    "x".utf8.withContiguousStorageIfAvailable { collector.text($0) }
    for _ in 0..<depth { collector.end("div") }
    collector.start("p", sourceOffset: depth * 11)
    collector.end("p")
    return collector.finish(mapping: { $0 }, lineAndColumn: { (1, $0 + 1) })
  }

  @Test func elementsPastTheDepthLimitAreNotElementsAndTheirTextGoesToTheInnermostKept() {
    let facts = Self.nested(10, limit: 3)
    #expect(facts.names == ["div", "div", "div", "p"])
    #expect(facts.parents == [-1, 0, 1, -1])
    // The attributes of the elements left out are dropped with them.
    #expect(facts.attributeNames == ["id", "id", "id"])
    #expect(facts[2]["id"] == "d2")
    #expect(facts.textContent(of: 2) == "x")
    #expect(facts.children == [.element(1), .element(2), .text("x")])
    // Ends of the elements left out close them, not the kept ones: <p> is top-level again.
    #expect(facts.parent(of: 3) == nil)
  }

  @Test func descendantsAndTextContentWalkAnyDepthInLinearTime() {
    let depth = 200_000
    let facts = Self.nested(depth)
    let clock = ContinuousClock()
    let started = clock.now
    #expect(facts.descendants(of: 0) == 1..<depth)
    #expect(facts.descendants(of: depth - 1).isEmpty)
    #expect(facts.textContent(of: 0) == "x")
    #expect(facts.textContent(of: depth) == "")
    // Linear: a climb per element (the old walk) took minutes here, a recursion crashed.
    #expect(clock.now - started < .seconds(5))
  }

  @Test func remappedSourcesGetTheirLineAndColumnAnew() {
    var facts = Self.nested(2)
    facts.remapSources({ $0 + 100 }, lineAndColumn: { (2, $0 - 99) })
    #expect(facts.sourceOffsets == [100, 105, 122])
    #expect(facts[1].line == 2 && facts[1].column == 6)
  }
}

extension MarkupFacts {
  fileprivate func parent(of index: Int) -> Int? { self[index].parent }
}
