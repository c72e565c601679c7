/// A half-open range of UTF-8 offsets into a document's text.
///
/// Positions inside TextRotor are UTF-8 offsets (as in swift-syntax's `AbsolutePosition`); UTF-16,
/// Character and line:column forms are derived at the edge with ``TextOffsetConverter`` and
/// `SourceMap`.
public struct TextRange: Hashable, Sendable, CustomStringConvertible {
  /// The first UTF-8 offset in the range.
  public package(set) var start: Int
  /// The UTF-8 offset just past the range.
  public package(set) var end: Int

  /// Creates a range; `end` is clamped so the range is never negative.
  public init(start: Int, end: Int) {
    self.start = start
    self.end = Swift.max(start, end)
  }

  /// Creates a range from a Swift half-open range of UTF-8 offsets.
  public init(_ range: Range<Int>) { self.init(start: range.lowerBound, end: range.upperBound) }

  /// The number of UTF-8 code units in the range.
  public var length: Int { end - start }
  /// Whether the range holds no text.
  public var isEmpty: Bool { end == start }
  /// The range as a Swift `Range<Int>`.
  public var offsets: Range<Int> { start..<end }

  /// Whether `offset` lies inside the range (start inclusive, end exclusive; an empty range contains its start).
  public func contains(_ offset: Int) -> Bool { isEmpty ? offset == start : (start <= offset && offset < end) }
  /// Whether `other` lies entirely inside this range.
  public func contains(_ other: TextRange) -> Bool { start <= other.start && other.end <= end }
  /// Whether the two ranges share at least one offset.
  public func overlaps(_ other: TextRange) -> Bool { start < other.end && other.start < end }

  /// "start..<end".
  public var description: String { "\(start)..<\(end)" }
}
