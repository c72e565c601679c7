internal import ParallelSupport
/// Evidence that text detectors give one another: what a detector `TextDetector/provides` to the
/// detectors after it in the list, and what one `TextDetector/requires` from those before it.
/// ``DocumentDetector`` orders and overlaps the detectors by these declarations alone (never by
/// their types), so a custom detector list keeps the built-in list's scheduling.
package struct DetectionEvidence: OptionSet, Sendable, Hashable {
  package let rawValue: Int

  /// Evidence from its raw bits.
  package init(rawValue: Int) { self.rawValue = rawValue }

  /// The regions of the country-code top-level domains (".jp" → JP, ".uk" → GB) of the links and
  /// e-mail addresses a detector finds: a provider's link and e-mail detections are read for them.
  /// The phone detector requires them for the region of national numbers.
  package static let domainRegions = DetectionEvidence(rawValue: 1)
}

/// The evidence a detector declared it requires, handed over when the detector asks for it: a
/// detector that asks late (the phone detector, after its scan) runs beside the detectors that
/// provide it, and waits only if they are not done by then.
package struct DetectionInputs {
  private let regions: () -> [String]
  /// How the detector's independent blocks of work are run: one after the other, or shared with
  /// a thread that has nothing else left to do (the scheduler decides; the detector only names
  /// the blocks).
  let blocks: DetectionBlocks

  /// Inputs that are known already: the regions of the links and e-mail addresses found before.
  package init(domainRegions: [String] = []) {
    self.init(domainRegions: { domainRegions })
  }

  /// Inputs whose domain regions `domainRegions` gives when asked (it may wait for another thread),
  /// with blocks run as `blocks` says.
  init(domainRegions: @escaping () -> [String], blocks: DetectionBlocks = DetectionBlocks()) {
    self.regions = domainRegions
    self.blocks = blocks
  }

  /// The regions of the country-code domains of the links and e-mail addresses found before this
  /// detector (markup links first), in document order, each once. Ask as late as possible: another
  /// thread may still be finding them, and this call waits for it.
  package func domainRegions() -> [String] { regions() }
}

/// Work a detector splits into numbered blocks whose results do not depend on one another: run in
/// order on the calling thread, or shared with a helping thread through ``SharedBlocks`` (the
/// scheduler passes one in). The block size is a tuning value
/// (``DocumentDetector/Tuning/blockSize``).
struct DetectionBlocks {
  /// The helping thread's share, when one helps.
  var sharing: SharedBlocks?
  /// Items (national phone numbers) per block.
  var size = DocumentDetector.Tuning().blockSize

  /// How many blocks `items` items make (at least one).
  func count(of items: Int) -> Int { (items - 1) / size + 1 }

  /// The items of `block` among `items`.
  func items(of block: Int, among items: Int) -> Range<Int> {
    let first = block * size
    return first..<min(items, first + size)
  }

  /// The results of `work` for blocks `0..<count`, in block order.
  func map<Result>(_ count: Int, _ work: @escaping (Int) -> Result) -> [Result] {
    sharing?.run(blocks: count, work) ?? (0..<count).map(work)
  }

  /// Hands the results of `work` for blocks `0..<count` to `deliver`, in block order, each as soon
  /// as it and those before it are done.
  func forEach<Result>(_ count: Int, _ work: @escaping (Int) -> Result, inOrder deliver: (Result) -> Void) {
    if let sharing {
      sharing.run(blocks: count, work, inOrder: deliver)
    } else {
      for block in 0..<count { deliver(work(block)) }
    }
  }
}
