internal import Detection
public import TextModel

/// A rotor's entries in navigation order: a random-access collection of ``RotorEntry``.
///
/// Entries given as values (``Rotor/init(kind:entries:wraps:)``, custom rotors, landmarks, lists,
/// tables) are kept as they are. The built-in rotors with many entries (headings, links, e-mail
/// addresses, phones, alerts, list items, block quotes) keep only where each entry is — its range,
/// or its position in the document's ``DetectionList`` — and make the ``RotorEntry`` (its label cut
/// from the document text, its value and severity read from the detection) when it is read.
///
/// Why: a 50 MB page has 146,000 headings and 122,000 links; an entry held as a value is 80 bytes
/// plus a heap label (and a heap value for links), which kept `rotor --list` and `browse` above 3×
/// the input in memory. Kept by position an entry is 8 to 17 bytes. Reading an entry costs what
/// building it did (the label is at most 120 characters), once per entry a person hears or a list
/// prints. ``range(at:)`` reads a range without making the entry (navigation, say all).
public struct RotorEntries: RandomAccessCollection, Equatable, Sendable, ExpressibleByArrayLiteral {
  private enum Storage: Sendable {
    /// Entries as given.
    case listed([RotorEntry])
    /// Entries over text ranges, all of one kind; labels from the text; heading levels if any.
    case ranges(document: TextDocument, ranges: [TextRange], kind: RotorEntry.Kind, levels: [UInt8])
    /// Entries over detections: positions in `detections`, in navigation order.
    case detections(document: TextDocument, detections: DetectionList, positions: [Int])
  }

  private let storage: Storage

  /// Entries as given, in that order.
  public init(_ entries: [RotorEntry]) { storage = .listed(entries) }

  /// Entries as given, in that order.
  public init(arrayLiteral elements: RotorEntry...) { storage = .listed(elements) }

  /// Entries of `kind` over `ranges` of `document` (in document order), labelled with their text; with
  /// `levels` (one per range), heading levels.
  init(ranges: [TextRange], of document: TextDocument, kind: RotorEntry.Kind, levels: [UInt8] = []) {
    precondition(levels.isEmpty || levels.count == ranges.count)
    storage = .ranges(document: document, ranges: ranges, kind: kind, levels: levels)
  }

  /// Entries over the detections at `positions` (in document order), labelled with their text.
  init(detectionsAt positions: [Int], in detections: DetectionList, of document: TextDocument) {
    storage = .detections(document: document, detections: detections, positions: positions)
  }

  public var startIndex: Int { 0 }

  public var endIndex: Int {
    switch storage {
    case .listed(let entries): entries.count
    case .ranges(_, let ranges, _, _): ranges.count
    case .detections(_, _, let positions): positions.count
    }
  }

  /// The entry at `position`, made now for entries kept by position.
  /// - Complexity: O(1) for listed entries; O(min(n, 120)) for one made from n bytes of text.
  public subscript(position: Int) -> RotorEntry {
    switch storage {
    case .listed(let entries):
      return entries[position]
    case .ranges(let document, let ranges, let kind, let levels):
      let range = ranges[position]
      return RotorEntry(
        range: range, label: RotorEntry.label(from: document[range]), kind: kind,
        level: levels.isEmpty ? nil : Int(levels[position]))
    case .detections(let document, let detections, let positions):
      let detection = detections[positions[position]]
      return RotorEntry(
        range: detection.range, label: Self.label(of: detection, in: document), kind: .detection(detection.kind),
        value: detection.value, severity: detection.severity)
    }
  }

  /// The range of the entry at `position`, without making the entry.
  /// - Complexity: O(1).
  public func range(at position: Int) -> TextRange {
    switch storage {
    case .listed(let entries): entries[position].range
    case .ranges(_, let ranges, _, _): ranges[position]
    case .detections(_, let detections, let positions): detections.range(at: positions[position])
    }
  }

  /// Every entry's range, in order, the storage looked at once (``range(at:)`` copies the storage's
  /// payload, a retain and release of the document and its arrays, on each call).
  var ranges: [TextRange] {
    switch storage {
    case .listed(let entries): entries.map(\.range)
    case .ranges(_, let ranges, _, _): ranges
    case .detections(_, let detections, let positions): positions.map { detections.range(at: $0) }
    }
  }

  /// Calls `body` with every entry in order, made as the subscript makes it, the storage looked at
  /// once (a page that lists every entry of a rotor: `textrotor preview`).
  public func forEachEntry(_ body: (RotorEntry) -> Void) {
    switch storage {
    case .listed(let entries):
      for entry in entries { body(entry) }
    case .ranges(let document, let ranges, let kind, let levels):
      for (position, range) in ranges.enumerated() {
        body(
          RotorEntry(
            range: range, label: RotorEntry.label(from: document[range]), kind: kind,
            level: levels.isEmpty ? nil : Int(levels[position])))
      }
    case .detections(let document, let detections, let positions):
      for position in positions {
        let detection = detections[position]
        body(
          RotorEntry(
            range: detection.range, label: Self.label(of: detection, in: document), kind: .detection(detection.kind),
            value: detection.value, severity: detection.severity))
      }
    }
  }

  /// A detection's label: its text, or for a markup link with no text what a screen reader calls it
  /// (``TextAttribute/unnamedLinkName(target:)``; an e-mail or phone link its address or number).
  static func label(of detection: Detection, in document: TextDocument) -> String {
    guard detection.range.isEmpty else { return RotorEntry.label(from: document[detection.range]) }
    let value = detection.value
    switch detection.kind {
    case .email where value.hasPrefix("mailto:"): return String(value.dropFirst(7))
    case .phone where value.hasPrefix("tel:"): return String(value.dropFirst(4))
    default: return TextAttribute.unnamedLinkName(target: value)
    }
  }

  /// Whether the entries are in document order: starts never decrease.
  var isInDocumentOrder: Bool { Self.areInDocumentOrder(ranges) }

  /// Whether `ranges` are in document order: starts never decrease.
  static func areInDocumentOrder(_ ranges: [TextRange]) -> Bool {
    var previous = Int.min
    for range in ranges {
      if range.start < previous { return false }
      previous = range.start
    }
    return true
  }

  /// Two collections of entries are equal when their entries are, in order (however they are kept).
  public static func == (lhs: RotorEntries, rhs: RotorEntries) -> Bool { lhs.elementsEqual(rhs) }
}
