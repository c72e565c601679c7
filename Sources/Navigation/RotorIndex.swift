public import Detection
public import TextModel
internal import UnicodeSupport

/// Every built-in rotor of one document, built once from its blocks, runs and detections.
///
/// ```swift
/// let index = RotorIndex(document: document, detections: DocumentDetector().detect(in: document))
/// let alerts = index.rotor(.alerts)
/// ```
/// Built-in rotors: headings, heading1…heading6, links, emails, phones, alerts, warnings (severity
/// warning or higher), landmarks, lists, tables, images, blockquotes, listitems.
public struct RotorIndex: Sendable {
  /// The document the rotors visit.
  public let document: TextDocument
  private var rotors: [RotorKind: Rotor] = [:]
  /// Role, name, size and item count of container entries, by rotor and range.
  private var facts: [RotorKind: [TextRange: EntryFacts]] = [:]

  /// The built-in rotors in the order a rotor gesture offers them.
  public static let builtInOrder: [RotorKind] = [
    .headings, .links, .alerts, .warnings, .landmarks, .emails, .phones, .lists, .tables, .images,
    .blockQuotes, .listItems, .heading(level: 1), .heading(level: 2), .heading(level: 3), .heading(level: 4),
    .heading(level: 5),
    .heading(level: 6),
  ]

  /// The names of the built-in rotors, for usage messages ("headings, links, …").
  public static var builtInNames: [String] { builtInOrder.map(\.rawValue) }

  /// Builds every built-in rotor.
  /// - Complexity: O(b + r + d) for b blocks, r runs and d detections (plus sorting).
  public init(document: TextDocument, detections: [Detection]) {
    self.document = document
    var headings: [RotorEntry] = []
    var levels: [[RotorEntry]] = Array(repeating: [], count: 7)
    var landmarks: [RotorEntry] = []
    var lists: [RotorEntry] = []
    var tables: [RotorEntry] = []
    // Lists are labelled with their item count: count items per list in one pass with a stack of open lists.
    var listItemCounts: [Int] = []
    var openLists: [(index: Int, block: Block)] = []
    for block in document.blocks {
      while let last = openLists.last, last.block.range.end <= block.range.start,
        !(last.block.range.contains(block.range))
      {
        openLists.removeLast()
      }
      if block.kind == .listItem, let parent = openLists.last, parent.block.depth == block.depth - 1 {
        listItemCounts[parent.index] += 1
      }
      if case .list = block.kind {
        openLists.append((listItemCounts.count, block))
        listItemCounts.append(0)
      }
    }
    // Tables are labelled with their size: rows per table and cells per row, with stacks of open ones.
    var tableSizes: [(rows: Int, columns: Int)] = []
    var openTables: [(index: Int, block: Block)] = []
    var openRow: (table: Int, block: Block, cells: Int)?
    func closeRow() {
      if let row = openRow { tableSizes[row.table].columns = max(tableSizes[row.table].columns, row.cells) }
      openRow = nil
    }
    for block in document.blocks {
      while let last = openTables.last,
        !last.block.range.contains(block.range) || last.block.range == block.range && last.block != block
      {
        openTables.removeLast()
      }
      if let row = openRow, !row.block.range.contains(block.range) || row.block == block { closeRow() }
      switch block.kind {
      case .table:
        openTables.append((tableSizes.count, block))
        tableSizes.append((0, 0))
      case .tableRow:
        closeRow()
        if let table = openTables.last {
          tableSizes[table.index].rows += 1
          openRow = (table.index, block, 0)
        }
      case .tableCell:
        if let row = openRow, row.table == openTables.last?.index { openRow?.cells += 1 }
      default: break
      }
    }
    closeRow()
    var listNumber = 0
    var tableNumber = 0
    var blockQuotes: [RotorEntry] = []
    var listItems: [RotorEntry] = []
    var landmarkFacts: [TextRange: EntryFacts] = [:]
    var listFacts: [TextRange: EntryFacts] = [:]
    var tableFacts: [TextRange: EntryFacts] = [:]
    for block in document.blocks {
      switch block.kind {
      case .heading(let level):
        let entry = RotorEntry(
          range: block.range, label: RotorEntry.label(from: document[block.range]), kind: .heading, level: level)
        headings.append(entry)
        if (1...6).contains(level) { levels[level].append(entry) }
      case .landmark(let landmark):
        // As screen readers announce them: the landmark's role, then its name when it has one.
        let role = landmark == .region ? "region" : "\(landmark.rawValue) landmark"
        let name = block.label.map { "\(role), \($0)" } ?? role
        landmarks.append(RotorEntry(range: block.range, label: name, kind: .landmark(landmark)))
        landmarkFacts[block.range] = EntryFacts(name: block.label, landmark: landmark)
      case .list(let ordered):
        let items = listItemCounts[listNumber]
        listNumber += 1
        listFacts[block.range] = EntryFacts(name: block.label, items: items, ordered: ordered)
        lists.append(
          RotorEntry(
            range: block.range,
            label: "\(ordered ? "numbered " : "")list, \(items) \(items == 1 ? "item" : "items"): "
              + RotorEntry.label(from: document[block.range], limit: 60), kind: .list))
      case .table:
        let size = tableSizes[tableNumber]
        tableNumber += 1
        let label =
          "table, \(size.rows) \(size.rows == 1 ? "row" : "rows"), \(size.columns) \(size.columns == 1 ? "column" : "columns"): "
          + (block.label ?? RotorEntry.label(from: document[block.range], limit: 60))
        tables.append(RotorEntry(range: block.range, label: label, kind: .table))
        tableFacts[block.range] = EntryFacts(name: block.label, rows: size.rows, columns: size.columns)
      case .blockQuote:
        blockQuotes.append(
          RotorEntry(range: block.range, label: RotorEntry.label(from: document[block.range]), kind: .blockQuote))
      case .listItem:
        listItems.append(
          RotorEntry(range: block.range, label: RotorEntry.label(from: document[block.range]), kind: .listItem))
      default:
        break
      }
    }
    var images: [RotorEntry] = []
    // A link's accessible name (aria-label) names it before its text, as screen readers do.
    var linkFacts: [TextRange: EntryFacts] = [:]
    for run in document.runs {
      if case .link(_, let name?) = run.attribute, !name.isEmpty { linkFacts[run.range] = EntryFacts(name: name) }
      if case .image(let source) = run.attribute {
        images.append(
          RotorEntry(range: run.range, label: RotorEntry.label(from: document[run.range]), kind: .image, value: source))
      }
    }
    var byKind: [DetectionKind: [RotorEntry]] = [:]
    // Exact capacities: arrays grown by doubling kept up to twice the entries (tens of MB on a large document).
    var counts: [DetectionKind: Int] = [:]
    for detection in detections { counts[detection.kind, default: 0] += 1 }
    for (kind, count) in counts { byKind[kind, default: []].reserveCapacity(count) }
    for detection in detections {
      let label = RotorEntry.label(from: document[detection.range])
      byKind[detection.kind, default: []].append(
        RotorEntry(
          range: detection.range, label: label, kind: .detection(detection.kind), value: detection.value,
          severity: detection.severity))
    }
    rotors[.headings] = Rotor(kind: .headings, entries: headings)
    for level in 1...6 { rotors[.heading(level: level)] = Rotor(kind: .heading(level: level), entries: levels[level]) }
    rotors[.landmarks] = Rotor(kind: .landmarks, entries: landmarks)
    rotors[.lists] = Rotor(kind: .lists, entries: lists)
    rotors[.tables] = Rotor(kind: .tables, entries: tables)
    rotors[.images] = Rotor(kind: .images, entries: images)
    rotors[.blockQuotes] = Rotor(kind: .blockQuotes, entries: blockQuotes)
    rotors[.listItems] = Rotor(kind: .listItems, entries: listItems)
    facts = [.landmarks: landmarkFacts, .lists: listFacts, .tables: tableFacts, .links: linkFacts]
    rotors[.links] = Rotor(kind: .links, entries: byKind[.link] ?? [])
    rotors[.emails] = Rotor(kind: .emails, entries: byKind[.email] ?? [])
    rotors[.phones] = Rotor(kind: .phones, entries: byKind[.phone] ?? [])
    let alerts = byKind[.alert] ?? []
    rotors[.alerts] = Rotor(kind: .alerts, entries: alerts)
    rotors[.warnings] = Rotor(kind: .warnings, entries: alerts.filter { ($0.severity ?? .warning) >= .warning })
  }

  /// The rotor of that name, if there is one.
  public func rotor(_ kind: RotorKind) -> Rotor? { rotors[kind] }

  /// What a screen reader says about a container entry before its content (landmark role and name,
  /// list item count, table size), if the entry is one.
  public func facts(of entry: RotorEntry, in kind: RotorKind) -> EntryFacts? { facts[kind]?[entry.range] }

  /// Adds or replaces a rotor (one supplied by an embedding tool, or a custom one).
  public mutating func add(_ rotor: Rotor) { rotors[rotor.kind] = rotor }

  /// The names of every rotor, built-in ones first in rotor order, then custom ones by name.
  public var kinds: [RotorKind] {
    Self.builtInOrder.filter { rotors[$0] != nil }
      + rotors.keys.filter { !Self.builtInOrder.contains($0) }.sorted { $0.rawValue < $1.rawValue }
  }

  // MARK: custom rotors

  /// A rotor over the runs carrying an attribute with this name ("emphasis", "code", "abbreviation"…).
  public func rotor(attribute name: String, kind: RotorKind? = nil) -> Rotor {
    let entries = document.runs.filter { $0.attribute.name == name }.map {
      RotorEntry(
        range: $0.range, label: RotorEntry.label(from: document[$0.range]), kind: RotorEntry.Kind(rawValue: name))
    }
    return Rotor(kind: kind ?? RotorKind(name), entries: entries)
  }

  /// A rotor over the matches of an ICU regular expression in the document text.
  /// - Throws: ``RotorPatternError`` when the pattern does not compile.
  public func rotor(matching pattern: String, caseInsensitive: Bool = true, kind: RotorKind? = nil)
    throws(RotorPatternError) -> Rotor
  {
    let matches: [Range<Int>]
    do {
      matches = try ICURegex(pattern, caseInsensitive: caseInsensitive).matches(in: document.text)
    } catch {
      throw RotorPatternError(pattern: pattern, reason: "\(error)")
    }
    let entries = matches.map { range in
      RotorEntry(range: TextRange(range), label: RotorEntry.label(from: document[TextRange(range)]), kind: .match)
    }
    return Rotor(kind: kind ?? RotorKind("matches"), entries: entries)
  }

  /// A rotor over detections of one kind (including kinds an embedding tool adds).
  public static func rotor(detections: [Detection], of detectionKind: DetectionKind, in document: TextDocument) -> Rotor
  {
    Rotor(
      kind: RotorKind(detectionKind.rawValue),
      entries: detections.filter { $0.kind == detectionKind }.map {
        RotorEntry(
          range: $0.range, label: RotorEntry.label(from: document[$0.range]), kind: .detection($0.kind),
          value: $0.value,
          severity: $0.severity)
      })
  }
}

/// A custom rotor's regular expression that ICU could not compile.
public struct RotorPatternError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The pattern as given.
  public var pattern: String
  /// ICU's reason ("U_REGEX_MISMATCHED_PAREN"…).
  public var reason: String
  /// The problem as the CLI prints it.
  public var description: String { "the pattern \"\(pattern)\" is not a valid regular expression (\(reason))" }
}
