@_spi(Plumbing) internal import TextModel

/// A category a person moves through, like VoiceOver's rotor or NVDA's quick navigation: a name and
/// its entries.
///
/// Entries are in document order unless the rotor was made with another order (alerts by severity,
/// say). Navigation follows `UIAccessibilityCustomRotor`: from a position (or the current entry) and a
/// direction, the next or previous entry, or nil at the boundary (the caller announces "no next alert"),
/// unless `wraps` is set.
///
/// ```swift
/// let alerts = index.rotor(.alerts)!
/// let first = alerts.entry(after: 0)
/// ```
public struct Rotor: Sendable {
  /// The rotor's name.
  public let kind: RotorKind
  /// The entries, in navigation order (built-in rotors make each one when it is read: see
  /// ``RotorEntries``).
  public let entries: RotorEntries
  /// Whether moving past the last entry comes back to the first (and the other way round).
  public package(set) var wraps: Bool
  /// Whether `entries` are in document order (navigation by position is then O(log n)).
  public let isInDocumentOrder: Bool
  /// Entry starts in navigation order, for binary search.
  private let starts: [Int]
  /// For each entry (document order), the nearest earlier entry that ends later, or -1: the chain
  /// that `indexOfEntry(containing:)` climbs to find an enclosing entry.
  private let earlierEndingLater: [Int]

  /// Creates a rotor; entries are sorted by position (stable for equal starts).
  public init(kind: RotorKind, entries: [RotorEntry], wraps: Bool = false) {
    var sorted = entries
    if !sorted.isEmpty && !zip(sorted, sorted.dropFirst()).allSatisfy({ $0.range.start <= $1.range.start }) {
      sorted = entries.enumerated().sorted { ($0.element.range.start, $0.offset) < ($1.element.range.start, $1.offset) }
        .map(\.element)
    }
    self.init(kind: kind, inDocumentOrder: RotorEntries(sorted), wraps: wraps)
  }

  /// Creates a rotor over entries kept by position (see ``RotorEntries``); sorted by position if
  /// they are not in document order already.
  init(kind: RotorKind, entries: RotorEntries, wraps: Bool = false) {
    let ranges = entries.ranges
    guard RotorEntries.areInDocumentOrder(ranges) else {
      self.init(kind: kind, entries: Array(entries), wraps: wraps)
      return
    }
    self.init(kind: kind, inDocumentOrder: entries, ranges: ranges, wraps: wraps)
  }

  private init(kind: RotorKind, inDocumentOrder entries: RotorEntries, ranges: [TextRange]? = nil, wraps: Bool) {
    // The ranges read once (not through `range(at:)` per entry and per stack step).
    let ranges = ranges ?? entries.ranges
    self.kind = kind
    self.entries = entries
    self.starts = ranges.map(\.start)
    self.earlierEndingLater = Self.earlierEndingLater(ranges)
    self.wraps = wraps
    self.isInDocumentOrder = true
  }

  /// The nearest earlier entry with a later end, for each entry (a monotonic stack: O(n)).
  private static func earlierEndingLater(_ ranges: [TextRange]) -> [Int] {
    var result = [Int](repeating: -1, count: ranges.count)
    var stack: [Int] = []
    for index in ranges.indices {
      let end = ranges[index].end
      while let top = stack.last, ranges[top].end <= end { stack.removeLast() }
      result[index] = stack.last ?? -1
      stack.append(index)
    }
    return result
  }

  /// Creates a rotor whose navigation order is `areInIncreasingOrder` (ties keep document order).
  public init(
    kind: RotorKind, entries: [RotorEntry], orderedBy areInIncreasingOrder: (RotorEntry, RotorEntry) -> Bool,
    wraps: Bool = false
  ) {
    self.kind = kind
    let byPosition = entries.enumerated().sorted {
      ($0.element.range.start, $0.offset) < ($1.element.range.start, $1.offset)
    }
    .map(\.element)
    let ordered = byPosition.enumerated().sorted { a, b in
      if areInIncreasingOrder(a.element, b.element) { return true }
      if areInIncreasingOrder(b.element, a.element) { return false }
      return a.offset < b.offset
    }.map(\.element)
    self.entries = RotorEntries(ordered)
    self.starts = ordered.map(\.range.start)
    self.earlierEndingLater = []
    self.wraps = wraps
    self.isInDocumentOrder = false
  }

  /// The number of entries.
  public var count: Int { entries.count }

  // MARK: navigation by position

  /// The index of the entry that contains `position` (start inclusive, end exclusive), if any.
  /// When entries nest, the latest starting one (the innermost).
  ///
  /// From the last entry starting at or before `position`, it climbs to the nearest earlier entry
  /// that ends later: every entry skipped ends no later than one already found to end too early.
  /// - Complexity: O(log n + d) in document order, for d entries enclosing one another around the
  ///   position; O(n) otherwise.
  public func indexOfEntry(containing position: Int) -> Int? {
    guard isInDocumentOrder else {
      return entries.indices.last { entries.range(at: $0).contains(position) }
    }
    var candidate = lastIndex(startingAtOrBefore: position) ?? -1
    while candidate >= 0 {
      if entries.range(at: candidate).contains(position) { return candidate }
      // It starts at or before the position, so it ends at or before it: so does every entry between
      // it and the nearest earlier one that ends later.
      candidate = earlierEndingLater[candidate]
    }
    return nil
  }

  /// The index of the next entry after `position`: after the entry containing it, else the first
  /// entry starting after it. Nil at the end unless the rotor wraps.
  /// - Complexity: O(log n) in document order.
  public func indexOfEntry(after position: Int) -> Int? {
    if !isInDocumentOrder {
      if let current = indexOfEntry(containing: position) { return step(from: current, by: 1) }
      return entries.indices.first { entries.range(at: $0).start > position } ?? (wraps && !entries.isEmpty ? 0 : nil)
    }
    let candidate = (lastIndex(startingAtOrBefore: position).map { $0 + 1 }) ?? 0
    if candidate < entries.count { return candidate }
    return wraps && !entries.isEmpty ? 0 : nil
  }

  /// The index of the previous entry before `position`: before the entry containing it, else the last
  /// entry starting before it. Nil at the start unless the rotor wraps.
  /// - Complexity: O(log n) in document order.
  public func indexOfEntry(before position: Int) -> Int? {
    if let current = indexOfEntry(containing: position) { return step(from: current, by: -1) }
    if !isInDocumentOrder {
      return entries.indices.last { entries.range(at: $0).start < position }
        ?? (wraps && !entries.isEmpty ? entries.count - 1 : nil)
    }
    if let candidate = lastIndex(startingBefore: position) { return candidate }
    return wraps && !entries.isEmpty ? entries.count - 1 : nil
  }

  /// The next entry after `position`, or nil at the boundary.
  public func entry(after position: Int) -> RotorEntry? { indexOfEntry(after: position).map { entries[$0] } }
  /// The previous entry before `position`, or nil at the boundary.
  public func entry(before position: Int) -> RotorEntry? { indexOfEntry(before: position).map { entries[$0] } }

  /// The entry `offset` steps from entry `index` in navigation order; nil past either end unless wrapping.
  public func step(from index: Int, by offset: Int) -> Int? {
    let target = index + offset
    if target >= 0 && target < entries.count { return target }
    guard wraps, !entries.isEmpty else { return nil }
    return ((target % entries.count) + entries.count) % entries.count
  }

  private func lastIndex(startingAtOrBefore position: Int) -> Int? {
    let after = starts.partitioningIndex { $0 > position }
    return after == 0 ? nil : after - 1
  }

  private func lastIndex(startingBefore position: Int) -> Int? {
    let atOrAfter = starts.partitioningIndex { $0 >= position }
    return atOrAfter == 0 ? nil : atOrAfter - 1
  }
}
