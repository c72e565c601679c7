public import TextModel

/// A document's detections, stored compactly: a collection of ``Detection`` values in document order.
///
/// ```swift
/// let detections = DocumentDetector().detect(in: document)
/// for detection in detections where detection.kind == .phone { print(detection.value) }
/// ```
/// A large document has hundreds of thousands of detections. As `[Detection]` each cost ~250 bytes
/// (an 88-byte value, a heap string for its value, array growth); here each is one 48-byte record,
/// its value's bytes in one shared buffer, and its kind and reason as indexes into small tables of
/// the distinct ones (a document has a few dozen distinct reasons). A ``Detection`` is made when an
/// element is read; ``kind(at:)``, ``range(at:)`` and ``valueBytes(at:_:)`` read one field without
/// making it. Indexes are positions, `0..<count`.
public struct DetectionList: RandomAccessCollection, MutableCollection, Sendable, Hashable,
  ExpressibleByArrayLiteral
{
  /// One detection without its strings. `kind` and `reason` index `kinds` and `reasons`; the value is
  /// `values[valueStart..<valueStart + valueCount]`; `severity` is 0 for none, else 1 + its rank.
  struct Record: Hashable, Sendable {
    var start: Int
    var end: Int
    var confidence: Double
    var valueStart: Int
    var valueCount: UInt32
    var reason: UInt32
    var kind: UInt16
    var source: UInt8
    var severity: UInt8
  }

  private var records: [Record] = []
  /// The values' UTF-8 bytes, one after another (a value replaced by `subscript(_:)`'s setter leaves
  /// its old bytes unused).
  private var values: [UInt8] = []
  private var kinds: [DetectionKind] = []
  private var reasons: [String] = []
  private var reasonNumbers: [String: UInt32] = [:]

  /// An empty list.
  public init() {}

  /// A list of `detections`, in their order.
  public init(_ detections: some Sequence<Detection>) {
    for detection in detections { append(detection) }
  }

  /// A list of the given detections.
  public init(arrayLiteral elements: Detection...) { self.init(elements) }

  public var startIndex: Int { 0 }
  public var endIndex: Int { records.count }

  /// The detection at `position`, made from its record.
  public subscript(position: Int) -> Detection {
    get {
      let record = records[position]
      return Detection(
        kind: kinds[Int(record.kind)], range: TextRange(start: record.start, end: record.end),
        value: value(of: record), source: record.source == 0 ? .markup : .text, confidence: record.confidence,
        reason: reasons[Int(record.reason)],
        severity: record.severity == 0 ? nil : AlertSeverity.allCases[Int(record.severity) - 1])
    }
    set { records[position] = record(for: newValue) }
  }

  /// The kind of the detection at `position`, without making the detection.
  public func kind(at position: Int) -> DetectionKind { kinds[Int(records[position].kind)] }

  /// The range of the detection at `position`, without making the detection.
  public func range(at position: Int) -> TextRange {
    TextRange(start: records[position].start, end: records[position].end)
  }

  /// Calls `body` with the UTF-8 bytes of the value of the detection at `position` (no string made).
  public func valueBytes<Result>(at position: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows
    -> Result
  {
    let record = records[position]
    return try values.withUnsafeBufferPointer { buffer in
      try body(UnsafeBufferPointer(rebasing: buffer[record.valueStart..<record.valueStart + Int(record.valueCount)]))
    }
  }

  /// Adds `detection` at the end.
  public mutating func append(_ detection: Detection) { records.append(record(for: detection)) }

  /// Adds `detections` at the end, in their order.
  public mutating func append(contentsOf detections: some Sequence<Detection>) {
    for detection in detections { append(detection) }
  }

  /// Reserves room for `count` detections in all.
  public mutating func reserveCapacity(_ count: Int) { records.reserveCapacity(count) }

  /// Removes the detections at `positions`.
  public mutating func removeSubrange(_ positions: some RangeExpression<Int>) {
    records.removeSubrange(positions)
    compactValuesIfSparse()
  }

  /// Keeps only the detections for which `isIncluded` is true, in order.
  public mutating func removeAll(where shouldBeRemoved: (Detection) throws -> Bool) rethrows {
    var kept = 0
    for index in records.indices where !(try shouldBeRemoved(self[index])) {
      records[kept] = records[index]
      kept += 1
    }
    records.removeSubrange(kept...)
    compactValuesIfSparse()
  }

  /// Removes the detections from `first` on whose kind is not in `kinds` (no detection is made).
  mutating func removeKinds(notIn wanted: Set<DetectionKind>, from first: Int) {
    let unwanted = kinds.indices.filter { !wanted.contains(kinds[$0]) }.map(UInt16.init)
    guard !unwanted.isEmpty else { return }
    var kept = first
    for index in first..<records.count where !unwanted.contains(records[index].kind) {
      records[kept] = records[index]
      kept += 1
    }
    records.removeSubrange(kept...)
    compactValuesIfSparse()
  }

  /// Sorts the detections in place by `areInIncreasingOrder` on their ranges (records move, values stay).
  mutating func sortByRange(_ areInIncreasingOrder: (TextRange, TextRange) -> Bool) {
    records.sort {
      areInIncreasingOrder(TextRange(start: $0.start, end: $0.end), TextRange(start: $1.start, end: $1.end))
    }
  }

  /// Moves the record at `source` to `destination` (for in-place compaction).
  mutating func moveRecord(from source: Int, to destination: Int) { records[destination] = records[source] }

  /// Whether two lists hold the same detections in the same order.
  public static func == (lhs: DetectionList, rhs: DetectionList) -> Bool {
    lhs.count == rhs.count && lhs.indices.allSatisfy { lhs[$0] == rhs[$0] }
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for detection in self { hasher.combine(detection) }
  }

  /// Whether the list holds exactly `array`'s detections in order.
  public static func == (lhs: DetectionList, rhs: [Detection]) -> Bool { lhs.elementsEqual(rhs) }

  // MARK: storage

  private func value(of record: Record) -> String {
    values.withUnsafeBufferPointer { buffer in
      String(
        decoding: UnsafeBufferPointer(rebasing: buffer[record.valueStart..<record.valueStart + Int(record.valueCount)]),
        as: UTF8.self)
    }
  }

  private mutating func record(for detection: Detection) -> Record {
    let valueStart = values.count
    var value = detection.value
    value.withUTF8 { values.append(contentsOf: $0) }
    return Record(
      start: detection.range.start, end: detection.range.end, confidence: detection.confidence,
      valueStart: valueStart, valueCount: UInt32(values.count - valueStart), reason: number(ofReason: detection.reason),
      kind: number(ofKind: detection.kind), source: detection.source == .markup ? 0 : 1,
      severity: detection.severity.map { UInt8(AlertSeverity.allCases.firstIndex(of: $0)! + 1) } ?? 0)
  }

  private mutating func number(ofKind kind: DetectionKind) -> UInt16 {
    if let index = kinds.firstIndex(of: kind) { return UInt16(index) }
    kinds.append(kind)
    return UInt16(kinds.count - 1)
  }

  private mutating func number(ofReason reason: String) -> UInt32 {
    if let number = reasonNumbers[reason] { return number }
    let number = UInt32(reasons.count)
    reasons.append(reason)
    reasonNumbers[reason] = number
    return number
  }

  /// Copies the values still referenced into a fresh buffer when more than half of it is unused
  /// (after a cut or a resolve dropped many detections), so removed detections do not hold memory.
  private mutating func compactValuesIfSparse() {
    var used = 0
    for record in records { used += Int(record.valueCount) }
    guard used * 2 < values.count else { return }
    var compacted: [UInt8] = []
    compacted.reserveCapacity(used)
    for index in records.indices {
      let record = records[index]
      let start = compacted.count
      compacted.append(contentsOf: values[record.valueStart..<record.valueStart + Int(record.valueCount)])
      records[index].valueStart = start
    }
    values = compacted
  }
}
