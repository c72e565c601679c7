public import Detection
internal import ParallelSupport
public import TextModel
internal import UnicodeSupport

/// Every built-in rotor of one document, each built from its blocks, runs and detections the first
/// time it is asked for.
///
/// ```swift
/// let index = RotorIndex(document: document, detections: DocumentDetector().detect(in: document))
/// let alerts = index.rotor(.alerts)
/// ```
/// Built-in rotors: headings, heading1…heading6, links, emails, phones, alerts, warnings (severity
/// warning or higher), landmarks, lists, tables, images, blockquotes, listitems.
///
/// Why on demand: `browse` opens with one rotor and `rotor --list` prints one, but building all of
/// them (every entry with its label) took a fifth of `browse`'s open time on a 10 MB page and
/// 80 MB at 50 MB. A rotor once built is kept (shared by copies of the index; a lock makes the
/// index safe to use from several threads). ``entryCount(of:)`` counts entries without building.
public struct RotorIndex: Sendable {
  /// The document the rotors visit.
  public let document: TextDocument
  private let source: DetectionSource
  /// Rotors added or replaced with ``add(_:)``.
  private var added: [RotorKind: Rotor] = [:]
  private let built = BuiltRotors()

  /// The built-in rotors in the order a rotor gesture offers them.
  public static let builtInOrder: [RotorKind] = [
    .headings, .links, .alerts, .warnings, .landmarks, .emails, .phones, .lists, .tables, .images,
    .blockQuotes, .listItems, .heading(level: 1), .heading(level: 2), .heading(level: 3), .heading(level: 4),
    .heading(level: 5),
    .heading(level: 6),
  ]

  /// Heading levels 7–9 (`aria-level`): built like the others, but not offered by the rotor gesture
  /// or listed, since few documents have them (and `rotor --list` stays as it was).
  static let deepHeadingLevels: [RotorKind] = [.heading(level: 7), .heading(level: 8), .heading(level: 9)]

  /// Whether `kind` is a rotor this index builds itself.
  static func isBuiltIn(_ kind: RotorKind) -> Bool {
    builtInOrder.contains(kind) || (kind.headingLevel.map { $0 > 6 } ?? false)
  }

  /// The names of the built-in rotors, for usage messages ("headings, links, …").
  package static var builtInNames: [String] { builtInOrder.map(\.rawValue) }

  /// The rotors of `document` and its `detections`; each is built when first asked for.
  /// - Complexity: O(1); building a rotor is O(b + r + d) for b blocks, r runs and d detections.
  public init(document: TextDocument, detections: DetectionList) {
    self.document = document
    self.source = DetectionSource(detections)
    addNavigationRotors()
  }

  /// The rotors of `document`, whose detections are made by `detecting` when a rotor first needs
  /// them: `detecting` is given the kinds that rotor is built from (``detectionKinds(for:)``) and
  /// returns the document's detections of at least those kinds, each group asked for once. A program
  /// that opens on one rotor detects nothing else until another is asked for.
  package init(document: TextDocument, detecting: @escaping @Sendable (Set<DetectionKind>) -> DetectionList) {
    self.document = document
    self.source = DetectionSource(detecting: detecting)
    addNavigationRotors()
  }

  /// Detections that include every detection of `kinds` (detected now if they were not yet, when
  /// the index detects on demand).
  package func detections(of kinds: Set<DetectionKind>) -> DetectionList { source.detections(of: kinds) }

  /// The detections the built-in rotor `kind` is built from.
  private func detections(for kind: RotorKind) -> DetectionList {
    source.detections(of: Self.detectionKinds(for: kind))
  }

  /// The rotors of `document` and its `detections`; each is built when first asked for.
  public init(document: TextDocument, detections: [Detection]) {
    self.init(document: document, detections: DetectionList(detections))
  }

  /// The rotor of that name, if there is one (a built-in one is built now if it was not yet).
  public func rotor(_ kind: RotorKind) -> Rotor? {
    if let rotor = added[kind] { return rotor }
    guard Self.isBuiltIn(kind) else { return nil }
    return built.rotor(kind) { Self.build(kind, document: document, detections: detections(for: kind)) }
  }

  /// The detection kinds the built-in rotor `kind` is built from: none for the structural rotors;
  /// links and e-mail addresses for either (an address is not also a link); all three for phones
  /// (links and e-mails are evidence for a number's region and may contain one); alerts for alerts
  /// and warnings. A program that shows one rotor detects only these.
  package static func detectionKinds(for kind: RotorKind) -> Set<DetectionKind> {
    switch kind {
    case .links, .emails: [.link, .email]
    case .phones: [.phone, .link, .email]
    case .alerts, .warnings: [.alert]
    default: []
    }
  }

  /// How many entries the rotor of that name has, without building it (nil: no such rotor).
  public func entryCount(of kind: RotorKind) -> Int? {
    if let rotor = added[kind] { return rotor.count }
    guard Self.isBuiltIn(kind) else { return nil }
    if let rotor = built.existing(kind) { return rotor.count }
    switch kind {
    case .headings: return document.blocks.count { if case .heading = $0.kind { true } else { false } }
    case .landmarks: return document.blocks.count { if case .landmark = $0.kind { true } else { false } }
    case .lists: return document.blocks.count { if case .list = $0.kind { true } else { false } }
    case .tables: return document.blocks.count { $0.kind == .table }
    case .blockQuotes: return document.blocks.count { $0.kind == .blockQuote }
    case .listItems: return document.blocks.count { $0.kind == .listItem }
    case .images: return document.runs.count { if case .image = $0.attribute { true } else { false } }
    case .links: return detectionCount(of: .link, for: kind)
    case .emails: return detectionCount(of: .email, for: kind)
    case .phones: return detectionCount(of: .phone, for: kind)
    case .alerts: return detectionCount(of: .alert, for: kind)
    case .warnings:
      let detections = detections(for: kind)
      return detections.indices.count {
        detections.kind(at: $0) == .alert && (detections[$0].severity ?? .warning) >= .warning
      }
    default:
      let level = kind.headingLevel ?? 0
      return document.blocks.count { $0.kind == .heading(level: level) }
    }
  }

  private func detectionCount(of detectionKind: DetectionKind, for kind: RotorKind) -> Int {
    let detections = detections(for: kind)
    return detections.indices.count { detections.kind(at: $0) == detectionKind }
  }

  /// What a screen reader says about a container entry before its content (landmark role and name,
  /// list item count, table size), if the entry is one.
  package func facts(of entry: RotorEntry, in kind: RotorKind) -> EntryFacts? {
    guard [.landmarks, .lists, .tables, .links].contains(kind) else { return nil }
    _ = built.rotor(kind) { Self.build(kind, document: document, detections: detections(for: kind)) }
    return built.facts(kind)?[entry.range]
  }

  /// Adds or replaces a rotor (one supplied by an embedding tool, or a custom one).
  public mutating func add(_ rotor: Rotor) { added[rotor.kind] = rotor }

  /// The names of every rotor, built-in ones first in rotor order, then custom ones by name.
  public var kinds: [RotorKind] {
    Self.builtInOrder + added.keys.filter { !Self.builtInOrder.contains($0) }.sorted { $0.rawValue < $1.rawValue }
  }

  // MARK: building the built-in rotors

  /// The built-in rotor `kind` and, for landmarks, lists, tables and links, the facts of its entries.
  static func build(_ kind: RotorKind, document: TextDocument, detections: DetectionList) -> (
    Rotor, [TextRange: EntryFacts]?
  ) {
    switch kind {
    case .landmarks: return landmarks(document)
    case .lists: return lists(document)
    case .tables: return tables(document)
    case .blockQuotes, .listItems:
      let blockKind: BlockKind = kind == .blockQuotes ? .blockQuote : .listItem
      let entryKind: RotorEntry.Kind = kind == .blockQuotes ? .blockQuote : .listItem
      let ranges = document.blocks.filter { $0.kind == blockKind }.map(\.range)
      return (Rotor(kind: kind, entries: RotorEntries(ranges: ranges, of: document, kind: entryKind)), nil)
    case .images:
      var images: [RotorEntry] = []
      for run in document.runs {
        if case .image(let source) = run.attribute {
          images.append(
            RotorEntry(
              range: run.range, label: RotorEntry.label(from: document[run.range]), kind: .image, value: source))
        }
      }
      return (Rotor(kind: .images, entries: images), nil)
    case .links:
      // A link's accessible name (aria-label) names it before its text, as screen readers do; one
      // with neither is named by its target ("link, rss.xml").
      var linkFacts: [TextRange: EntryFacts] = [:]
      for run in document.runs {
        guard case .link(let target, let name) = run.attribute else { continue }
        if let name, !name.isEmpty {
          linkFacts[run.range] = EntryFacts(name: name)
        } else if run.range.isEmpty {
          linkFacts[run.range] = EntryFacts(name: TextAttribute.unnamedLinkName(target: target))
        }
      }
      return (detectionRotor(.links, of: .link, document: document, detections: detections), linkFacts)
    case .emails: return (detectionRotor(.emails, of: .email, document: document, detections: detections), nil)
    case .phones: return (detectionRotor(.phones, of: .phone, document: document, detections: detections), nil)
    case .alerts: return (detectionRotor(.alerts, of: .alert, document: document, detections: detections), nil)
    case .warnings:
      let rotor = detectionRotor(.warnings, of: .alert, document: document, detections: detections) {
        (detections[$0].severity ?? .warning) >= .warning
      }
      return (rotor, nil)
    default:
      // headings, and heading1…heading6
      let level = kind.headingLevel
      func wanted(_ block: Block) -> Bool {
        guard case .heading(let blockLevel) = block.kind else { return false }
        return level == nil || level == blockLevel
      }
      // Exact capacity: an array grown by doubling briefly holds two copies.
      let count = document.blocks.count(where: wanted)
      var ranges: [TextRange] = []
      var levels: [UInt8] = []
      ranges.reserveCapacity(count)
      levels.reserveCapacity(count)
      for block in document.blocks {
        guard case .heading(let blockLevel) = block.kind, level == nil || level == blockLevel else { continue }
        ranges.append(block.range)
        levels.append(UInt8(clamping: blockLevel))
      }
      return (
        Rotor(kind: kind, entries: RotorEntries(ranges: ranges, of: document, kind: .heading, levels: levels)), nil
      )
    }
  }

  /// The rotor over the detections of one kind that `isIncluded` accepts (by position), in document
  /// order; its entries are made from the detections when read.
  private static func detectionRotor(
    _ kind: RotorKind, of detectionKind: DetectionKind, document: TextDocument, detections: DetectionList,
    where isIncluded: (Int) -> Bool = { _ in true }
  ) -> Rotor {
    let positions = detections.indices.filter { detections.kind(at: $0) == detectionKind && isIncluded($0) }
    return Rotor(kind: kind, entries: RotorEntries(detectionsAt: positions, in: detections, of: document))
  }

  private static func landmarks(_ document: TextDocument) -> (Rotor, [TextRange: EntryFacts]) {
    var entries: [RotorEntry] = []
    var facts: [TextRange: EntryFacts] = [:]
    for block in document.blocks {
      guard case .landmark(let landmark) = block.kind else { continue }
      // As screen readers announce them: the landmark's role, then its name when it has one.
      let role = landmark == .region ? "region" : "\(landmark.rawValue) landmark"
      let name = block.label.map { "\(role), \($0)" } ?? role
      entries.append(RotorEntry(range: block.range, label: name, kind: .landmark(landmark)))
      facts[block.range] = EntryFacts(name: block.label, landmark: landmark)
    }
    return (Rotor(kind: .landmarks, entries: entries), facts)
  }

  private static func lists(_ document: TextDocument) -> (Rotor, [TextRange: EntryFacts]) {
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
    var entries: [RotorEntry] = []
    var facts: [TextRange: EntryFacts] = [:]
    var listNumber = 0
    for block in document.blocks {
      guard case .list(let ordered) = block.kind else { continue }
      let items = listItemCounts[listNumber]
      listNumber += 1
      facts[block.range] = EntryFacts(name: block.label, items: items, ordered: ordered)
      entries.append(
        RotorEntry(
          range: block.range,
          label: "\(ordered ? "numbered " : "")list, \(items) \(items == 1 ? "item" : "items"): "
            + RotorEntry.label(from: document[block.range], limit: 60), kind: .list))
    }
    return (Rotor(kind: .lists, entries: entries), facts)
  }

  private static func tables(_ document: TextDocument) -> (Rotor, [TextRange: EntryFacts]) {
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
    var entries: [RotorEntry] = []
    var facts: [TextRange: EntryFacts] = [:]
    var tableNumber = 0
    for block in document.blocks where block.kind == .table {
      let size = tableSizes[tableNumber]
      tableNumber += 1
      let label =
        "table, \(size.rows) \(size.rows == 1 ? "row" : "rows"), \(size.columns) \(size.columns == 1 ? "column" : "columns"): "
        + (block.label ?? RotorEntry.label(from: document[block.range], limit: 60))
      entries.append(RotorEntry(range: block.range, label: label, kind: .table))
      facts[block.range] = EntryFacts(name: block.label, rows: size.rows, columns: size.columns)
    }
    return (Rotor(kind: .tables, entries: entries), facts)
  }

  // MARK: custom rotors

  /// The names of a book's navigation rotors, in the order of ``TextDocument/navigation``'s lists.
  package static let navigationNames = ["contents", "pages", "guide", "notes"]

  /// The kinds of the navigation rotors' entries (announced by their labels).
  package static let navigationEntryKinds: Set<RotorEntry.Kind> = ["contents", "page", "guide", "note"]

  /// An EPUB's navigation (``TextDocument/navigation``) as custom rotors: `contents` (the table of
  /// contents), `pages` (the print page list), `guide` (landmarks: a built-in rotor already has that
  /// name) and `notes`; one for each list the book has. Other documents get none, so their rotors
  /// stay as they are.
  private mutating func addNavigationRotors() {
    guard document.format == .epub, !document.navigation.isEmpty else { return }
    let kinds = ["contents": "contents", "pages": "page", "guide": "guide", "notes": "note"]
    for name in Self.navigationNames {
      let entries = document.navigation.filter { $0.list == name }.map {
        RotorEntry(
          range: $0.range, label: $0.label, kind: RotorEntry.Kind(rawValue: kinds[name] ?? name),
          level: name == "contents" ? $0.level : nil)
      }
      if !entries.isEmpty { add(Rotor(kind: RotorKind(name), entries: entries)) }
    }
  }

  /// A rotor over the runs carrying an attribute with this name ("emphasis", "code", "abbreviation"…).
  public func rotor(attribute name: String, kind: RotorKind? = nil) -> Rotor {
    let ranges = document.runs.filter { $0.attribute.name == name }.map(\.range)
    return Rotor(
      kind: kind ?? RotorKind(name),
      entries: RotorEntries(ranges: ranges, of: document, kind: RotorEntry.Kind(rawValue: name)))
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
    return Rotor(
      kind: kind ?? RotorKind("matches"),
      entries: RotorEntries(ranges: matches.map(TextRange.init), of: document, kind: .match))
  }

  /// A rotor over detections of one kind (including kinds an embedding tool adds).
  package static func rotor(detections: [Detection], of detectionKind: DetectionKind, in document: TextDocument)
    -> Rotor
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

/// The built-in rotors built so far, shared by copies of a ``RotorIndex``.
///
/// A class whose state is behind its lock so that ``RotorIndex`` stays a `Sendable` value whose
/// `rotor(_:)` is not mutating: two threads asking for the same rotor build it once.
final class BuiltRotors: Sendable {
  /// The rotors built, and the facts of their entries.
  private struct Built {
    var rotors: [RotorKind: Rotor] = [:]
    var facts: [RotorKind: [TextRange: EntryFacts]] = [:]
  }

  private let built = LockedValue(Built())

  /// The rotor `kind`, built with `build` (under the lock) the first time.
  func rotor(_ kind: RotorKind, build: () -> (Rotor, [TextRange: EntryFacts]?)) -> Rotor {
    built.withValue { built in
      if let rotor = built.rotors[kind] { return rotor }
      let (rotor, entryFacts) = build()
      built.rotors[kind] = rotor
      if let entryFacts { built.facts[kind] = entryFacts }
      return rotor
    }
  }

  /// The rotor `kind` if it was built.
  func existing(_ kind: RotorKind) -> Rotor? { built.withValue { $0.rotors[kind] } }

  /// The facts of the entries of rotor `kind`, if it was built and has any.
  func facts(_ kind: RotorKind) -> [TextRange: EntryFacts]? { built.withValue { $0.facts[kind] } }
}
