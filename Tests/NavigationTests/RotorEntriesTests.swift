import Detection
import DocumentParsing
import Navigation
import TestSupport
import Testing
import TextModel

/// Built-in rotors keep their entries by position and make each when read (``RotorEntries``): what a
/// person hears and `rotor --list` prints must be exactly the entries built whole, as before.
@Suite struct RotorEntriesTests {
  /// The simple version: every entry built as a value, as the rotors were built before.
  static func builtWhole(_ kind: RotorKind, document: TextDocument, detections: DetectionList) -> [RotorEntry]? {
    func detectionEntries(_ detectionKind: DetectionKind, minimum: AlertSeverity? = nil) -> [RotorEntry] {
      detections.filter { d in d.kind == detectionKind && (minimum.map { (d.severity ?? .warning) >= $0 } ?? true) }
        .map {
          RotorEntry(
            range: $0.range, label: RotorEntry.label(from: document[$0.range]), kind: .detection($0.kind),
            value: $0.value, severity: $0.severity)
        }
    }
    func blockEntries(_ blockKind: BlockKind, _ entryKind: RotorEntry.Kind) -> [RotorEntry] {
      document.blocks.filter { $0.kind == blockKind }.map {
        RotorEntry(range: $0.range, label: RotorEntry.label(from: document[$0.range]), kind: entryKind)
      }
    }
    switch kind {
    case .links: return detectionEntries(.link)
    case .emails: return detectionEntries(.email)
    case .phones: return detectionEntries(.phone)
    case .alerts: return detectionEntries(.alert)
    case .warnings: return detectionEntries(.alert, minimum: .warning)
    case .blockQuotes: return blockEntries(.blockQuote, .blockQuote)
    case .listItems: return blockEntries(.listItem, .listItem)
    default:
      guard kind == .headings || kind.headingLevel != nil else { return nil }
      return document.blocks.compactMap { block in
        guard case .heading(let level) = block.kind, kind.headingLevel == nil || kind.headingLevel == level else {
          return nil
        }
        return RotorEntry(
          range: block.range, label: RotorEntry.label(from: document[block.range]), kind: .heading, level: level)
      }
    }
  }

  @Test(arguments: CorpusFiles.mixed)
  func entriesReadByPositionAreTheEntriesBuiltWhole(_ name: String) throws {
    let document = try DocumentReader().read(path: CorpusFiles.directory + "/" + name)
    let detections = DocumentDetector().detect(in: document)
    let index = RotorIndex(document: document, detections: detections)
    var compared = 0
    for kind in RotorIndex.builtInOrder {
      // Every entry made in one pass (`forEachEntry`, what the preview page lists) is the entry read
      // by position, for the rotors kept by value too.
      let rotor = try #require(index.rotor(kind))
      var each: [RotorEntry] = []
      rotor.entries.forEachEntry { each.append($0) }
      #expect(each == Array(rotor.entries), "\(name): \(kind.rawValue)")
      guard let expected = Self.builtWhole(kind, document: document, detections: detections) else { continue }
      let entries = try #require(index.rotor(kind)).entries
      #expect(Array(entries) == expected, "\(name): \(kind.rawValue)")
      #expect(entries.indices.map { entries.range(at: $0) } == expected.map(\.range), "\(name): \(kind.rawValue)")
      compared += expected.count
    }
    #expect(compared > 0, "\(name) has entries to compare")
  }

  /// A page with every kind kept by position: headings of several levels, links, e-mail addresses, a
  /// phone number, alerts of two severities, list items and a block quote.
  @Test func everyKindKeptByPositionReadsAsBuiltWhole() throws {
    let page = """
      <html lang="en"><body><h1>Trails</h1><p>See <a href="https://example.org/a">the map</a> or
      write to desk@example.org, call +1 415 555 0132.</p><div role="alert">Warning: the bridge is closed.</div>
      <p>Note: bring water.</p><h2>Huts</h2><ul><li>North hut</li><li>South <b>hut</b></li></ul>
      <blockquote>Leave no trace.</blockquote><h3>   Spaced    heading   </h3></body></html>
      """
    let document = try DocumentReader().read(bytes: Array(page.utf8), format: .html)
    let detections = DocumentDetector().detect(in: document)
    let index = RotorIndex(document: document, detections: detections)
    for kind in RotorIndex.builtInOrder {
      guard let expected = Self.builtWhole(kind, document: document, detections: detections) else { continue }
      #expect(Array(try #require(index.rotor(kind)).entries) == expected, "\(kind.rawValue)")
    }
    #expect(index.rotor(.headings)?.entries.map(\.label) == ["Trails", "Huts", "Spaced heading"])
    #expect(index.rotor(.headings)?.entries.map(\.level) == [1, 2, 3])
    #expect(index.rotor(.links)?.entries.first?.value == "https://example.org/a")
    #expect(index.rotor(.phones)?.entries.first?.value == "tel:+14155550132")
    #expect(index.rotor(.listItems)?.entries.map(\.label) == ["North hut", "South hut"])
  }

  /// Custom rotors over attributes and pattern matches are kept by range too.
  @Test func customRotorsReadAsBuiltWhole() throws {
    let page = "<p>Use <code>make  all</code> then <em>wait</em>; <code>make test</code> last.</p>"
    let document = try DocumentReader().read(bytes: Array(page.utf8), format: .html)
    let index = RotorIndex(document: document, detections: DetectionList())
    let code = index.rotor(attribute: "code")
    #expect(
      Array(code.entries) == [
        RotorEntry(range: code.entries.range(at: 0), label: "make all", kind: "code"),
        RotorEntry(range: code.entries.range(at: 1), label: "make test", kind: "code"),
      ])
    let matches = try index.rotor(matching: "make\\s+\\w+")
    #expect(matches.entries.map(\.label) == ["make all", "make test"])
    #expect(matches.entries.map(\.kind) == [.match, .match])
    #expect(matches.entries.indices.map { document[matches.entries.range(at: $0)] } == ["make all", "make test"])
  }
}
