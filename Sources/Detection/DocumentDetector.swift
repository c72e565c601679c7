public import ParallelSupport
package import TextModel

/// The whole detection stage: markup first (links, `mailto:` and `tel:` hrefs, alert markup), then the
/// text detectors over the rest of the text, then alerts from cue words.
///
/// ```swift
/// let detections = DocumentDetector().detect(in: document)
/// ```
/// The text inside a markup link is not detected again. Results are in document order.
///
/// It holds the options and the text detector list; `DetectionScheduler` runs the stages by what
/// each detector `TextDetector/requires` and `TextDetector/provides` (on both cores for a large
/// document), so a custom list is scheduled like the built-in one.
public struct DocumentDetector: Sendable {
  /// What to detect and with which evidence.
  public struct Options: Sendable {
    /// The kinds to report (default: all four).
    public var kinds: Set<DetectionKind>
    /// The region for national phone numbers; nil infers it from the document.
    public var region: String?
    /// Extra alert rules.
    public var alertRules: AlertRules
    /// The most detections reported for one document: the first ones in document order are kept,
    /// and `DocumentDetector/detect(in:diagnostics:)` reports the cut.
    public var maximumDetections: Int
    /// Whether the language of text that declares none is identified (`LanguageIdentifier`, only
    /// where a national phone number needs a region).
    public var identifiesLanguages: Bool
    /// Whether a national number takes the language of its whole line (else its stretch), identified
    /// when the number is met: the phones a document annotated up front with
    /// `LanguageIdentifier/annotating(_:)` gets, at the cost of its numbers' lines only (`rotor`,
    /// `browse`). Off: the words around each number first (`detect`).
    public var identifiesWholeLines = false
    /// The threads detection may use: on a large document links, e-mail addresses and alerts on one,
    /// phones on another, unless this is ``Parallelism/serial`` (then everything in turn on the
    /// calling thread). The detections are the same either way.
    public var parallelism: Parallelism = .default
    /// How the scheduler splits the work (internal: tests set it to compare).
    var tuning = Tuning()

    /// Options: the kinds to detect, the region for national phone numbers, extra alert rules, and the
    /// cap on detections per document.
    public init(
      kinds: Set<DetectionKind> = [.email, .link, .phone, .alert], region: String? = nil,
      alertRules: AlertRules = AlertRules(), maximumDetections: Int = Self.defaultMaximumDetections,
      identifiesLanguages: Bool = true
    ) {
      self.kinds = kinds
      self.region = region
      self.alertRules = alertRules
      self.maximumDetections = maximumDetections
      self.identifiesLanguages = identifiesLanguages
    }

    /// 1,000,000 detections per document.
    public static let defaultMaximumDetections = 1_000_000
  }

  /// The scheduler's tuning values (`DetectionScheduler`): tests set them to compare one way of
  /// running with another; the defaults are what was measured fastest.
  struct Tuning: Sendable {
    /// The text size (UTF-8 bytes) from which detection uses both cores (below it, starting a
    /// second thread costs more than it saves).
    var parallelMinimum = 256 * 1024
    /// Which thread runs the provider either thread may claim (the e-mail addresses) on both cores:
    /// nil, whichever comes to it first; 0 (the first thread) or 1 (the consumer's) forces one.
    var claimThread: Int?
    /// National phone numbers per block of work shared between the threads (languages, validation).
    var blockSize = 256
  }

  /// The options in force.
  package var options: Options
  /// The text detectors run after the markup pass.
  package var textDetectors: [any TextDetector]

  /// Creates a detector with `options`; `textDetectors` replaces the built-in e-mail, link and phone
  /// detectors (nil keeps them).
  package init(options: Options = Options(), textDetectors: [any TextDetector]? = nil) {
    self.options = options
    self.textDetectors = textDetectors ?? Self.builtInTextDetectors(options: options)
  }

  /// The built-in text detectors for the requested kinds. Phones need links and e-mail addresses
  /// too: their country-code domains are evidence for the region of national numbers, so that
  /// `--kinds phone` finds what the full run finds (the extra kinds are not reported).
  package static func builtInTextDetectors(options: Options) -> [any TextDetector] {
    var detectors: [any TextDetector] = []
    let phones = options.kinds.contains(.phone)
    if options.kinds.contains(.link) || phones { detectors.append(LinkDetector()) }
    if options.kinds.contains(.email) || phones { detectors.append(EmailDetector()) }
    if options.kinds.contains(.phone) { detectors.append(PhoneNumberDetector()) }
    return detectors
  }

  /// Every detection in `document`, in document order, at most ``Options/maximumDetections``.
  ///
  /// Use `detect(in:diagnostics:)` to learn whether the limit cut the list.
  package func detect(in document: TextDocument) -> DetectionList {
    var diagnostics: [Diagnostic] = []
    return detect(in: document, diagnostics: &diagnostics)
  }

  /// Every detection in `document`, in document order, at most ``Options/maximumDetections``; when
  /// the limit cuts the list, a diagnostic saying how many were found and where the cut is (the
  /// position of the first detection left out, as a line:column of the document text) is appended
  /// to `diagnostics`.
  package func detect(in document: TextDocument, diagnostics: inout [Diagnostic]) -> DetectionList {
    var results = allDetections(in: document)
    let limit = max(0, options.maximumDetections)
    if results.count > limit {
      let first = results.range(at: limit).start
      let source = document.sourceMap.sourceOffset(forTextOffset: first)
      let (line, column) = document.sourceMap.lineAndColumn(forSourceOffset: source)
      diagnostics.append(
        Diagnostic(
          .warning,
          "\(results.count) detections found; only the first \(limit) are reported "
            + "(limit: --max-detections); the first one left out is here", line: line, column: column))
      results.removeSubrange(limit...)
    }
    return results
  }

  /// Every detection, resolved: the stages run by `DetectionScheduler` (on both cores for a large
  /// document, joined in the order one thread makes them), then ``resolve(_:)``.
  private func allDetections(in document: TextDocument) -> DetectionList {
    var results = DetectionScheduler(options: options, detectors: textDetectors).detections(in: document)
    Self.resolve(&results)
    return results
  }

  /// What runs where for `document` (tests check a custom list still uses both cores).
  func plan(for document: TextDocument) -> DetectionScheduler.Plan {
    DetectionScheduler(options: options, detectors: textDetectors).plan(forTextOfSize: document.text.utf8.count)
  }

  /// The regions of the country-code top-level domains of the links and e-mail addresses in
  /// `detections` from position `first`, in order, each once: read from the stored value bytes
  /// (making each detection and its value string was a tenth of detecting a large page).
  static func domainRegions(in detections: DetectionList, from first: Int) -> [String] {
    var regions: [String] = []
    for position in first..<detections.count {
      let kind = detections.kind(at: position)
      guard kind == .link || kind == .email else { continue }
      if let region = detections.valueBytes(at: position, domainRegion(ofBytes:)), !regions.contains(region) {
        regions.append(region)
      }
    }
    return regions
  }

  /// The region of the country-code top-level domain of a `mailto:` or URL value, or nil.
  static func domainRegion(of value: String) -> String? {
    var value = value
    return value.withUTF8(domainRegion(ofBytes:))
  }

  /// The region of the country-code top-level domain of the UTF-8 bytes of a `mailto:` or URL
  /// value, or nil; a byte scan (Character operations here cost a tenth of the whole detect run on
  /// dense text).
  private static func domainRegion(ofBytes bytes: UnsafeBufferPointer<UInt8>) -> String? {
    var hostStart = -1
    if let at = bytes.lastIndex(of: 0x40) {
      hostStart = at + 1
    } else if let colon = bytes.firstIndex(of: 0x3A), colon + 2 < bytes.count, bytes[colon + 1] == 0x2F,
      bytes[colon + 2] == 0x2F
    {
      hostStart = colon + 3
    }
    guard hostStart >= 0 else { return nil }
    var hostEnd = hostStart
    while hostEnd < bytes.count {
      let byte = bytes[hostEnd]
      if byte == 0x2F || byte == 0x3F || byte == 0x23 || byte == 0x3A { break }
      hostEnd += 1
    }
    guard hostEnd - hostStart >= 4, bytes[hostEnd - 3] == 0x2E else { return nil }
    let first = bytes[hostEnd - 2] | 0x20
    let second = bytes[hostEnd - 1] | 0x20
    guard (0x61...0x7A).contains(first), (0x61...0x7A).contains(second) else { return nil }
    let region =
      first == 0x75 && second == 0x6B ? "GB" : String(decoding: [first - 0x20, second - 0x20], as: UTF8.self)
    return PhoneMetadata.shared.region(region) != nil ? region : nil
  }

  /// ``resolve(_:)`` in place: sorts and compacts the array without copies (a large document has
  /// hundreds of thousands of detections; copies were the peak of the pipeline's memory).
  package static func resolve(_ detections: inout [Detection]) {
    detections.sort { ($0.range.start, -$0.range.end) < ($1.range.start, -$1.range.end) }
    let kept = compact(
      count: detections.count, kind: { detections[$0].kind }, range: { detections[$0].range },
      move: { detections[$1] = detections[$0] })
    detections.removeSubrange(kept...)
  }

  /// ``resolve(_:)`` on a compact list, in place: records are sorted and compacted, values stay.
  package static func resolve(_ detections: inout DetectionList) {
    detections.sortByRange { ($0.start, -$0.end) < ($1.start, -$1.end) }
    let kept = compact(
      count: detections.count, kind: { detections.kind(at: $0) }, range: { detections.range(at: $0) },
      move: { detections.moveRecord(from: $0, to: $1) })
    detections.removeSubrange(kept...)
  }

  /// The rule of ``resolve(_:)`` over detections sorted by start (longest first), compacting in
  /// place: each kept detection is moved (`move(from, to)`) to the next kept position, at or
  /// before its own; returns how many are kept.
  private static func compact(
    count: Int, kind: (Int) -> DetectionKind, range: (Int) -> TextRange, move: (Int, Int) -> Void
  ) -> Int {
    var kept = 0
    var containers: [(kind: DetectionKind, range: TextRange)] = []  // links and e-mails that may contain later ones
    for index in 0..<count {
      let detectionKind = kind(index)
      let detectionRange = range(index)
      if kept > 0, kind(kept - 1) == detectionKind, range(kept - 1) == detectionRange { continue }
      containers.removeAll { $0.range.end <= detectionRange.start }
      let inside = containers.contains { container in
        container.range.contains(detectionRange) && container.range != detectionRange
          && (detectionKind == .phone || (detectionKind == .email && container.kind == .link)
            || (detectionKind == .link && container.kind == .email))
      }
      if inside { continue }
      if detectionKind == .link || detectionKind == .email { containers.append((detectionKind, detectionRange)) }
      if index != kept { move(index, kept) }
      kept += 1
    }
    return kept
  }

  /// Orders detections and settles overlaps: the same thing found twice keeps the first (markup
  /// before text); an e-mail address inside a link ("…/ruby-talk@ruby-lang.org/") is part of the
  /// link, and a domain inside an e-mail address ("name.al" in "name.al-x@foo.com") part of the
  /// address; a phone number inside a link or an e-mail address is part of it.
  package static func resolve(_ detections: [Detection]) -> [Detection] {
    var resolved = detections
    resolve(&resolved)
    return resolved
  }

  /// The detection a markup link gives: `mailto:` → e-mail, `tel:` → phone, anything else → link.
  static func markupDetection(target: String, range: TextRange) -> Detection? {
    let trimmed =
      target.first == " " || target.last == " "
      ? String(target.trimmingPrefix { $0 == " " }.reversed().drop { $0 == " " }.reversed()) : target
    let lower = trimmed.prefix(11).lowercased()
    if lower.hasPrefix("mailto:") {
      let address = trimmed.dropFirst(7).prefix { $0 != "?" }
      return Detection(
        kind: .email, range: range, value: "mailto:" + address, source: .markup, confidence: 1,
        reason: "markup: mailto: link")
    }
    if lower.hasPrefix("tel:") {
      let number = trimmed.dropFirst(4)
      let digits: String
      if number.utf8.allSatisfy({ $0 < 0x80 }) {
        // ASCII (nearly every tel: URI): the same filter over bytes, not Characters (a tenth of the
        // markup's detections).
        var kept: [UInt8] = []
        kept.reserveCapacity(number.utf8.count)
        var parameters = false
        for byte in number.utf8 {
          if byte == 0x3B { parameters = true }  // ";": parameters follow, lowercased as they are
          if parameters {
            kept.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
          } else if (byte >= 0x30 && byte <= 0x39) || byte == 0x2B {
            kept.append(byte)
          }
        }
        digits = String(decoding: kept, as: UTF8.self)
      } else if let semicolon = number.firstIndex(of: ";") {
        digits = number[..<semicolon].filter { $0.isNumber || $0 == "+" } + number[semicolon...].lowercased()
      } else {
        digits = number.filter { $0.isNumber || $0 == "+" }
      }
      return Detection(
        kind: .phone, range: range, value: "tel:" + digits, source: .markup, confidence: 1,
        reason: "markup: tel: link")
    }
    // Nothing to open: a script, or an element that is a link by its role only (`role="link"`, no href).
    if trimmed.isEmpty || lower.hasPrefix("javascript:") { return nil }
    return Detection(
      kind: .link, range: range, value: trimmed, source: .markup, confidence: 1, reason: "markup: <a href>")
  }
}
