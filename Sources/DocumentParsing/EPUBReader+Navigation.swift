internal import TextModel

/// An EPUB's navigation as ``TextDocument/navigation``: the navigation document's `toc`, `page-list`
/// and `landmarks` (EPUB 3), or the NCX's `navMap` and `pageList` and the package's `guide` (EPUB 2),
/// and the chapters' `epub:type` notes. Targets are entries with fragments: each chapter's element
/// ids are kept with their text ranges (``HTMLReader/readKeepingIDs(bytes:name:)``), shifted to the
/// chapter's place in the book.
extension EPUBReader {
  /// A chapter as it lies in the book: where its text starts and its ids' ranges (book offsets).
  struct ChapterPlace {
    var base: Int
    var length: Int
    var ids: [String: TextRange]
    var links: [(target: String, range: TextRange)]
  }

  /// Resolves navigation targets (`chapter1.xhtml#sec2`, relative to the document that names them)
  /// to text ranges of the book.
  struct NavigationTargets {
    var chapters: [String: ChapterPlace] = [:]
    let text: String

    /// The range `href`, written in a document at `folder`, points at; nil when it names no chapter
    /// of the spine or no id of it.
    func range(of href: String, from folder: String) -> TextRange? {
      guard let entry = EPUBReader.resolve(href, from: folder), let chapter = chapters[entry] else { return nil }
      guard let hash = href.firstIndex(of: "#") else { return line(at: chapter.base, within: chapter) }
      let fragment = EPUBReader.percentDecoded(String(href[href.index(after: hash)...]))
      if fragment.isEmpty { return line(at: chapter.base, within: chapter) }
      guard let range = chapter.ids[fragment] else { return nil }
      return range.isEmpty ? line(at: range.start, within: chapter) : range
    }

    /// The line from `offset` to its line break (an empty element, a page break's `<span id>`, is
    /// found at the text that follows it).
    func line(at offset: Int, within chapter: ChapterPlace) -> TextRange {
      let end = chapter.base + chapter.length
      let bytes = text.utf8
      var index = bytes.index(bytes.startIndex, offsetBy: min(offset, end))
      var position = min(offset, end)
      while position < end, bytes[index] == 0x0A {
        position += 1
        index = bytes.index(after: index)
      }
      let start = position
      while position < end, bytes[index] != 0x0A {
        position += 1
        index = bytes.index(after: index)
      }
      return TextRange(start: start, end: position)
    }
  }

  /// The book's navigation lists from its navigation document (or NCX and guide). A document
  /// already read as a chapter is taken from `kept`; one that cannot be read is a diagnostic.
  static func navigation(
    package: XMLTree, packagePath: String, manifest: [String: ManifestItem], archive: ZipArchive,
    kept: [String: [UInt8]], targets: NavigationTargets, diagnostics: inout [Diagnostic]
  ) throws(ReadError) -> [TextDocument.NavigationEntry] {
    func read(_ path: String, _ what: String) throws(ReadError) -> XMLTree? {
      let bytes: [UInt8]
      if let known = kept[path] {
        bytes = known
      } else {
        switch try archive.readEntry(path) {
        case .bytes(let read): bytes = read
        case .missing:
          diagnostics.append(
            Diagnostic(
              .warning, "the \(what) '\(ZipArchive.printable(path))' is not in the book; its lists are left out",
              entry: packagePath, changesText: true))
          return nil
        case .unreadable(let reason):
          diagnostics.append(
            Diagnostic(
              .warning,
              "the \(what) '\(ZipArchive.printable(path))' cannot be read (\(reason)); its lists are left out",
              entry: packagePath, changesText: true))
          return nil
        }
      }
      return XMLTree.parse(bytes, name: path)
    }
    var entries: [TextDocument.NavigationEntry] = []
    if let nav = manifest.values.first(where: { $0.properties.contains("nav") }), let path = nav.href,
      let tree = try read(path, "navigation document")
    {
      let folder = folder(of: path)
      for element in tree.descendants("nav") {
        guard let list = listName(epubType: element[attribute: "epub:type"]), let top = element.first("ol") else {
          continue
        }
        navigationList(top, level: 1, list: list, folder: folder, targets: targets, into: &entries)
      }
    }
    let lists = Set(entries.map(\.list))
    // EPUB 2: the NCX named by the spine's `toc`, for the lists the navigation document did not give.
    if !lists.contains("contents") || !lists.contains("pages"),
      let id = package.first("spine")?[attribute: "toc"], let path = manifest[id]?.href,
      let ncx = try read(path, "NCX")
    {
      let folder = folder(of: path)
      if !lists.contains("contents"), let map = ncx.first("navMap") {
        ncxPoints(map, level: 1, folder: folder, targets: targets, into: &entries)
      }
      if !lists.contains("pages"), let pageList = ncx.first("pageList") {
        for target in pageList.elements("pageTarget") {
          guard let src = target.first("content")?[attribute: "src"],
            let range = targets.range(of: src, from: folder)
          else { continue }
          let label = clean(target.first("navLabel")?.text ?? "")
          entries.append(.init(list: "pages", label: pageLabel(label), range: range))
        }
      }
    }
    if !lists.contains("guide"), let guide = package.first("guide") {
      let folder = folder(of: packagePath)
      for reference in guide.elements("reference") {
        guard let href = reference[attribute: "href"], let range = targets.range(of: href, from: folder) else {
          continue
        }
        let label = clean(reference[attribute: "title"] ?? reference[attribute: "type"] ?? "")
        entries.append(.init(list: "guide", label: label.isEmpty ? "landmark" : label, range: range))
      }
    }
    return entries
  }

  /// The list a navigation document's `<nav epub:type>` gives: the contents, the pages or the guide.
  private static func listName(epubType: String?) -> String? {
    let types = tokens(epubType)
    if types.contains("toc") { return "contents" }
    if types.contains("page-list") { return "pages" }
    if types.contains("landmarks") { return "guide" }
    return nil
  }

  /// The entries of a navigation document's `<ol>`, each `<li>`'s link or heading, then its own `<ol>`.
  private static func navigationList(
    _ list: XMLTree, level: Int, list name: String, folder: String, targets: NavigationTargets,
    into entries: inout [TextDocument.NavigationEntry]
  ) {
    for item in list.elements("li") {
      if let link = item.first("a"), let href = link[attribute: "href"],
        let range = targets.range(of: href, from: folder)
      {
        var label = clean(link.text)
        if label.isEmpty { label = clean(link[attribute: "title"] ?? "") }
        if name == "pages" { label = pageLabel(label) }
        entries.append(.init(list: name, label: label, range: range, level: level))
      }
      if let inner = item.first("ol") {
        navigationList(inner, level: level + 1, list: name, folder: folder, targets: targets, into: &entries)
      }
    }
  }

  /// The entries of an NCX `navMap` or `navPoint`, nested.
  private static func ncxPoints(
    _ parent: XMLTree, level: Int, folder: String, targets: NavigationTargets,
    into entries: inout [TextDocument.NavigationEntry]
  ) {
    for point in parent.elements("navPoint") {
      if let src = point.first("content")?[attribute: "src"], let range = targets.range(of: src, from: folder) {
        let label = clean(point.first("navLabel")?.text ?? "")
        entries.append(.init(list: "contents", label: label, range: range, level: level))
      }
      ncxPoints(point, level: level + 1, folder: folder, targets: targets, into: &entries)
    }
  }

  /// The notes of one chapter: `epub:type` footnote, endnote, rearnote and note elements (at their
  /// ids) and noterefs (at their ids, else at the link to their note).
  static func notes(
    in bytes: [UInt8], entry: String, chapter: ChapterPlace, into entries: inout [TextDocument.NavigationEntry]
  ) {
    guard contains(bytes, "epub:type"), let tree = XMLTree.parse(bytes, name: entry) else { return }
    var stack = [tree]
    while let element = stack.popLast() {
      stack.append(contentsOf: element.elements.reversed())
      let types = tokens(element[attribute: "epub:type"])
      guard !types.isEmpty else { continue }
      if types.contains("noteref") {
        let id = element[attribute: "id"]
        let href = element[attribute: "href"]
        var range = id.flatMap { chapter.ids[$0] }
        if range == nil, let href, !href.isEmpty {
          let fragment = href.firstIndex(of: "#").map { String(href[$0...]) } ?? href
          range = chapter.links.first(where: { $0.target == href || $0.target.hasSuffix(fragment) })?.range
        }
        guard let range else { continue }
        let text = clean(element.text)
        entries.append(
          .init(list: "notes", label: text.isEmpty ? "note reference" : "note reference \(text)", range: range))
      } else if let kind = ["footnote", "endnote", "rearnote", "note"].first(where: { types.contains(Substring($0)) }),
        let id = element[attribute: "id"], let range = chapter.ids[id], !range.isEmpty
      {
        let text = clean(element.text)
        let short = text.count > 60 ? String(text.prefix(60)) + "…" : text
        entries.append(.init(list: "notes", label: short.isEmpty ? kind : "\(kind): \(short)", range: range))
      }
    }
  }

  /// "page 12" for a page list's "12" (a label that already says page is kept).
  static func pageLabel(_ label: String) -> String {
    if label.lowercased().hasPrefix("page") { return label }
    return label.isEmpty ? "page" : "page \(label)"
  }

  static func tokens(_ value: String?) -> [Substring] {
    value?.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }) ?? []
  }

  static func clean(_ text: String) -> String { text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ") }

  private static func contains(_ bytes: [UInt8], _ needle: String) -> Bool {
    let pattern = Array(needle.utf8)
    guard bytes.count >= pattern.count, let first = pattern.first else { return false }
    var index = 0
    let last = bytes.count - pattern.count
    while index <= last {
      if bytes[index] == first, bytes[index..<index + pattern.count].elementsEqual(pattern) { return true }
      index += 1
    }
    return false
  }
}
