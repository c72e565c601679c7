package import TextModel

/// Reads an EPUB 3 (or 2) book into one ``TextDocument``: `META-INF/container.xml` names the package
/// document, whose spine gives the reading order; each linear XHTML content document is read by
/// ``HTMLReader`` and appended, its source kept in the source map as a part named after its entry.
///
/// The title, authors and language come from the package metadata. A book with encrypted content
/// (`META-INF/encryption.xml` listing anything but obfuscated fonts) or a rights file (DRM) is refused.
///
/// ```swift
/// let book = try EPUBReader().read(bytes: Array(epubBytes), name: "moby-dick.epub")
/// ```
package struct EPUBReader: Sendable {
  /// Reading limits and overrides.
  package var options: ReaderOptions

  /// A reader with `options`.
  package init(options: ReaderOptions = .default) { self.options = options }

  /// One item of the package's manifest.
  struct ManifestItem {
    /// Its entry in the container (nil when the href leaves it).
    var href: String?
    var type: String
    /// Its `properties` (`nav`, `cover-image`…).
    var properties: [String]
  }

  /// The package metadata a reading view shows.
  struct Metadata {
    var title: String?
    var authors: [String] = []
    var language: String?
    var accessModes: [String] = []
    var accessibilitySummary: String?
  }

  /// The text that spine items listed again may add, beyond ten times the container's size: a
  /// spine listing one 1 MB chapter 4,000 times is an amplification attack, as billion laughs is
  /// for entities (the same rule: 10 MiB plus ten times the input).
  static let repeatedTextFloor = 10 << 20

  /// Reads the book in `bytes` (the whole container), named `name` in messages.
  package func read(bytes: [UInt8], name: String = "<input>") throws(ReadError) -> TextDocument {
    if bytes.count > options.maximumInputBytes { throw options.tooLarge(name) }
    let archive = try ZipArchive(bytes: bytes, name: name, maximumBytes: options.maximumInputBytes)
    return try read(archive)
  }

  func read(_ archive: ZipArchive) throws(ReadError) -> TextDocument {
    let name = archive.name
    try refuseDRM(archive)
    var diagnostics: [Diagnostic] = []
    let (packagePath, packageBytes, package) = try Self.packageDocument(archive, diagnostics: &diagnostics)
    let manifest = Self.manifest(package, base: Self.folder(of: packagePath))
    let metadata = Self.metadata(package)
    var book = TextDocument(format: .epub, text: "", language: metadata.language, title: metadata.title)
    let spine = Self.spine(package, manifest: manifest, packageBytes: packageBytes, packagePath: packagePath)
    book.diagnostics = diagnostics + spine.diagnostics
    let html = HTMLReader(options: options)
    var targets = NavigationTargets(text: "")
    var notes: [TextDocument.NavigationEntry] = []
    var kept: [String: [UInt8]] = [:]
    let navigationPath = manifest.values.first(where: { $0.properties.contains("nav") })?.href
    var leftOut: [String] = []
    // A spine may list an entry again (EPUB reading systems render each listing): it is read once
    // and its chapter appended again, while the text the repeats add stays under the limit.
    var again: [String: TextDocument] = [:]
    var done: Set<String> = []
    let repeatLimit = Self.repeatedTextFloor + 10 * archive.byteCount
    var repeatedText = 0
    var skipped: (count: Int, line: Int, column: Int)?
    for item in spine.items {
      let entry = item.entry
      if done.contains(entry) {
        guard let chapter = again[entry] else { continue }  // left out at its first listing
        let length = chapter.text.utf8.count
        if skipped != nil || repeatedText + length > repeatLimit {
          skipped = ((skipped?.count ?? 0) + 1, skipped?.line ?? item.line, skipped?.column ?? item.column)
          continue
        }
        repeatedText += length
        book.append(chapter, name: entry)
        continue
      }
      done.insert(entry)
      func leave(_ reason: String) {
        leftOut.append("spine item '\(ZipArchive.printable(entry))' \(reason)")
        book.diagnostics.append(
          Diagnostic(
            .warning, "spine item '\(ZipArchive.printable(entry))' \(reason); it is left out", line: item.line,
            column: item.column, entry: packagePath, changesText: true))
      }
      let content: [UInt8]
      let document: TextDocument
      let ids: [String: TextRange]
      switch try Self.chapter(entry, in: archive, html: html) {
      case .leftOut(let reason, let bytes):
        if entry == navigationPath, let bytes { kept[entry] = bytes }
        leave(reason)
        continue
      case .read(let bytes, let read, let readIDs): (content, document, ids) = (bytes, read, readIDs)
      }
      if entry == navigationPath { kept[entry] = content }
      book.append(document, name: entry)
      if spine.listings[entry, default: 1] > 1 { again[entry] = document }
      try refuseOverLimit(book, after: entry, name: name)
      let place = Self.chapterPlace(document, ids: ids, start: book.text.utf8.count - document.text.utf8.count)
      Self.notes(in: content, entry: entry, chapter: place, into: &notes)
      targets.chapters[entry] = place
    }
    if let skipped {
      book.diagnostics.append(Self.repeatsLeftOut(skipped, limit: repeatLimit, packagePath: packagePath))
    }
    if book.text.isEmpty {
      throw .malformed(
        path: name,
        reason: "the book has no text to read: " + spine.emptiness(leftOut: leftOut, read: targets.chapters.count))
    }
    book.navigation =
      try Self.navigation(
        package: package, packagePath: packagePath, manifest: manifest, archive: archive, kept: kept,
        targets: NavigationTargets(chapters: targets.chapters, text: book.text), diagnostics: &book.diagnostics)
      + notes
    book.language = metadata.language ?? book.language
    book.metadata = metadata.pairs.map { TextDocument.MetadataItem(name: $0.0, value: $0.1) }
    book._checkInvariants()
    return book
  }

  /// Refuses a book whose text has passed `--max-input-bytes` once `entry` is read.
  private func refuseOverLimit(_ book: TextDocument, after entry: String, name: String) throws(ReadError) {
    if book.text.utf8.count > options.maximumInputBytes {
      throw .malformed(
        path: name,
        reason:
          "the book's text passes the limit of \(options.maximumInputBytes) bytes (--max-input-bytes): "
          + "\(book.text.utf8.count) bytes once '\(ZipArchive.printable(entry))' is read")
    }
  }

  /// A spine entry read as a chapter, or why it is left out.
  private enum Chapter {
    /// Why, and the bytes when they were read (a navigation document is still read for its links).
    case leftOut(String, [UInt8]? = nil)
    case read([UInt8], TextDocument, ids: [String: TextRange])
  }

  /// Reads the spine entry `entry` as an XHTML chapter, keeping its ids' ranges.
  private static func chapter(_ entry: String, in archive: ZipArchive, html: HTMLReader) throws(ReadError) -> Chapter {
    let content: [UInt8]
    switch try archive.readEntry(entry) {
    case .missing: return .leftOut("is not in the book")
    case .unreadable(let reason): return .leftOut("cannot be read (\(reason))")
    case .bytes(let bytes): content = bytes
    }
    if let kind = BinarySniffer.reason(Array(content.prefix(InputSource.headLength))) {
      // A ZIP inside the ZIP, an image under an XHTML media type: never opened, never read as text.
      return .leftOut("is binary data (\(kind))")
    }
    do {
      let (document, ids) = try html.readKeepingIDs(bytes: content, name: "\(archive.name): \(entry)")
      return .read(content, document, ids: ids)
    } catch {
      return .leftOut("cannot be read (\(error))", content)
    }
  }

  /// The package document the container names: its path in the book, its bytes and its tree.
  private static func packageDocument(_ archive: ZipArchive, diagnostics: inout [Diagnostic]) throws(ReadError) -> (
    path: String, bytes: [UInt8], tree: XMLTree
  ) {
    let name = archive.name
    guard let containerBytes = try archive.read("META-INF/container.xml"),
      let container = XMLTree.parse(containerBytes, name: "META-INF/container.xml", diagnostics: &diagnostics)
    else {
      throw .malformed(path: name, reason: "not an EPUB book: there is no META-INF/container.xml")
    }
    guard
      let packagePath = container.descendants("rootfile").lazy.compactMap({ $0[attribute: "full-path"] }).first
    else {
      throw .malformed(path: name, reason: "META-INF/container.xml names no package document (rootfile)")
    }
    guard let packageBytes = try archive.read(packagePath),
      let package = XMLTree.parse(packageBytes, name: packagePath, diagnostics: &diagnostics)
    else {
      throw .malformed(
        path: name, reason: "the package document '\(ZipArchive.printable(packagePath))' is missing or not XML")
    }
    return (packagePath, packageBytes, package)
  }

  /// The manifest's items by id, their paths resolved from the package document's folder `base`.
  private static func manifest(_ package: XMLTree, base: String) -> [String: ManifestItem] {
    var manifest: [String: ManifestItem] = [:]
    for item in package.first("manifest")?.elements("item") ?? [] {
      guard let id = item[attribute: "id"], let href = item[attribute: "href"] else { continue }
      manifest[id] = ManifestItem(
        href: Self.resolve(href, from: base), type: item[attribute: "media-type"] ?? "",
        properties: Self.tokens(item[attribute: "properties"]).map(String.init))
    }
    return manifest
  }

  /// Where a chapter read as `document` sits in the book (from `start`): its ids' and links' ranges.
  private static func chapterPlace(_ document: TextDocument, ids: [String: TextRange], start: Int) -> ChapterPlace {
    let length = document.text.utf8.count
    let utf8 = document.text.utf8
    // An element's range ends after the line break that closes its block: not part of its text.
    func shifted(_ range: TextRange) -> TextRange {
      let low = min(range.start, length)
      var high = max(low, min(range.end, length))
      while high > low, utf8[utf8.index(utf8.startIndex, offsetBy: high - 1)] == 0x0A { high -= 1 }
      return TextRange(start: start + low, end: start + high)
    }
    var place = ChapterPlace(base: start, length: length, ids: ids.mapValues(shifted), links: [])
    for run in document.runs {
      if case .link(let target, _) = run.attribute { place.links.append((target, shifted(run.range))) }
    }
    return place
  }

  /// The warning for the itemrefs left out past the limit of repeated text.
  private static func repeatsLeftOut(
    _ skipped: (count: Int, line: Int, column: Int), limit repeatLimit: Int, packagePath: String
  ) -> Diagnostic {
    Diagnostic(
      .warning,
      "the spine lists its items again past the limit of \(repeatLimit) bytes of repeated text (10 MiB plus ten "
        + "times the book's size): \(skipped.count) itemref(s) from here on are left out", line: skipped.line,
      column: skipped.column, entry: packagePath, changesText: true)
  }

  /// Refuses a book whose content is encrypted (DRM): `META-INF/rights.xml`, or an `encryption.xml`
  /// that lists a resource encrypted with anything but the IDPF or Adobe font obfuscation.
  private func refuseDRM(_ archive: ZipArchive) throws(ReadError) {
    if archive.contains("META-INF/rights.xml") {
      throw .malformed(
        path: archive.name,
        reason: "the book is protected by DRM (META-INF/rights.xml); TextRotor reads only books without DRM")
    }
    guard let bytes = try archive.read("META-INF/encryption.xml"),
      let encryption = XMLTree.parse(bytes, name: "META-INF/encryption.xml")
    else { return }
    let obfuscation: Set<String> = ["http://www.idpf.org/2008/embedding", "http://ns.adobe.com/pdf/enc#RC"]
    for data in encryption.descendants("EncryptedData") {
      let algorithm = data.first("EncryptionMethod")?[attribute: "algorithm"] ?? ""
      if !obfuscation.contains(algorithm) {
        let uri = data.descendants("CipherReference").first?[attribute: "uri"] ?? "content"
        throw .malformed(
          path: archive.name,
          reason:
            "the book is encrypted (DRM: META-INF/encryption.xml encrypts '\(ZipArchive.printable(uri))'); "
            + "TextRotor reads only books without DRM")
      }
    }
  }

  /// Title, authors, language and accessibility metadata of the package document.
  static func metadata(_ package: XMLTree) -> Metadata {
    var metadata = Metadata()
    guard let node = package.first("metadata") else { return metadata }
    func clean(_ text: String) -> String { text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ") }
    for element in node.elements {
      let value = clean(element.text)
      switch (element.name, element[attribute: "property"] ?? element[attribute: "name"]) {
      case ("dc:title", _): if metadata.title == nil, !value.isEmpty { metadata.title = value }
      case ("dc:creator", _): if !value.isEmpty { metadata.authors.append(value) }
      case ("dc:language", _): if metadata.language == nil, !value.isEmpty { metadata.language = value }
      case (_, "schema:accessMode"?): if !value.isEmpty { metadata.accessModes.append(value) }
      case (_, "schema:accessibilitySummary"?):
        if !value.isEmpty { metadata.accessibilitySummary = value }
      default: break
      }
    }
    return metadata
  }

  /// The folder of an entry (`OEBPS/` for `OEBPS/content.opf`), "" at the top.
  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return String(path[...slash])
  }

  /// The entry an `href` in a document at `folder` names: the fragment dropped, %-escapes decoded,
  /// `.` and `..` segments resolved; nil when it leaves the container or is not a relative path.
  static func resolve(_ href: String, from folder: String) -> String? {
    var path = String(href.prefix { $0 != "#" && $0 != "?" })
    if path.isEmpty || path.contains(":") && !path.hasPrefix("./") { return nil }
    path = percentDecoded(path)
    if path.hasPrefix("/") { return nil }
    var segments: [Substring] = []
    for segment in (folder + path).split(separator: "/", omittingEmptySubsequences: false) {
      switch segment {
      case "", ".": continue
      case "..":
        if segments.isEmpty { return nil }
        segments.removeLast()
      default: segments.append(segment)
      }
    }
    return segments.isEmpty ? nil : segments.joined(separator: "/")
  }

  static func percentDecoded(_ text: String) -> String {
    guard text.contains("%") else { return text }
    var bytes: [UInt8] = []
    let utf8 = Array(text.utf8)
    var index = 0
    func hex(_ byte: UInt8) -> UInt8? {
      switch byte {
      case 0x30...0x39: byte - 0x30
      case 0x41...0x46: byte - 0x37
      case 0x61...0x66: byte - 0x57
      default: nil
      }
    }
    while index < utf8.count {
      if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count, let high = hex(utf8[index + 1]),
        let low = hex(utf8[index + 2])
      {
        bytes.append(high << 4 | low)
        index += 3
      } else {
        bytes.append(utf8[index])
        index += 1
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension EPUBReader.Metadata {
  /// The metadata as name–value pairs for the reading view's head, in a fixed order.
  var pairs: [(String, String)] {
    var pairs: [(String, String)] = []
    if let title { pairs.append(("title", title)) }
    for author in authors { pairs.append(("author", author)) }
    if let language { pairs.append(("language", language)) }
    for mode in accessModes { pairs.append(("accessMode", mode)) }
    if let accessibilitySummary { pairs.append(("accessibilitySummary", accessibilitySummary)) }
    return pairs
  }
}
