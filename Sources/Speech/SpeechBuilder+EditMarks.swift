@_spi(Plumbing) internal import TextModel

/// The edit marks a reader wrote into the text (``TextDocument/editMarks``: "del", "ins end", with
/// the spaces written only to part them from their neighbours) are silent in speech, which says the
/// edit's cues instead: speech hears the text as if they were not there.
extension SpeechBuilder {
  /// Where the text after an edit's end at `offset` goes on: past the edit marks that follow it.
  static func skippingEditMarks(at offset: Int, in document: TextDocument) -> Int {
    let marks = document.editMarks
    guard !marks.isEmpty else { return offset }
    var position = offset
    var index = marks.partitioningIndex { $0.start >= position }
    while index < marks.count, marks[index].start == position, marks[index].end > position {
      position = marks[index].end
      index += 1
    }
    return position
  }
}
