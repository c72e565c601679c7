internal import TextModel

/// The spine of an EPUB's package document as the entries to read, in order, and a diagnostic
/// (placed at its `<itemref>` in the package document) for every itemref that is not read — an
/// idref that names no manifest item, an item that is not an XHTML content document, an href that
/// leaves the container.
extension EPUBReader {
  /// One content document to read, and where the spine lists it.
  struct SpineItem {
    var entry: String
    /// The line and column of its `<itemref>` in the package document.
    var line: Int
    var column: Int
  }

  /// What the spine asks to read and what it leaves out.
  struct Spine {
    var items: [SpineItem] = []
    /// How many times each entry is listed.
    var listings: [String: Int] = [:]
    var diagnostics: [Diagnostic] = []
    /// Linear itemrefs in the spine.
    var listed = 0
    /// Why each itemref not planned was left out (the first few, for an empty book's message).
    var reasons: [String] = []

    /// Why a book whose spine was read has no text, in words: the first reason and a count.
    func emptiness(leftOut: [String], read: Int) -> String {
      let all = reasons + leftOut
      if listed == 0 { return "its spine lists no content document" }
      guard let first = all.first else {
        return "its \(read) content document(s) hold no text"
      }
      let more = all.count > 1 ? " (and \(all.count - 1) more itemref(s) left out)" : ""
      return "\(first)\(more)"
    }
  }

  /// The most itemrefs left out that are listed one by one (the rest are counted).
  static let listedLeftOut = 100

  /// The entries the spine of `package` (whose bytes are `packageBytes`, at `packagePath`) asks to
  /// read. An entry may be listed more than once (EPUB reading systems render each listing).
  /// - Complexity: O(n log n) in the package document's size.
  static func spine(
    _ package: XMLTree, manifest: [String: ManifestItem], packageBytes: [UInt8], packagePath: String
  ) -> Spine {
    var spine = Spine()
    let lines = LineIndex(packageBytes)
    var unlisted = 0
    for itemref in package.first("spine")?.elements("itemref") ?? [] {
      if itemref[attribute: "linear"] == "no" { continue }
      spine.listed += 1
      let (line, column) = lines.place(of: tagStart(before: itemref.offset, in: packageBytes))
      func leave(_ reason: String) {
        if spine.reasons.count < 8 { spine.reasons.append(reason) }
        unlisted += 1
        guard unlisted <= listedLeftOut else { return }
        spine.diagnostics.append(
          Diagnostic(
            .warning, "\(reason); it is left out", line: line, column: column, entry: packagePath, changesText: true))
      }
      guard let idref = itemref[attribute: "idref"] else {
        leave("a spine itemref has no idref")
        continue
      }
      guard let item = manifest[idref] else {
        leave("spine itemref '\(ZipArchive.printable(idref))' names no item of the manifest")
        continue
      }
      guard item.type == "application/xhtml+xml" || item.type == "text/html" else {
        leave(
          "spine item '\(ZipArchive.printable(idref))' is \(ZipArchive.printable(item.type)), not an XHTML content document"
        )
        continue
      }
      guard let entry = item.href else {
        leave("spine item '\(ZipArchive.printable(idref))' has an href outside the book")
        continue
      }
      spine.listings[entry, default: 0] += 1
      spine.items.append(SpineItem(entry: entry, line: line, column: column))
    }
    if unlisted > listedLeftOut {
      spine.diagnostics.append(
        Diagnostic(
          .warning, "\(unlisted - listedLeftOut) more itemref(s) are left out", entry: packagePath, changesText: true))
    }
    return spine
  }

  /// The offset of the `<` that opens the start tag ending at `offset` (libxml2 reports an
  /// element's position after its start tag).
  static func tagStart(before offset: Int, in bytes: [UInt8]) -> Int {
    var index = min(offset, bytes.count) - 1
    while index > 0, bytes[index] != UInt8(ascii: "<") { index -= 1 }
    return max(index, 0)
  }
}
