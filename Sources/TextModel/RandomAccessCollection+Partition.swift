extension RandomAccessCollection {
  /// The first index whose element belongs in the second partition, in a collection already
  /// partitioned by `belongsInSecondPartition` (every element for which it is true comes after every
  /// element for which it is false); `endIndex` when there is none.
  ///
  /// The one binary search of the package: offsets, anchors, line starts, runs, rotor entries and
  /// Unicode property ranges are all sorted arrays searched with it.
  ///
  /// ```swift
  /// [10, 20, 30].partitioningIndex { $0 > 20 }   // 2: the first start after 20
  /// ```
  /// - Complexity: O(log n) calls of the predicate.
  @inlinable
  @_spi(Plumbing) public func partitioningIndex(where belongsInSecondPartition: (Element) throws -> Bool) rethrows
    -> Index
  {
    var low = startIndex
    var count = self.count
    while count > 0 {
      let half = count / 2
      let middle = index(low, offsetBy: half)
      if try belongsInSecondPartition(self[middle]) {
        count = half
      } else {
        low = index(after: middle)
        count -= half + 1
      }
    }
    return low
  }
}
