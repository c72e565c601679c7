/// The package's corpus (`corpus/` at the root) and the mixed set of its documents that speech and
/// navigation tests read: every input format, five languages, malformed and legacy-encoded pages.
public enum CorpusFiles {
  /// The absolute path of `corpus/`, found from this file's own path.
  public static let directory: String = {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
    return path + "/corpus"
  }()

  /// One document of each kind the readers meet (file names inside ``directory``).
  public static let mixed = [
    "park-trip-brochure.html", "contrast-accessibility-note.html", "contrast-note.zh.html",
    "park-brochure.ja.html", "travel-notes.vi.html", "clinic-brochure.ar.html", "hiking-checklist.txt",
    "budget-app-notes.xml", "notes-docbook.xml", "malformed.html", "invalid-utf8.html", "legacy-latin1.html",
  ]
}
