package import ParallelSupport
package import TextModel

extension TextDocument {
  /// The document's offset converter, its checkpoints found from two halves at once when
  /// `parallelism` allows and the text is long enough (`TextOffsetConverter.parallelMinimum`): what
  /// every writer of UTF-16 and Character offsets uses. The same conversions as
  /// ``TextModel/TextDocument/offsetConverter()``, which runs on the calling thread.
  package func offsetConverter(_ parallelism: Parallelism) -> TextOffsetConverter {
    TextOffsetConverter(
      text, parallelFrom: parallelism.isSerial ? .max : TextOffsetConverter.parallelMinimum,
      bothHalves: { parallelism.map(2, $0) })
  }
}
