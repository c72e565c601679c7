public import TextModel

#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// A document's detections, stored compactly: a collection of ``Detection`` values in document order.
///
/// ```swift
/// let detections = DocumentDetector().detect(in: document)
/// for detection in detections where detection.kind == .phone { print(detection.value) }
/// ```
/// A large document has hundreds of thousands of detections. As `[Detection]` each cost ~250 bytes
/// (an 88-byte value, a heap string for its value, array growth); here each is one 32-byte record
/// and its value's bytes in one shared buffer. What many detections share — kind, reason,
/// confidence, source, severity — is one entry in a small table of the distinct combinations (a
/// document has a few dozen). A ``Detection`` is made when an element is read; ``kind(at:)``,
/// ``range(at:)`` and `valueBytes(at:_:)` read one field without making it. Indexes are
/// positions, `0..<count`. A value type: copies share storage until one is changed.
public struct DetectionList: RandomAccessCollection, MutableCollection, Sendable, Hashable,
  ExpressibleByArrayLiteral
{
  /// One detection without its strings: its range, where its value's UTF-8 bytes are in `values`
  /// (or ``sameAsText`` / ``mailtoAndText``: the value is made from the document text), and the
  /// number of its profile.
  struct Record: BitwiseCopyable {
    var start: Int
    var end: Int
    var valueStart: Int
    var valueCount: UInt32
    var profile: UInt32
  }

  /// What detections share, stored once per distinct combination.
  struct Profile: Hashable {
    var kind: DetectionKind
    var reason: String
    var confidence: Double
    var source: DetectionSource
    var severity: AlertSeverity?
  }

  /// `Record.valueStart` of a value that is the detection's own text (most links from the text).
  static let sameAsText = -1
  /// `Record.valueStart` of a value that is "mailto:" and the detection's text (e-mail addresses).
  static let mailtoAndText = -2
  private static let mailto = Array("mailto:".utf8)

  // Copy on write: changed only through a uniquely referenced DetectionList, so sharing one is safe.
  final class Storage: @unchecked Sendable {
    var records = GrowableBuffer<Record>()
    /// The values' UTF-8 bytes, one after another (a value replaced by `subscript(_:)`'s setter
    /// leaves its old bytes unused until the next compaction).
    var values = GrowableBuffer<UInt8>()
    var profiles: [Profile] = []
    var profileNumbers: [Profile: UInt32] = [:]
    /// The profiles numbered last (round robin): detections come in runs of a few profiles, and
    /// comparing with these (the reason strings are interned, so equal ones compare by identity)
    /// spares hashing the reason for every detection (a tenth of recording a page's detections).
    var recentProfiles: [(profile: Profile, number: UInt32)] = []
    var nextRecent = 0
    /// The document text the ranges are in, when known: values that repeat it are not stored.
    var text: String?

    init() {}

    /// The number of `profile`, numbering it if it is new.
    func number(of profile: Profile) -> UInt32 {
      for recent in recentProfiles where recent.profile == profile { return recent.number }
      let number: UInt32
      if let known = profileNumbers[profile] {
        number = known
      } else {
        number = UInt32(profiles.count)
        profiles.append(profile)
        profileNumbers[profile] = number
      }
      if recentProfiles.count < 4 {
        recentProfiles.append((profile, number))
      } else {
        recentProfiles[nextRecent] = (profile, number)
        nextRecent = (nextRecent + 1) % 4
      }
      return number
    }

    init(copying other: Storage) {
      records = GrowableBuffer(copying: other.records)
      values = GrowableBuffer(copying: other.values)
      profiles = other.profiles
      profileNumbers = other.profileNumbers
      text = other.text
    }
  }

  private var storage = Storage()

  /// An empty list.
  public init() {}

  /// An empty list for detections in `text` (their ranges are in it): a value that is the
  /// detection's own text, or "mailto:" and it, is made from the text when read instead of stored
  /// (four values in five on a typical page; the text is shared, not copied).
  package init(rangesIn text: String) { storage.text = text }

  /// A list of `detections`, in their order.
  public init(_ detections: some Sequence<Detection>) {
    for detection in detections { append(detection) }
  }

  /// A list of the given detections.
  public init(arrayLiteral elements: Detection...) { self.init(elements) }

  public var startIndex: Int { 0 }
  public var endIndex: Int { storage.records.count }

  /// The detection at `position`, made from its record.
  public subscript(position: Int) -> Detection {
    get {
      let record = storage.records[position]
      let profile = storage.profiles[Int(record.profile)]
      return Detection(
        kind: profile.kind, range: TextRange(start: record.start, end: record.end), value: value(of: record),
        source: profile.source, confidence: profile.confidence, reason: profile.reason, severity: profile.severity)
    }
    set {
      makeUnique()
      storage.records[position] = record(for: newValue)
    }
  }

  /// The kind of the detection at `position`, without making the detection.
  public func kind(at position: Int) -> DetectionKind {
    storage.profiles[Int(storage.records[position].profile)].kind
  }

  /// The range of the detection at `position`, without making the detection.
  public func range(at position: Int) -> TextRange {
    let record = storage.records[position]
    return TextRange(start: record.start, end: record.end)
  }

  /// What the detection at `position` shares with others of its kind (no value made; the reason is
  /// the stored string).
  package func details(at position: Int) -> (
    source: DetectionSource, confidence: Double, reason: String, severity: AlertSeverity?
  ) {
    let profile = storage.profiles[Int(storage.records[position].profile)]
    return (profile.source, profile.confidence, profile.reason, profile.severity)
  }

  /// Calls `body` with the UTF-8 bytes of the value of the detection at `position` (no string made).
  package func valueBytes<Result>(at position: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows
    -> Result
  {
    let record = storage.records[position]
    guard record.valueStart < 0, var text = storage.text else {
      return try body(storage.values.slice(from: record.valueStart, count: Int(record.valueCount)))
    }
    return try text.withUTF8 { bytes in
      let own = UnsafeBufferPointer(rebasing: bytes[record.start..<record.end])
      guard record.valueStart == Self.mailtoAndText else { return try body(own) }
      return try (Self.mailto + own).withUnsafeBufferPointer(body)
    }
  }

  /// Adds `detection` at the end.
  public mutating func append(_ detection: Detection) {
    makeUnique()
    storage.records.append(record(for: detection))
  }

  /// Adds `detections` at the end, in their order.
  public mutating func append(contentsOf detections: some Sequence<Detection>) {
    for detection in detections { append(detection) }
  }

  /// Moves the detections of `other` to the end of this list, in their order, record by record: no
  /// ``Detection`` is made (its profiles are renumbered into this list's); `other` is left empty.
  /// Values `other` makes from its text are made from this list's text, so both must be of the same
  /// text (the parts of one document's detection done on two threads).
  ///
  /// The values' bytes are joined in the larger of the two buffers: when `other` stores more (phone
  /// numbers' `tel:` values beside links whose values are their text), this list's few bytes move in
  /// front of them in `other`'s buffer, which is kept, instead of all of `other`'s being copied
  /// (6 MB less at the peak of detecting 50 MB of text).
  mutating func append(movingFrom other: inout DetectionList) {
    makeUnique()
    other.makeUnique()
    let source = other.storage
    other = DetectionList()
    precondition(source.text == nil || storage.text != nil, "a list of derived values joins a list of the same text")
    let numbers = source.profiles.map { storage.number(of: $0) }
    let shift: Int
    if source.values.count > storage.values.count {
      shift = storage.values.count
      source.values.prepend(storage.values)
      storage.values = source.values
    } else {
      shift = storage.values.count
      storage.values.append(contentsOf: source.values.slice(from: 0, count: source.values.count))
    }
    // Records are copied from the end a MiB at a time, each copied piece given back at once: the
    // moved list and its copy are never both resident (7 MB at 50 MB of text). The destination
    // grows first (by `mremap`, untouched pages are not resident).
    let first = storage.records.count
    storage.records.reserveCapacity(first + source.records.count)
    storage.records.extend(by: source.records.count)
    var end = source.records.count
    while end > 0 {
      let start = Swift.max(0, end - Self.recordsPerJoinStep)
      for index in start..<end {
        var record = source.records[index]
        if record.valueStart >= 0 { record.valueStart += shift }
        record.profile = numbers[Int(record.profile)]
        storage.records[first + index] = record
      }
      source.records.shrink(to: start)
      end = start
    }
  }

  /// Records moved between two shrinks of the moved list's buffer (1 MiB).
  static let recordsPerJoinStep = (1 << 20) / MemoryLayout<Record>.stride

  /// Reserves room for `count` detections in all.
  package mutating func reserveCapacity(_ count: Int) {
    makeUnique()
    storage.records.reserveCapacity(count)
  }

  /// Removes the detections at `positions`.
  package mutating func removeSubrange(_ positions: some RangeExpression<Int>) {
    let range = positions.relative(to: indices)
    makeUnique()
    Self.compactRecords(of: storage, from: range.lowerBound) { $0 >= range.upperBound }
  }

  /// Removes the detections for which `shouldBeRemoved` is true; the others keep their order.
  package mutating func removeAll(where shouldBeRemoved: (Detection) throws -> Bool) rethrows {
    makeUnique()
    try Self.compactRecords(of: storage, from: 0) { !(try shouldBeRemoved(self[$0])) }
  }

  /// Removes the detections from `first` on whose kind is not in `wanted` (no detection is made).
  mutating func removeKinds(notIn wanted: Set<DetectionKind>, from first: Int) {
    guard storage.profiles.contains(where: { !wanted.contains($0.kind) }) else { return }
    let unwanted = storage.profiles.map { !wanted.contains($0.kind) }
    makeUnique()
    let records = storage.records
    Self.compactRecords(of: storage, from: first) { !unwanted[Int(records[$0].profile)] }
  }

  /// Keeps, from `first` on, the records at the positions `keeps` accepts (asked in order, before
  /// any record at or after that position moves), moved down in order; the rest are dropped.
  /// `storage` must be unique.
  private static func compactRecords(of storage: Storage, from first: Int, keeping keeps: (Int) throws -> Bool)
    rethrows
  {
    let records = storage.records
    var kept = first
    for index in first..<records.count where try keeps(index) {
      records[kept] = records[index]
      kept += 1
    }
    records.removeLast(records.count - kept)
    compactValuesIfSparse(storage)
  }

  /// Sorts the detections in place by `areInIncreasingOrder` on their ranges (records move, values stay).
  mutating func sortByRange(_ areInIncreasingOrder: (TextRange, TextRange) -> Bool) {
    makeUnique()
    storage.records.withMutableBuffer { records in
      records.sort {
        areInIncreasingOrder(TextRange(start: $0.start, end: $0.end), TextRange(start: $1.start, end: $1.end))
      }
    }
  }

  /// Moves the record at `source` to `destination` (for in-place compaction).
  mutating func moveRecord(from source: Int, to destination: Int) {
    makeUnique()
    storage.records[destination] = storage.records[source]
  }

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

  /// The bytes of stored values (values made from the text take none).
  var storedValueByteCount: Int { storage.values.count }

  private mutating func makeUnique() {
    if !isKnownUniquelyReferenced(&storage) { storage = Storage(copying: storage) }
  }

  private func value(of record: Record) -> String {
    guard record.valueStart < 0, var text = storage.text else {
      return String(
        decoding: storage.values.slice(from: record.valueStart, count: Int(record.valueCount)), as: UTF8.self)
    }
    let own = text.withUTF8 {
      String(decoding: UnsafeBufferPointer(rebasing: $0[record.start..<record.end]), as: UTF8.self)
    }
    return record.valueStart == Self.mailtoAndText ? "mailto:" + own : own
  }

  /// How `detection`'s value can be made from the text instead of stored, if it can.
  private func derivedValue(of detection: Detection) -> Int? {
    guard var text = storage.text else { return nil }
    let range = detection.range
    var value = detection.value
    return text.withUTF8 { bytes -> Int? in
      guard range.start >= 0, range.start <= range.end, range.end <= bytes.count else { return nil }
      let own = UnsafeBufferPointer(rebasing: bytes[range.start..<range.end])
      return value.withUTF8 { value -> Int? in
        if value.elementsEqual(own) { return Self.sameAsText }
        if value.count == own.count + Self.mailto.count, value.prefix(Self.mailto.count).elementsEqual(Self.mailto),
          value.dropFirst(Self.mailto.count).elementsEqual(own)
        {
          return Self.mailtoAndText
        }
        return nil
      }
    }
  }

  /// The record of `detection`, its value appended to the value bytes (storage must be unique).
  private func record(for detection: Detection) -> Record {
    var valueStart = storage.values.count
    if let derived = derivedValue(of: detection) {
      valueStart = derived
    } else {
      var value = detection.value
      value.withUTF8 { storage.values.append(contentsOf: $0) }
    }
    let profile = Profile(
      kind: detection.kind, reason: detection.reason, confidence: detection.confidence, source: detection.source,
      severity: detection.severity)
    let number = storage.number(of: profile)
    return Record(
      start: detection.range.start, end: detection.range.end, valueStart: valueStart,
      valueCount: valueStart < 0 ? 0 : UInt32(storage.values.count - valueStart), profile: number)
  }

  /// Copies the values still referenced into a fresh buffer when more than half of it is unused
  /// (after a cut or a resolve dropped many detections), so removed detections do not hold memory.
  private static func compactValuesIfSparse(_ storage: Storage) {
    let records = storage.records
    var used = 0
    for index in 0..<records.count { used += Int(records[index].valueCount) }
    guard used * 2 < storage.values.count else { return }
    let compacted = GrowableBuffer<UInt8>()
    compacted.reserveCapacity(used)
    for index in 0..<records.count where records[index].valueStart >= 0 {
      let record = records[index]
      let start = compacted.count
      compacted.append(contentsOf: storage.values.slice(from: record.valueStart, count: Int(record.valueCount)))
      records[index].valueStart = start
    }
    storage.values = compacted
  }
}

/// A growable array of plain values in one `malloc` block grown with `realloc`.
///
/// Why not `Array`: an array doubles by copying, and at the last doubling of a list of 700,000
/// detections both copies were resident at once (the pipeline's peak). glibc moves a large block
/// with `mremap` (the pages are remapped, not copied), so growth never holds two copies, and the
/// capacity not yet written is not resident. Reference semantics: callers copy on write.
final class GrowableBuffer<Element: BitwiseCopyable> {
  private(set) var base: UnsafeMutablePointer<Element>?
  private(set) var count = 0
  private var capacity = 0

  init() {}

  /// A copy of `other`'s elements.
  init(copying other: GrowableBuffer) {
    reserveCapacity(other.count)
    if let source = other.base, other.count > 0 { base!.update(from: source, count: other.count) }
    count = other.count
  }

  deinit { free(base) }

  subscript(index: Int) -> Element {
    get {
      precondition(index >= 0 && index < count, "index out of range")
      return base![index]
    }
    set {
      precondition(index >= 0 && index < count, "index out of range")
      base![index] = newValue
    }
  }

  func append(_ element: Element) {
    if count == capacity { reserveCapacity(Swift.max(16, capacity * 2)) }
    (base! + count).initialize(to: element)
    count += 1
  }

  func append(contentsOf elements: UnsafeBufferPointer<Element>) {
    guard let source = elements.baseAddress, !elements.isEmpty else { return }
    if count + elements.count > capacity { reserveCapacity(Swift.max(count + elements.count, capacity * 2)) }
    (base! + count).initialize(from: source, count: elements.count)
    count += elements.count
  }

  func reserveCapacity(_ wanted: Int) {
    guard wanted > capacity else { return }
    guard let grown = realloc(base, wanted * MemoryLayout<Element>.stride) else {
      fatalError("out of memory growing a buffer to \(wanted) elements")
    }
    base = grown.assumingMemoryBound(to: Element.self)
    capacity = wanted
  }

  /// Puts `other`'s elements in front of this buffer's (which move up in place: the block grows by
  /// `other.count` elements, with `mremap` when it is large, never a second copy of this one).
  func prepend(_ other: GrowableBuffer) {
    guard other.count > 0, let source = other.base else { return }
    reserveCapacity(count + other.count)
    let start = base!
    (start + other.count).moveInitialize(from: start, count: count)
    start.initialize(from: source, count: other.count)
    count += other.count
  }

  /// Counts `k` more elements, written by the caller before any is read (the capacity must hold them;
  /// elements are plain values, so nothing is lost by not initializing them here).
  func extend(by k: Int) {
    precondition(k >= 0 && count + k <= capacity, "cannot extend \(count) elements by \(k) within \(capacity)")
    count += k
  }

  /// Keeps the first `newCount` elements and gives the rest of the block back (`realloc` to the
  /// smaller size; the whole block when nothing is kept).
  func shrink(to newCount: Int) {
    precondition(newCount >= 0 && newCount <= count, "cannot shrink \(count) elements to \(newCount)")
    count = newCount
    guard newCount > 0 else {
      free(base)
      base = nil
      capacity = 0
      return
    }
    guard let shrunk = realloc(base, newCount * MemoryLayout<Element>.stride) else { return }
    base = shrunk.assumingMemoryBound(to: Element.self)
    capacity = newCount
  }

  func removeLast(_ k: Int) {
    precondition(k >= 0 && k <= count, "cannot remove \(k) of \(count) elements")
    count -= k
  }

  /// The elements `start..<start + count` (valid until the buffer next grows).
  func slice(from start: Int, count length: Int) -> UnsafeBufferPointer<Element> {
    precondition(start >= 0 && length >= 0 && start + length <= count, "slice out of range")
    return UnsafeBufferPointer(start: base.map { $0 + start }, count: length)
  }

  func withMutableBuffer<Result>(_ body: (inout UnsafeMutableBufferPointer<Element>) throws -> Result) rethrows
    -> Result
  {
    var buffer = UnsafeMutableBufferPointer(start: base, count: count)
    return try body(&buffer)
  }
}
