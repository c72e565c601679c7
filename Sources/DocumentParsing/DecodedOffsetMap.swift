@_spi(Plumbing) internal import TextModel
/// Maps offsets in decoded UTF-8 back to offsets in the original input bytes.
///
/// Decoding goes character by character; each character has a UTF-8 length and an input length
/// (windows-1252 "é": 2 and 1; UTF-16 "a": 1 and 2; a NUL replaced by U+FFFD: 3 and 1). The map keeps
/// one point where that pair changes, so a run of ASCII in UTF-16, or of valid UTF-8, is one point.
struct DecodedOffsetMap: Sendable {
  struct Point: Sendable {
    var decoded: Int
    var original: Int
    /// UTF-8 bytes and input bytes per character from this point to the next.
    var decodedUnit: Int32
    var originalUnit: Int32
  }

  private(set) var points: [Point]
  /// The decoded length so far.
  private(set) var decodedEnd = 0
  /// The input length so far.
  private(set) var originalEnd: Int

  init(start: Int = 0) {
    points = [Point(decoded: 0, original: start, decodedUnit: 1, originalUnit: 1)]
    originalEnd = start
  }

  /// Whether decoded offsets are input offsets.
  var isIdentity: Bool {
    points.count == 1 && points[0].original == 0 && points[0].decodedUnit == 1 && points[0].originalUnit == 1
  }

  /// Records `count` characters of `decoded` UTF-8 bytes, each from `original` input bytes.
  mutating func add(decoded: Int, original: Int, count: Int = 1) {
    guard count > 0 else { return }
    let last = points[points.count - 1]
    if last.decodedUnit != Int32(decoded) || last.originalUnit != Int32(original) {
      if last.decoded == decodedEnd {
        points[points.count - 1].decodedUnit = Int32(decoded)
        points[points.count - 1].originalUnit = Int32(original)
      } else {
        points.append(
          Point(
            decoded: decodedEnd, original: originalEnd, decodedUnit: Int32(decoded),
            originalUnit: Int32(original)))
      }
    }
    decodedEnd += decoded * count
    originalEnd += original * count
  }

  /// Records that the next character starts at input offset `original` (bytes that gave no text,
  /// such as a byte-order mark or an ISO-2022 escape, were skipped).
  mutating func jump(to original: Int) {
    guard original != originalEnd else { return }
    let last = points[points.count - 1]
    if last.decoded == decodedEnd {
      points[points.count - 1].original = original
    } else {
      points.append(
        Point(
          decoded: decodedEnd, original: original, decodedUnit: last.decodedUnit,
          originalUnit: last.originalUnit))
    }
    originalEnd = original
  }

  /// The input offset of the character that decoded offset `decoded` belongs to.
  /// - Complexity: O(log p) for p points.
  func originalOffset(_ decoded: Int) -> Int {
    if decoded >= decodedEnd { return originalEnd }
    let point = points[max(0, points.partitioningIndex { $0.decoded > decoded } - 1)]
    let characters = (decoded - point.decoded) / Int(point.decodedUnit)
    return min(point.original + characters * Int(point.originalUnit), originalEnd)
  }

  /// Calls `body(decoded, original)` at the start of every run of characters whose offsets do not
  /// advance together, and at every character inside runs that do not advance one for one, so a
  /// `TextModel/SourceMap` built from these anchors is exact everywhere.
  func forEachAnchor(_ body: (Int, Int) -> Void) {
    for (index, point) in points.enumerated() {
      let end = index + 1 < points.count ? points[index + 1].decoded : decodedEnd
      if point.decodedUnit == point.originalUnit {
        body(point.decoded, point.original)
        continue
      }
      var decoded = point.decoded
      var original = point.original
      while decoded < end {
        body(decoded, original)
        decoded += Int(point.decodedUnit)
        original += Int(point.originalUnit)
      }
    }
    body(decodedEnd, originalEnd)
  }
}
