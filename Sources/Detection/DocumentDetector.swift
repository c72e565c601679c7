public import ParallelSupport
internal import Synchronization
public import TextModel

#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// The whole detection stage: markup first (links, `mailto:` and `tel:` hrefs, alert markup), then the
/// text detectors over the rest of the text, then alerts from cue words.
///
/// ```swift
/// let detections = DocumentDetector().detect(in: document)
/// ```
/// The text inside a markup link is not detected again. Results are in document order.
public struct DocumentDetector: Sendable {
  /// What to detect and with which evidence.
  public struct Options: Sendable {
    /// The kinds to report (default: all four).
    public var kinds: Set<DetectionKind>
    /// The region for national phone numbers; nil infers it from the document.
    public var region: String?
    /// Extra alert rules.
    public var alertRules: AlertRules
    /// The most detections reported for one document: the first ones in document order are kept
    /// and the cut is reported by ``DocumentDetector/detect(in:diagnostics:)``.
    public var maximumDetections: Int
    /// Whether the language of text that declares none is identified (``LanguageIdentifier``, only
    /// where a national phone number needs a region).
    public var identifiesLanguages: Bool
    /// The text size (UTF-8 bytes) from which detection uses both cores (below it, starting a
    /// second thread costs more than it saves); tests set it to compare.
    var parallelMinimum = 256 * 1024
    /// Which thread finds the e-mail addresses on both cores: nil, whichever comes to them first;
    /// tests set 0 (the links' thread) or 1 (the phones') to compare both with one thread.
    var emailThread: Int?
    /// The threads detection may use: on a large document links, e-mail addresses and alerts on one,
    /// phones on another, unless this is ``Parallelism/serial`` (then everything in
    /// turn on the calling thread). The detections are the same either way.
    public var parallelism: Parallelism = .default

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

  /// The options in force.
  public var options: Options
  /// The text detectors run after the markup pass.
  public var textDetectors: [any TextDetector]

  /// Creates a detector with `options`; `textDetectors` replaces the built-in e-mail, link and phone
  /// detectors (nil keeps them).
  public init(options: Options = Options(), textDetectors: [any TextDetector]? = nil) {
    self.options = options
    self.textDetectors = textDetectors ?? Self.builtInTextDetectors(options: options)
  }

  /// The built-in text detectors for the requested kinds. Phones need links and e-mail addresses
  /// too: their country-code domains are evidence for the region of national numbers, so that
  /// `--kinds phone` finds what the full run finds (the extra kinds are not reported).
  public static func builtInTextDetectors(options: Options) -> [any TextDetector] {
    var detectors: [any TextDetector] = []
    let phones = options.kinds.contains(.phone)
    if options.kinds.contains(.link) || phones { detectors.append(LinkDetector()) }
    if options.kinds.contains(.email) || phones { detectors.append(EmailDetector()) }
    if options.kinds.contains(.phone) { detectors.append(PhoneNumberDetector()) }
    return detectors
  }

  /// Every detection in `document`, in document order, at most ``Options/maximumDetections``.
  ///
  /// Use ``detect(in:diagnostics:)`` to learn whether the limit cut the list.
  public func detect(in document: TextDocument) -> DetectionList {
    var diagnostics: [Diagnostic] = []
    return detect(in: document, diagnostics: &diagnostics)
  }

  /// Every detection in `document`, in document order, at most ``Options/maximumDetections``; when
  /// the limit cuts the list, a diagnostic saying how many were found and where the cut is (the
  /// position of the first detection left out, as a line:column of the document text) is appended
  /// to `diagnostics`.
  public func detect(in document: TextDocument, diagnostics: inout [Diagnostic]) -> DetectionList {
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

  /// Every detection, resolved. On a large document the work runs on both cores: links and e-mail
  /// addresses, then alerts, on one; phone numbers on the other. Phones need the country-code
  /// domains of the links and e-mails only after their scan, for national numbers: they wait for them
  /// there (a `Promise`). The lists are appended in the order one thread would make
  /// them (markup links, links, e-mails, phones, alerts) before `resolve`, so the result is the same
  /// (tested against the sequential order).
  private func allDetections(in document: TextDocument) -> DetectionList {
    var context = markupContext(of: document)
    let wantsAlerts = options.kinds.contains(.alert)
    let alertRules = options.alertRules
    // Phones on their own core when they come last, after links and e-mails only (the built-in set).
    let phones = textDetectors.last as? PhoneNumberDetector
    let splitsPhones =
      phones != nil && textDetectors.dropLast().allSatisfy { $0 is LinkDetector || $0 is EmailDetector }
    guard !options.parallelism.isSerial, document.text.utf8.count >= options.parallelMinimum,
      splitsPhones || wantsAlerts
    else {
      var results = DetectionList(rangesIn: document.text)
      let markupRegions = markupDetections(in: document, into: &results)
      _ = runTextDetectors(textDetectors, on: document.text, context: &context, regions: markupRegions, into: &results)
      if wantsAlerts { results.append(contentsOf: AlertDetector(rules: alertRules).detect(in: document)) }
      Self.resolve(&results)
      return results
    }
    // The context (its language runs, the excluded ranges) is gone before the lists are joined: the
    // join is the peak of memory (speaking 50 MB of text: 9 MB less).
    var (textResults, emails, phoneList, alerts) = detectOnTwoCores(
      document, context: consume context, phones: splitsPhones ? phones : nil, wantsAlerts: wantsAlerts)
    var results = textResults
    textResults = DetectionList()  // so that appending below does not copy the whole list
    results.append(movingFrom: &emails)  // in the order one thread makes them: after the links
    if splitsPhones {
      let first = results.count
      results.append(movingFrom: &phoneList)
      results.removeKinds(notIn: options.kinds, from: first)
    }
    results.append(movingFrom: &alerts)
    Self.resolve(&results)
    return results
  }

  /// The text detectors' results (markup links first), the e-mail addresses when the phone thread
  /// found them, the phone numbers and the alerts of a large document, found on two threads: markup
  /// links, links, e-mail addresses and alerts on one, phones (when given) on the other. The phones
  /// start at once: they need the markup links' domains only with the others, after their scan.
  ///
  /// The e-mail addresses and the alerts go to whichever thread comes to them first: on a page of
  /// markup links the phones' scan ends long before the links (the phone thread sat idle for a
  /// third of the detection), in plain text the links end first. Whoever finds the e-mail
  /// addresses adds their domains' regions after the links', as one thread would.
  private func detectOnTwoCores(
    _ document: TextDocument, context: consuming DetectionContext, phones: PhoneNumberDetector?, wantsAlerts: Bool
  ) -> (DetectionList, DetectionList, DetectionList, DetectionList) {
    let alertRules = options.alertRules
    let splitsPhones = phones != nil
    let beforePhones = splitsPhones ? Array(textDetectors.dropLast()) : textDetectors
    // The e-mail detector, when it comes last before the phones, may be run by either thread.
    let claimableEmails: EmailDetector? =
      splitsPhones && beforePhones.count >= 2 ? beforePhones.last as? EmailDetector : nil
    let firstDetectors = claimableEmails == nil ? beforePhones : Array(beforePhones.dropLast())
    let emailsClaimed = Atomic<Bool>(claimableEmails == nil)
    // The country-code regions of the links and e-mail addresses, kept by part 0 for the phones.
    let promise = Promise<[String]>()
    let phoneWork = SharedBlocks()
    nonisolated(unsafe) var shared = DetectionList(rangesIn: document.text)
    nonisolated(unsafe) var emails = DetectionList(rangesIn: document.text)
    nonisolated(unsafe) var phoneList = DetectionList(rangesIn: document.text)
    nonisolated(unsafe) var alerts = DetectionList(rangesIn: document.text)
    let text = document.text
    let phoneContext = consume context
    // Claimed once; only the claimant writes `alerts`.
    let alertsClaimed = Atomic<Bool>(!wantsAlerts)
    // `forEach` hands out parts in increasing order, so part 0 (which keeps its promise) has started
    // before part 1 can wait on it, even when one thread runs both.
    options.parallelism.forEach(2) { part in
      if part == 0 {
        var ownContext = phoneContext
        let regions = markupDetections(in: document, into: &shared)
        var found = runTextDetectors(firstDetectors, on: text, context: &ownContext, regions: regions, into: &shared)
        if let claimableEmails, options.emailThread != 1, !emailsClaimed.exchange(true, ordering: .relaxed) {
          found = runTextDetectors([claimableEmails], on: text, context: &ownContext, regions: found, into: &shared)
        }
        promise.keep(found)
        if splitsPhones, !alertsClaimed.exchange(true, ordering: .relaxed) {
          alerts.append(contentsOf: AlertDetector(rules: alertRules).detect(in: document))
        }
        // Done here: identify the languages of national numbers and validate them with the phone
        // thread, until it is done (waits for its next blocks only once it has begun).
        if splitsPhones { phoneWork.helpUntilOwnerEnds() }
      } else if let phones {
        // Finds the e-mail addresses here if `allowed` and nobody has claimed them; their regions.
        func claimEmails(when allowed: Bool) -> [String] {
          guard let claimableEmails, options.emailThread != 0, allowed,
            !emailsClaimed.exchange(true, ordering: .relaxed)
          else { return [] }
          var ownContext = phoneContext
          return runTextDetectors([claimableEmails], on: text, context: &ownContext, regions: [], into: &emails)
        }
        phoneWork.begin()
        phones.detect(
          in: text, context: phoneContext,
          domainRegions: {
            let emailRegions = claimEmails(when: options.emailThread == 1 || !promise.isKept)
            if !promise.isKept, !alertsClaimed.exchange(true, ordering: .relaxed) {
              alerts.append(contentsOf: AlertDetector(rules: alertRules).detect(in: document))
            }
            var regions = promise.value()
            for region in emailRegions where !regions.contains(region) { regions.append(region) }
            return regions
          }, sharing: phoneWork, appendingTo: &phoneList)
        phoneWork.end()
        // No national number asked for the domains: the e-mail addresses may still be unclaimed.
        _ = claimEmails(when: true)
      } else if wantsAlerts {
        alerts.append(contentsOf: AlertDetector(rules: alertRules).detect(in: document))
      }
    }
    return (shared, emails, phoneList, alerts)
  }

  /// Appends the detections of markup links (`<a href>` targets, of the requested kinds) to
  /// `results`; returns the regions of the links' country-code domains.
  private func markupDetections(in document: TextDocument, into results: inout DetectionList) -> [String] {
    // The regions of markup links' and mailto: country-code domains, in order, each once (the
    // detections themselves are not kept aside: on a large page they were 13 MB at the peak).
    var domainRegions: [String] = []
    for run in document.runs {
      guard case .link(let target, _) = run.attribute,
        let detection = Self.markupDetection(target: target, range: run.range)
      else { continue }
      if options.kinds.contains(detection.kind) { results.append(detection) }
      if detection.kind != .phone, let region = Self.domainRegion(of: detection.value),
        !domainRegions.contains(region)
      {
        domainRegions.append(region)
      }
    }
    return domainRegions
  }

  /// The context the text detectors run with: the markup links' ranges excluded (their text is not
  /// detected again), the document's language runs, the options' region.
  private func markupContext(of document: TextDocument) -> DetectionContext {
    var excluded: [TextRange] = []
    for run in document.runs {
      if case .link = run.attribute { excluded.append(run.range) }
    }
    excluded.sort { $0.start < $1.start }
    return DetectionContext(
      region: options.region, language: document.language, excludedRanges: excluded,
      languageRuns: LanguageRuns(document: document), identifiesLanguages: options.identifiesLanguages)
  }

  /// Runs `detectors` in order over `text`, appending to `results`; returns the domain regions
  /// (`regions` and those of the links and e-mails found), which a phone detector gets in `context`.
  private func runTextDetectors(
    _ detectors: [any TextDetector], on text: String, context: inout DetectionContext, regions: [String],
    into results: inout DetectionList
  ) -> [String] {
    var domainRegions = regions
    // Each detector appends to the compact list: no array of its matches is held beside it.
    for detector in detectors {
      if detector is PhoneNumberDetector { context.domainRegions = domainRegions }
      let first = results.count
      detector.detect(in: text, context: context, appendingTo: &results)
      if detector is LinkDetector || detector is EmailDetector {
        for region in Self.domainRegions(in: results, from: first) where !domainRegions.contains(region) {
          domainRegions.append(region)
        }
      }
      // Links and e-mails found only as evidence for phone regions (`--kinds phone`) are not reported.
      results.removeKinds(notIn: options.kinds, from: first)
    }
    return domainRegions
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
  private static func domainRegion(of value: String) -> String? {
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
  public static func resolve(_ detections: inout [Detection]) {
    detections.sort { ($0.range.start, -$0.range.end) < ($1.range.start, -$1.range.end) }
    let kept = compact(
      count: detections.count, kind: { detections[$0].kind }, range: { detections[$0].range },
      move: { detections[$1] = detections[$0] })
    detections.removeSubrange(kept...)
  }

  /// ``resolve(_:)`` on a compact list, in place: records are sorted and compacted, values stay.
  public static func resolve(_ detections: inout DetectionList) {
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
  public static func resolve(_ detections: [Detection]) -> [Detection] {
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
