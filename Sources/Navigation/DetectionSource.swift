internal import Detection
internal import ParallelSupport

/// Where a ``RotorIndex`` gets its detections: a list made up front, or a function that detects the
/// kinds a rotor is built from the first time a rotor needs them (``RotorIndex/detectionKinds(for:)``),
/// each group once.
///
/// Why on demand: `rotor` shows one rotor and `browse --output text` opens on one, and detecting
/// every kind first (phone numbers with the languages around them) was most of their time on plain
/// text; the other kinds are detected when a rotor that shows them is first asked for. (`browse`'s
/// speech output reads every kind, so it asks for all of them at once.) A group's list holds exactly the detections of
/// its kinds that one detection of every kind finds (``RotorIndex/detectionKinds(for:)`` says why each
/// group holds what it holds), so a rotor is the same either way.
final class DetectionSource: Sendable {
  private enum Storage: Sendable {
    case list(DetectionList)
    case lazy(@Sendable (Set<DetectionKind>) -> DetectionList)
  }

  private let storage: Storage
  /// The groups detected so far.
  private let groups = LockedValue<[Set<DetectionKind>: DetectionList]>([:])

  init(_ list: DetectionList) { storage = .list(list) }

  init(detecting: @escaping @Sendable (Set<DetectionKind>) -> DetectionList) { storage = .lazy(detecting) }

  /// Detections that include every detection of `kinds` (the whole list when it was made up front).
  func detections(of kinds: Set<DetectionKind>) -> DetectionList {
    switch storage {
    case .list(let list): return list
    case .lazy(let detect):
      if kinds.isEmpty { return DetectionList() }
      // A group already detected that holds these kinds serves (speech asks for every kind first).
      if let known = groups.withValue({ groups in groups.first { kinds.isSubset(of: $0.key) }?.value }) {
        return known
      }
      // Detected outside the lock (it may take a while); two threads asking at once both detect and
      // keep the first: the same list.
      let found = detect(kinds)
      return groups.withValue { groups in
        if let known = groups[kinds] { return known }
        groups[kinds] = found
        return found
      }
    }
  }
}
