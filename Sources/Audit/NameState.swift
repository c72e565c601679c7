/// The bookkeeping of one thread's accessible-name computations on a page (AuditPage+Name.swift):
/// which elements the current computation has visited, and what each element's content gives the
/// name of an element around it, kept across computations.
///
/// An element's contribution (its name from content as a descendant: `recursing`, not
/// `referenced`) depends on its subtree alone unless its computation left the subtree: followed an
/// `aria-labelledby` or a label, or met an element the computation had already visited (accname's
/// "each node once"). A contribution worked out without such a departure is kept, and a later
/// computation takes it instead of walking the subtree again, when none of the subtree is visited
/// yet in that computation; the subtree then counts as visited. The names are those of walking
/// every subtree each time, in O(log n) per element reached instead of O(subtree).
///
/// - Complexity: ``visit(_:)`` and ``reuse(_:subtreeEnd:)`` O(log n); a computation's end O(k log n)
///   for the k elements it visited.
struct NameState {
  /// What each element gave the name of an element around it, when that depended on its subtree
  /// alone.
  var contributions: [String?]
  /// Whether a computation is following an `aria-labelledby` (whose targets' own
  /// `aria-labelledby` is then not followed: accname step 2B, and chains of them stay short).
  var inLabelledByTraversal = false
  /// How many times a computation has left a subtree (``leavesSubtree()``) or met a visited element:
  /// a contribution is kept when this did not change while it was worked out.
  private(set) var departures = 0
  /// How many elements computations have reached so far, walked or taken whole (what a name costs).
  private(set) var steps = 0
  /// The elements the current computation has visited: those marked with the current generation
  /// (a new generation per computation, no set to allocate or clear).
  private var marks: [UInt32]
  private var generation: UInt32 = 0
  /// The visited elements, as a Fenwick tree of counts by element index: how many of a subtree's
  /// elements are visited is a range sum.
  private var counts: [Int32]
  /// The elements visited in this computation (to clear ``counts`` at the next).
  private var visited: [Int] = []
  /// The subtrees taken whole from ``contributions`` in this computation, as disjoint ranges of
  /// element indices ordered by start: an element inside one counts as visited.
  private var taken: [Range<Int>] = []

  init(count: Int) {
    contributions = Array(repeating: nil, count: count)
    marks = Array(repeating: 0, count: count)
    counts = Array(repeating: 0, count: count + 1)
  }

  /// Starts a computation: nothing is visited.
  mutating func beginComputation() {
    for index in visited { add(index, -1) }
    visited.removeAll(keepingCapacity: true)
    taken.removeAll(keepingCapacity: true)
    inLabelledByTraversal = false
    generation &+= 1
    if generation == 0 {
      for position in marks.indices { marks[position] = 0 }
      generation = 1
    }
  }

  /// Marks element `index` visited by the current computation; false if it already was.
  mutating func visit(_ index: Int) -> Bool {
    steps += 1
    if marks[index] == generation || isTaken(index) {
      departures += 1
      return false
    }
    mark(index)
    return true
  }

  /// Notes that the current computation reads elements outside the subtree it is in.
  mutating func leavesSubtree() { departures += 1 }

  /// Whether the kept contribution of element `index`, whose descendants are `index + 1 ..< end`,
  /// can stand for walking it now: neither it nor any of its descendants is visited yet. If so,
  /// they all are from now on.
  mutating func reuse(_ index: Int, subtreeEnd end: Int) -> Bool {
    steps += 1
    guard marks[index] != generation, !isTaken(index), sum(below: end) - sum(below: index) == 0 else { return false }
    mark(index)
    if end > index + 1 {
      let range = index + 1..<end
      taken.insert(range, at: firstTaken(startingAfter: range.lowerBound))
    }
    return true
  }

  private mutating func mark(_ index: Int) {
    marks[index] = generation
    add(index, 1)
    visited.append(index)
  }

  private func isTaken(_ index: Int) -> Bool {
    let position = firstTaken(startingAfter: index)
    return position > 0 && taken[position - 1].contains(index)
  }

  /// The position in ``taken`` of the first range starting after `index`.
  private func firstTaken(startingAfter index: Int) -> Int {
    var low = 0
    var high = taken.count
    while low < high {
      let middle = (low + high) / 2
      if taken[middle].lowerBound <= index { low = middle + 1 } else { high = middle }
    }
    return low
  }

  private mutating func add(_ index: Int, _ value: Int32) {
    var position = index + 1
    while position < counts.count {
      counts[position] += value
      position += position & -position
    }
  }

  /// How many elements below `index` are visited.
  private func sum(below index: Int) -> Int32 {
    var total: Int32 = 0
    var position = index
    while position > 0 {
      total += counts[position]
      position -= position & -position
    }
    return total
  }
}
