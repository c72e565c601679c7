import Detection
import DocumentParsing
import Foundation
import Navigation
import ParallelSupport
import TestSupport
import Testing
import TextModel

/// Rotors are built when first asked for: the order of asking, copies of the index, threads and
/// counting without building must not change a single entry or fact.
@Suite(.tags(.threadSafety)) struct RotorIndexOnDemandTests {
  static let page = """
    <html lang="en"><body>
    <nav aria-label="Site"><ul><li><a href="/a" aria-label="Home page">Home</a></li><li><a href="/b">Trails</a></li></ul></nav>
    <main><h1>Park trip</h1><p>Call (415) 555-0132 or write to ranger@example.org; see https://parks.example.org/map.</p>
    <h2>Gear</h2><ol><li>Boots<ul><li>Laces</li><li>Socks</li></ul></li><li>Water</li></ol>
    <blockquote>Leave no trace.</blockquote><img src="map.png" alt="Trail map">
    <table><caption>Hours</caption><tr><th>Day</th><th>Open</th></tr><tr><td>Mon</td><td>9</td></tr></table>
    <p role="alert">Danger: the bridge is closed.</p><p class="note">Note: bring a lamp.</p>
    <h3>Contact</h3><p>Tel: <a href="tel:+81-3-1234-5678">03-1234-5678</a>, <a href="mailto:desk@example.jp">desk</a></p>
    <section aria-label="More"><h6>Small print</h6></section></main></body></html>
    """

  /// The page with its languages identified and its detections, as the facade's `Document` reads it.
  static func document() throws -> (content: TextDocument, detections: DetectionList) {
    let content = LanguageIdentifier().annotating(try TextDocument(parsingHTML: Array(page.utf8)))
    return (content, DocumentDetector().detect(in: content))
  }

  static func snapshot(_ index: RotorIndex, order: [RotorKind]) -> [RotorKind: ([RotorEntry], [EntryFacts?])] {
    var result: [RotorKind: ([RotorEntry], [EntryFacts?])] = [:]
    for kind in order {
      let entries = Array(index.rotor(kind)?.entries ?? [])
      result[kind] = (entries, entries.map { index.facts(of: $0, in: kind) })
    }
    return result
  }

  @Test func theOrderOfAskingDoesNotChangeAnyRotor() throws {
    let document = try Self.document()
    let forward = Self.snapshot(
      RotorIndex(document: document.content, detections: document.detections),
      order: RotorIndex.builtInOrder)
    let backward = Self.snapshot(
      RotorIndex(document: document.content, detections: document.detections),
      order: RotorIndex.builtInOrder.reversed())
    for kind in RotorIndex.builtInOrder {
      #expect(forward[kind]!.0 == backward[kind]!.0, "\(kind)")
      #expect(forward[kind]!.1 == backward[kind]!.1, "\(kind)")
    }
    // What the page holds, so the comparison is not between two empty sets.
    #expect(forward[.headings]!.0.map(\.label) == ["Park trip", "Gear", "Contact", "Small print"])
    #expect(forward[.heading(level: 6)]!.0.count == 1)
    #expect(forward[.links]!.0.count >= 3)
    #expect(forward[.links]!.1.contains { $0?.name == "Home page" })
    #expect(forward[.lists]!.0.first { $0.label.hasPrefix("numbered list, 2 items") } != nil)
    #expect(forward[.tables]!.0.first?.label.hasPrefix("table, 2 rows, 2 columns") == true)
    #expect(forward[.landmarks]!.1.contains { $0?.name == "Site" })
    #expect(forward[.phones]!.0.count == 2)
    #expect(forward[.warnings]!.0.count == 1 && forward[.alerts]!.0.count == 2)
    #expect(forward[.images]!.0.count == 1 && forward[.blockQuotes]!.0.count == 1)
  }

  @Test func countsWithoutBuildingEqualTheBuiltRotors() throws {
    let document = try Self.document()
    let counting = RotorIndex(document: document.content, detections: document.detections)
    let building = RotorIndex(document: document.content, detections: document.detections)
    for kind in RotorIndex.builtInOrder {
      #expect(counting.entryCount(of: kind) == building.rotor(kind)?.count, "\(kind)")
    }
    #expect(counting.entryCount(of: RotorKind("nonesuch")) == nil)
    var custom = counting
    custom.add(Rotor(kind: .links, entries: []))
    #expect(custom.entryCount(of: .links) == 0 && custom.rotor(.links)?.count == 0)
    #expect(counting.rotor(.links)?.count == building.rotor(.links)?.count)  // the original is unchanged
  }

  @Test func threadsAskingAtOnceGetTheSameRotors() throws {
    let document = try Self.document()
    let index = RotorIndex(document: document.content, detections: document.detections)
    let expected = Self.snapshot(
      RotorIndex(document: document.content, detections: document.detections), order: RotorIndex.builtInOrder)
    let results = LockedLists()
    Parallelism.workers(4).forEach(16) { iteration in
      let kind = RotorIndex.builtInOrder[iteration % RotorIndex.builtInOrder.count]
      let entries = Array(index.rotor(kind)?.entries ?? [])
      #expect(entries == expected[kind]!.0)
      results.append(entries)
    }
    #expect(results.count == 16)
  }
}

/// Entries lists appended to from several threads.
final class LockedLists: @unchecked Sendable {
  private var lists: [[RotorEntry]] = []
  private let lock = Lock()
  func append(_ list: [RotorEntry]) { lock.withLock { lists.append(list) } }
  var count: Int { lock.withLock { lists.count } }
}
