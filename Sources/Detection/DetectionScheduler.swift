internal import ParallelSupport
internal import Synchronization
internal import TextModel

/// Runs the detection's stage graph: markup (links, `mailto:` and `tel:` hrefs) → the text
/// detectors in list order, each detector that `TextDetector/provides` domain regions feeding
/// those after it that `TextDetector/requires` them → alerts. It decides from the detectors'
/// declarations and the text's size alone what runs on which thread (``Plan``),
/// and joins the lists in the order one thread makes them, so the result never depends on it.
///
/// On two threads, the first detector that requires domain regions (the phones, in the built-in
/// list) runs on its own thread from the start: it asks for the regions only late (after its scan
/// and its languages, ``DetectionInputs/domainRegions()``) and waits for them there
/// (a `Promise`). Markup, the other detectors and then alerts run on the first thread,
/// which then helps with the consumer's blocks (``SharedBlocks``). The last provider before the
/// consumer (the e-mail addresses) and the alerts go to whichever thread comes to them first: on a
/// page of markup links the phones' scan ends long before the links (the phone thread sat idle for
/// a third of the detection), in plain text the links end first.
struct DetectionScheduler: Sendable {
  /// What runs where.
  struct Plan: Equatable {
    /// Whether the work is split over two threads.
    var twoThreads: Bool
    /// The detector (its index in the list) on the second thread, which gets the domain regions
    /// when it asks: the first that requires them, when no detector after it provides or requires
    /// them (the first thread could not give it those). Nil: the second thread finds alerts only.
    var consumer: Int?
    /// The provider (its index) that either thread may run: the one right before the consumer,
    /// when another detector comes before it.
    var claimable: Int?
  }

  let options: DocumentDetector.Options
  let detectors: [any TextDetector]

  /// The plan for a text of `size` UTF-8 bytes.
  func plan(forTextOfSize size: Int) -> Plan {
    let consumer = detectors.firstIndex { $0.requires.contains(.domainRegions) }.flatMap { index in
      detectors[(index + 1)...].allSatisfy { $0.requires.isEmpty && $0.provides.isEmpty } ? index : nil
    }
    var claimable: Int?
    if let consumer, consumer >= 2, detectors[consumer - 1].provides.contains(.domainRegions),
      detectors[consumer - 1].requires.isEmpty
    {
      claimable = consumer - 1
    }
    let twoThreads =
      !options.parallelism.isSerial && size >= options.tuning.parallelMinimum
      && (consumer != nil || options.kinds.contains(.alert))
    return Plan(twoThreads: twoThreads, consumer: twoThreads ? consumer : nil, claimable: twoThreads ? claimable : nil)
  }

  /// Every detection, unresolved, in the order one thread makes them (markup links, the text
  /// detectors in list order, alerts).
  func detections(in document: TextDocument) -> DetectionList {
    let plan = plan(forTextOfSize: document.text.utf8.count)
    guard plan.twoThreads else { return detectionsOnOneThread(in: document) }
    // The context (its language runs, the excluded ranges) is gone before the lists are joined: the
    // join is the peak of memory (speaking 50 MB of text: 9 MB less).
    var lists = detectionsOnTwoThreads(in: document, plan: plan, context: markupContext(of: document))
    var results = lists[0]
    lists[0] = DetectionList()  // so that appending below does not copy the whole list
    for index in 1..<lists.count { results.append(movingFrom: &lists[index]) }
    return results
  }

  /// The stages one after the other.
  private func detectionsOnOneThread(in document: TextDocument) -> DetectionList {
    var results = DetectionList(rangesIn: document.text)
    let context = markupContext(of: document)
    let regions = markupDetections(in: document, into: &results)
    _ = run(detectors.indices, on: document.text, context: context, regions: regions, into: &results)
    if options.kinds.contains(.alert) {
      results.append(contentsOf: AlertDetector(rules: options.alertRules).detect(in: document))
    }
    return results
  }

  /// The lists of a large document, found on two threads as `plan` says, in the order to join
  /// them: the first thread's (markup links and the detectors before the consumer), the claimable
  /// provider's when the consumer's thread ran it, the consumer's, the detectors after it, alerts.
  private func detectionsOnTwoThreads(
    in document: TextDocument, plan: Plan, context: consuming DetectionContext
  ) -> [DetectionList] {
    let text = document.text
    let tuning = options.tuning
    let wantsAlerts = options.kinds.contains(.alert)
    let consumer = plan.consumer
    let claimable = plan.claimable
    let first = (0..<(consumer ?? detectors.count)).filter { $0 != claimable }
    let after = consumer.map { ($0 + 1)..<detectors.count } ?? detectors.count..<detectors.count
    // Claimed once each; only the claimant runs the claimable provider or writes `alerts`.
    let claimed = Atomic<Bool>(claimable == nil)
    let alertsClaimed = Atomic<Bool>(!wantsAlerts)
    let promise = Promise<[String]>()
    let consumerWork = SharedBlocks()
    let context = consume context
    // Each part fills lists of its own and returns them; only the claimant of the alerts fills its
    // `alerts`.
    let parts = Self.onTwoThreads(options.parallelism) {
      part -> (DetectionList, DetectionList, alerts: DetectionList) in
      var alerts = DetectionList(rangesIn: text)
      if part == 0 {
        var shared = DetectionList(rangesIn: text)
        var afterList = DetectionList(rangesIn: text)
        let regions = markupDetections(in: document, into: &shared)
        var found = run(first, on: text, context: context, regions: regions, into: &shared)
        if let claimable, tuning.claimThread != 1, !claimed.exchange(true, ordering: .relaxed) {
          found = run(claimable..<claimable + 1, on: text, context: context, regions: found, into: &shared)
        }
        promise.keep(found)
        _ = run(after, on: text, context: context, regions: [], into: &afterList)
        guard consumer != nil else { return (shared, afterList, alerts) }
        if !alertsClaimed.exchange(true, ordering: .relaxed) {
          alerts.append(contentsOf: AlertDetector(rules: options.alertRules).detect(in: document))
        }
        // Done here: help the consumer with its blocks until it is done (waits for its next blocks
        // only once it has begun).
        consumerWork.helpUntilOwnerEnds()
        return (shared, afterList, alerts)
      }
      var claimedList = DetectionList(rangesIn: text)
      var consumerList = DetectionList(rangesIn: text)
      if let consumer {
        // Runs the claimable provider here if `allowed` and nobody has claimed it; its regions.
        func claim(when allowed: Bool) -> [String] {
          guard let claimable, tuning.claimThread != 0, allowed, !claimed.exchange(true, ordering: .relaxed)
          else { return [] }
          return run(claimable..<claimable + 1, on: text, context: context, regions: [], into: &claimedList)
        }
        consumerWork.begin()
        let inputs = DetectionInputs(
          domainRegions: {
            let claimedRegions = claim(when: tuning.claimThread == 1 || !promise.isKept)
            if !promise.isKept, !alertsClaimed.exchange(true, ordering: .relaxed) {
              alerts.append(contentsOf: AlertDetector(rules: options.alertRules).detect(in: document))
            }
            var regions = promise.value()
            for region in claimedRegions where !regions.contains(region) { regions.append(region) }
            return regions
          }, blocks: DetectionBlocks(sharing: consumerWork, size: tuning.blockSize))
        run(detectors[consumer], on: text, context: context, inputs: inputs, into: &consumerList)
        consumerWork.end()
        // The consumer never asked for the domains: the claimable provider may still be unclaimed.
        _ = claim(when: true)
      } else if !alertsClaimed.exchange(true, ordering: .relaxed) {
        alerts.append(contentsOf: AlertDetector(rules: options.alertRules).detect(in: document))
      }
      return (claimedList, consumerList, alerts)
    }
    // One part at most claimed the alerts; the other's list is empty.
    let alerts = parts[0].alerts.isEmpty ? parts[1].alerts : parts[0].alerts
    return [parts[0].0, parts[1].0, parts[1].1, parts[0].1, alerts]
  }

  /// Runs `body(0)` and `body(1)`, on two threads when `parallelism` allows. The one place the
  /// detection starts threads. Part 0 has started before part 1 runs, even when one thread runs both
  /// one after the other (`Parallelism.forEach` hands out parts in increasing order): part 1 may wait
  /// for what part 0 gives (the domain regions' `Promise`), never the reverse.
  private static func onTwoThreads<Part: Sendable>(_ parallelism: Parallelism, _ body: @Sendable (Int) -> Part)
    -> [Part]
  {
    parallelism.map(2, body)
  }

  /// Runs the detectors at `indices` in order over `text`, appending what they find of the
  /// requested kinds to `results`; returns `regions` and the domain regions of the providers' links
  /// and e-mails, in order, each once (a detector that requires them gets those found before it).
  private func run(
    _ indices: some Sequence<Int>, on text: String, context: DetectionContext, regions: [String],
    into results: inout DetectionList
  ) -> [String] {
    var domainRegions = regions
    // Each detector appends to the compact list: no array of its matches is held beside it.
    for index in indices {
      let detector = detectors[index]
      let first = results.count
      detector.detect(
        in: text, context: context, inputs: DetectionInputs(domainRegions: domainRegions), appendingTo: &results)
      if detector.provides.contains(.domainRegions) {
        for region in DocumentDetector.domainRegions(in: results, from: first) where !domainRegions.contains(region) {
          domainRegions.append(region)
        }
      }
      // Links and e-mails found only as evidence for phone regions (`--kinds phone`) are not reported.
      results.removeKinds(notIn: options.kinds, from: first)
    }
    return domainRegions
  }

  /// Runs `detector` with `inputs`, appending what it finds of the requested kinds to `results`.
  private func run(
    _ detector: any TextDetector, on text: String, context: DetectionContext, inputs: DetectionInputs,
    into results: inout DetectionList
  ) {
    let first = results.count
    detector.detect(in: text, context: context, inputs: inputs, appendingTo: &results)
    results.removeKinds(notIn: options.kinds, from: first)
  }

  /// Appends the detections of markup links (`<a href>` targets, of the requested kinds) to
  /// `results`; returns the regions of the links' country-code domains.
  private func markupDetections(in document: TextDocument, into results: inout DetectionList) -> [String] {
    // The regions of markup links' and mailto: country-code domains, in order, each once (the
    // detections themselves are not kept aside: on a large page they were 13 MB at the peak).
    var domainRegions: [String] = []
    for run in document.runs {
      guard case .link(let target, _) = run.attribute,
        let detection = DocumentDetector.markupDetection(target: target, range: run.range)
      else { continue }
      if options.kinds.contains(detection.kind) { results.append(detection) }
      if detection.kind != .phone, let region = DocumentDetector.domainRegion(of: detection.value),
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
    var context = DetectionContext(
      region: options.region, language: document.language, excludedRanges: excluded,
      languageRuns: LanguageRuns(document: document), identifiesLanguages: options.identifiesLanguages)
    context.identifiesWholeLines = options.identifiesWholeLines
    return context
  }
}
