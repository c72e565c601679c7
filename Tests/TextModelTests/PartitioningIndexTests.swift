import Testing

@_spi(Plumbing) @testable import TextModel

@Suite struct PartitioningIndexTests {
  @Test func itFindsTheFirstElementOfTheSecondPartitionLikeALinearSearch() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<300 {
      let values = (0..<Int.random(in: 0...40, using: &generator)).map { _ in Int.random(in: 0...20, using: &generator)
      }
      .sorted()
      for pivot in -1...21 {
        #expect(values.partitioningIndex { $0 > pivot } == (values.firstIndex { $0 > pivot } ?? values.endIndex))
        #expect(values.partitioningIndex { $0 >= pivot } == (values.firstIndex { $0 >= pivot } ?? values.endIndex))
      }
    }
  }

  @Test func itWorksOnSlicesWithTheirOwnIndices() {
    let slice = [1, 2, 3, 4, 5, 6][2...]
    #expect(slice.partitioningIndex { $0 > 4 } == 4)
    #expect(slice.partitioningIndex { $0 > 9 } == slice.endIndex)
    #expect(slice.partitioningIndex { _ in true } == slice.startIndex)
  }
}
