@_spi(Plumbing) package import TextModel

/// What detectors know about the document besides its text.
package struct DetectionContext: Sendable {
  /// The caller's ISO 3166 region for national phone numbers (`--region`), tried after the language
  /// of each number's run and the document's evidence (``PhoneRegionInference``).
  package var region: String?
  /// The document's language (BCP 47), if known.
  package var language: String?
  /// Ranges the text detectors must not look inside (links the markup already gave), sorted by start.
  package var excludedRanges: [TextRange]
  /// The languages of the document's runs (declared `lang`, and any already identified).
  package var languageRuns: LanguageRuns
  /// Regions named by the country-code top-level domains of links and e-mail addresses already
  /// found in the document (".jp" → JP, ".uk" → GB), in document order: evidence for the region of
  /// national phone numbers.
  package var domainRegions: [String] = []
  /// Whether text whose language nothing declared may be identified (`LanguageIdentifier`) to
  /// choose the region of a national phone number there.
  package var identifiesLanguages: Bool
  /// Whether a national number's language is its whole line's (else its stretch's), identified when
  /// the number is met: what `LanguageIdentifier/detectedRuns(in:)` gives every line, without
  /// identifying every line first. Off: the words around the number first (`detect`).
  package var identifiesWholeLines = false

  /// A context with the region for national phone numbers, the text's language, the ranges the
  /// text detectors skip (links the markup already gave), the document's language runs, and whether
  /// undeclared text may be identified.
  package init(
    region: String? = nil, language: String? = nil, excludedRanges: [TextRange] = [],
    languageRuns: LanguageRuns = LanguageRuns(), identifiesLanguages: Bool = true
  ) {
    self.region = region
    self.language = language
    self.excludedRanges = excludedRanges
    self.languageRuns = languageRuns
    self.identifiesLanguages = identifiesLanguages
  }

  /// Whether `range` overlaps an excluded range.
  /// - Complexity: O(log e).
  package func isExcluded(_ range: TextRange) -> Bool {
    let low = excludedRanges.partitioningIndex { $0.end > range.start }
    return low < excludedRanges.count && excludedRanges[low].start < range.end
  }
}

/// A detector finds one or more kinds in a document's text.
///
/// Detectors scan the UTF-8 text and never report a match that crosses a line break (blocks are
/// separated by line breaks, so a match never crosses blocks) or overlaps ``DetectionContext/excludedRanges``.
///
/// A detector declares the evidence it ``requires`` from the detectors before it in a list and the
/// evidence it ``provides`` to those after it; ``DocumentDetector`` schedules a list by these
/// declarations alone (what runs when, on which thread).
package protocol TextDetector: Sendable {
  /// The evidence this detector needs from the detectors before it (default: none).
  var requires: DetectionEvidence { get }
  /// The evidence this detector's detections give the detectors after it (default: none).
  var provides: DetectionEvidence { get }
  /// The detections in `text`, in order of their start.
  func detect(in text: String, context: DetectionContext) -> [Detection]
  /// Appends the detections in `text` to `detections` (the built-in detectors write straight into
  /// the document's compact list, so no array of every match is held beside it; the default
  /// appends what ``detect(in:context:)`` returns).
  func detect(in text: String, context: DetectionContext, appendingTo detections: inout DetectionList)
  /// Appends the detections in `text` to `detections`, taking the evidence it ``requires`` from
  /// `inputs` when it needs it (the default asks at once, puts it in the context and calls
  /// ``detect(in:context:appendingTo:)``).
  func detect(
    in text: String, context: DetectionContext, inputs: DetectionInputs, appendingTo detections: inout DetectionList)
}

extension TextDetector {
  /// Requires nothing.
  package var requires: DetectionEvidence { [] }

  /// Provides nothing.
  package var provides: DetectionEvidence { [] }

  /// Appends what ``detect(in:context:)`` returns.
  package func detect(in text: String, context: DetectionContext, appendingTo detections: inout DetectionList) {
    detections.append(contentsOf: detect(in: text, context: context))
  }

  /// Puts the required domain regions in `context` (asked for at once) and appends what
  /// ``detect(in:context:appendingTo:)`` finds.
  package func detect(
    in text: String, context: DetectionContext, inputs: DetectionInputs, appendingTo detections: inout DetectionList
  ) {
    guard requires.contains(.domainRegions) else {
      detect(in: text, context: context, appendingTo: &detections)
      return
    }
    var withRegions = context
    withRegions.domainRegions = inputs.domainRegions()
    detect(in: text, context: withRegions, appendingTo: &detections)
  }
}

/// Where the built-in detectors put what they find: an array, or a document's compact list.
protocol DetectionAppending {
  mutating func append(_ detection: Detection)
}

extension Array: DetectionAppending where Element == Detection {}
extension DetectionList: DetectionAppending {}
