public import TextModel

/// What detectors know about the document besides its text.
public struct DetectionContext: Sendable {
  /// The ISO 3166 region for national phone numbers, when the caller or the evidence gave one.
  public var region: String?
  /// The document's language (BCP 47), if known.
  public var language: String?
  /// Ranges the text detectors must not look inside (links the markup already gave), sorted by start.
  public var excludedRanges: [TextRange]

  /// A context with the region for national phone numbers, the text's language, and the ranges the
  /// text detectors skip (links the markup already gave).
  public init(region: String? = nil, language: String? = nil, excludedRanges: [TextRange] = []) {
    self.region = region
    self.language = language
    self.excludedRanges = excludedRanges
  }

  /// Whether `range` overlaps an excluded range.
  /// - Complexity: O(log e).
  public func isExcluded(_ range: TextRange) -> Bool {
    let low = excludedRanges.partitioningIndex { $0.end > range.start }
    return low < excludedRanges.count && excludedRanges[low].start < range.end
  }
}

/// A detector finds one or more kinds in a document's text.
///
/// Detectors scan the UTF-8 text and never report a match that crosses a line break (blocks are
/// separated by line breaks, so a match never crosses blocks) or overlaps ``DetectionContext/excludedRanges``.
public protocol TextDetector: Sendable {
  /// The detections in `text`, in order of their start.
  func detect(in text: String, context: DetectionContext) -> [Detection]
}
