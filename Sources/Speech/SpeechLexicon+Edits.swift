internal import TextModel

extension SpeechLexicon {
  /// The word said before an edit's text (`<del>`, `<ins>`): NVDA's "deleted" and "inserted" (its
  /// editor-revision messages, as its translations word them), so "<del>$20</del> <ins>$15</ins>"
  /// is "deleted 20 dollars, inserted 15 dollars". A language without words of its own says English.
  var editCues: (deletion: String, insertion: String) {
    switch language {
    case "zh": ("删除", "插入")
    case "ja": ("削除", "挿入")
    case "vi": ("đã xóa", "đã chèn")
    case "ar": ("محذوف", "مُدرج")
    default: ("deleted", "inserted")
    }
  }

  /// The word said before text of this edit `kind`.
  func editCue(_ kind: EditKind) -> String {
    switch kind {
    case .deletion: editCues.deletion
    case .insertion: editCues.insertion
    }
  }
}
