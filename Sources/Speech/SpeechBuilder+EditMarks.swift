@_spi(Plumbing) internal import TextModel

/// The edit marks a reader wrote into the text (``TextDocument/editMarks``: "del", "ins end") are
/// silent in speech, which says the edit's cues instead: speech hears the text as if they were not
/// there.
extension SpeechBuilder {
  /// What is silent for `mark`: the mark with the space the reader wrote before it ("$30 del end"),
  /// or, with none before it, the one after it ("(ins new"), so the words around read as without it.
  static func silentRange(of mark: TextRange, in document: TextDocument) -> TextRange {
    let utf8 = document.text.utf8
    if mark.start > 0, utf8[utf8.index(utf8.startIndex, offsetBy: mark.start - 1)] == 0x20 {
      return TextRange(start: mark.start - 1, end: mark.end)
    }
    if mark.end < utf8.count, utf8[utf8.index(utf8.startIndex, offsetBy: mark.end)] == 0x20 {
      return TextRange(start: mark.start, end: mark.end + 1)
    }
    return mark
  }

  /// Where the text after an edit's end at `offset` goes on: past an end mark that follows it.
  static func skippingEndMark(at offset: Int, in document: TextDocument) -> Int {
    let marks = document.editMarks
    guard !marks.isEmpty else { return offset }
    let index = marks.partitioningIndex { $0.start > offset }
    guard index < marks.count, marks[index].start == offset + 1 else { return offset }
    let utf8 = document.text.utf8
    guard utf8[utf8.index(utf8.startIndex, offsetBy: offset)] == 0x20 else { return offset }
    return min(marks[index].end, utf8.count - 1)
  }
}
