internal import TextModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A length-preserving pass over the bytes fed to libxml2 that removes the cases where libxml2 2.9
/// would lose text or take quadratic time, before libxml2 sees them.
///
/// It follows the markup with a small tokenizer (text, start and end tags with quoted attribute
/// values, comments, `<!…>`/`<?…>` declarations, `script`/`style` raw text in HTML, CDATA sections in
/// XML) and rewrites bytes in place, never inserting or removing any, so libxml2's byte offsets, line
/// numbers and our source map stay exact:
///
/// - **HTML `</html>` and `</body>`** become processing instructions (`<?html>`, one byte changed).
///   libxml2's HTML push parser ends the document at `</html>` (its "epilog" state stops at the first
///   non-blank character, silently), while HTML5 reads everything after `</body>` and `</html>` as
///   part of the body; with the end tags neutralized libxml2 does the same.
/// - **HTML `<![CDATA[…]]>`** becomes `<?cCDATA[…]]>` (two bytes changed): HTML5 reads it as a bogus
///   comment up to the first `>`, libxml2 2.9 as text.
/// - **HTML5 abruptly closed comments** `<!-->` and `<!--->` become `<?c->` and `<?c-->`. libxml2 2.9
///   does not know them and reads a comment up to the next `-->` (or the end of the input), losing
///   all the text in between.
/// - **Attributes beyond `maximumAttributes`** in one start tag are blanked (every byte but line
///   breaks becomes a space). libxml2 checks duplicate attributes pairwise, so a tag with n
///   attributes takes O(n²) time (20,000 attributes: about a second). Each cut is recorded in
///   ``cuts`` for a diagnostic.
/// - **An HTML DOCTYPE's internal subset** (`<!DOCTYPE html [<!ENTITY …>]>`, written for an XML
///   processor) is blanked, brackets included. libxml2's HTML parser (`htmlParseDocTypeDecl`) skips
///   "bogus content" only to the first `>` — the end of the first `<!ENTITY …>` — and reads the
///   rest, `]>`, as text; HTML5's bogus-DOCTYPE state does the same, and Chromium shows "]>" on the
///   page. It is markup the author meant for a DTD, never content, so a listener should not hear it
///   (issue 44). The entities it declares are not expanded (HTML has none of its own), but a
///   reference to one in text is found (``entityReferences``): one to an external entity is
///   blanked (never loaded, its text left out, as the XML reader does), one to an internal entity
///   is read as written; either is a diagnostic.
/// - **XML: a control character XML 1.0 does not allow** (C0 but tab, line feed and carriage
///   return) becomes a space. libxml2 2.9 reads past the end of an attribute value holding one
///   (`<item href="a\u{1}b"/>` swallows the tags after it) and a re-read in recover mode loses
///   the rest of the document. Counted in ``controlCount`` for a diagnostic.
///
/// Bytes are delayed by at most ``lookahead`` bytes across chunks, while a `<` is undecided.
///
/// - Complexity: O(n) in the input, one pass, constant state.
struct MarkupFilter {
  enum Mode { case html, xml }

  /// An element whose attributes were cut.
  struct Cut: Equatable {
    /// Offset of the tag's `<` in the filtered stream.
    var offset: Int
    /// The element name as written (at most 64 bytes).
    var name: String
    /// Attributes dropped.
    var dropped: Int
  }

  /// A reference (`&name;`) in HTML text to an entity that the DOCTYPE's internal subset declares.
  struct EntityReference: Equatable {
    /// Offset of its `&` in the filtered stream.
    var offset: Int
    var name: String
    /// Whether the entity is external (`SYSTEM` or `PUBLIC`): its reference is blanked.
    var external: Bool
  }

  private enum State {
    case data
    case tagName, beforeAttributeName, attributeName, afterAttributeName, beforeAttributeValue
    case doubleQuoted, singleQuoted, unquoted
    case endTag, declaration, comment, cdata, rawText
    case doctype, internalSubset
  }

  let mode: Mode
  let maximumAttributes: Int
  /// The longest stretch that may be held back while a `<` is undecided (`</script` plus one byte).
  static let lookahead = 9

  private var state = State.data
  private var carry: [UInt8] = []
  /// Bytes already passed through (the filtered stream offset of the next output byte).
  private var emitted = 0
  private var tagName: [UInt8] = []
  private var tagStart = 0
  private var attributeCount = 0
  private var blanking = false
  private var droppedInTag = 0
  /// In `comment` and `cdata`: how many closing characters (`-`/`]`) were just seen.
  private var closers = 0
  private var commentBang = false
  /// In `doctype` and `internalSubset`: the quote that opened the quoted string being read, or 0.
  private var doctypeQuote: UInt8 = 0
  /// The raw-text element being read (`script` or `style`), lowercased.
  private var rawTextName: [UInt8] = []
  /// The elements whose attributes were cut, in input order (the first 1,000).
  private(set) var cuts: [Cut] = []
  /// How many elements had attributes cut, including those not kept in ``cuts``.
  private(set) var cutCount = 0
  /// HTML: references in text to entities the DOCTYPE's internal subset declares (the first
  /// ``listedReferences``), in input order.
  private(set) var entityReferences: [EntityReference] = []
  /// HTML: how many such references there were, including those not kept.
  private(set) var entityReferenceCount = 0
  /// The most references kept in ``entityReferences``.
  static let listedReferences = 100
  /// HTML: the entities the internal subset declares, by name, true for an external one.
  private var declaredEntities: [[UInt8]: Bool] = [:]
  /// HTML: the internal subset's bytes as written (its first 64 KiB), read when it ends.
  private var subset: [UInt8] = []
  /// XML: control characters XML does not allow that became spaces.
  private(set) var controlCount = 0
  /// XML: the first of them and its offset in the filtered stream.
  private(set) var firstControl: (byte: UInt8, offset: Int)?

  init(mode: Mode, maximumAttributes: Int) {
    self.mode = mode
    self.maximumAttributes = max(0, maximumAttributes)
  }

  /// Filters the next chunk; returns the bytes to feed now (possibly fewer than given, the rest is
  /// held back until the next call; everything when `isFinal`).
  mutating func filter(_ chunk: UnsafeRawBufferPointer, isFinal: Bool) -> [UInt8] {
    var buffer = carry
    let fresh = carry.count
    buffer.append(contentsOf: chunk)
    carry = []
    let count = buffer.count
    if mode == .xml { blankControls(&buffer, from: fresh) }
    let end = buffer.withUnsafeMutableBufferPointer { bytes in run(bytes, isFinal: isFinal) }
    if end < count {
      carry = Array(buffer[end...])
      buffer.removeSubrange(end...)
    }
    emitted += buffer.count
    return buffer
  }

  /// Makes each control character XML does not allow from `start` on a space (one byte for one).
  private mutating func blankControls(_ buffer: inout [UInt8], from start: Int) {
    buffer.withUnsafeMutableBufferPointer { bytes in
      for index in start..<bytes.count where bytes[index] < 0x20 {
        let byte = bytes[index]
        if byte == 0x09 || byte == 0x0A || byte == 0x0D { continue }
        if firstControl == nil { firstControl = (byte, emitted + index) }
        controlCount += 1
        bytes[index] = 0x20
      }
    }
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
  }
  private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
  /// A byte that changes no state inside an attribute name or unquoted value: not a space, "/",
  /// "=", ">", or a quote (those go through the byte-by-byte states; so does everything while
  /// attributes are blanked).
  private static func isNameByte(_ byte: UInt8) -> Bool {
    !isSpace(byte) && byte != 0x2F && byte != 0x3D && byte != 0x3E && byte != 0x22 && byte != 0x27
  }
  /// The index of the first `byte` at or after `start`, or the count: libc's vectorized scan.
  private static func next(_ byte: UInt8, in bytes: UnsafeMutableBufferPointer<UInt8>, from start: Int) -> Int {
    guard start < bytes.count, let base = bytes.baseAddress,
      let found = memchr(base + start, Int32(byte), bytes.count - start)
    else { return bytes.count }
    return UnsafeMutableRawPointer(found) - UnsafeMutableRawPointer(base)
  }
  /// The index after the name bytes (``isNameByte(_:)``) from `start`.
  private static func pastNameBytes(_ bytes: UnsafeMutableBufferPointer<UInt8>, from start: Int) -> Int {
    var index = start
    while index < bytes.count && isNameByte(bytes[index]) { index += 1 }
    return index
  }
  private static let script = Array("script".utf8)
  private static let style = Array("style".utf8)
  private static func lower(_ byte: UInt8) -> UInt8 { isLetter(byte) ? byte | 0x20 : byte }

  /// Whether `bytes[at…]` starts with the lowercase ASCII `word`, ignoring case.
  private static func matches(_ bytes: UnsafeMutableBufferPointer<UInt8>, _ at: Int, _ word: StaticString) -> Bool {
    let count = word.utf8CodeUnitCount
    guard at + count <= bytes.count else { return false }
    let pointer = word.utf8Start
    for index in 0..<count where lower(bytes[at + index]) != pointer[index] { return false }
    return true
  }

  /// Whether names, unquoted and quoted values and the rest of end tags and declarations are
  /// skipped in loops within a chunk (off only in tests: the byte-by-byte states they must equal).
  var skipsWithinChunks = true

  /// Runs the tokenizer over `bytes`; returns where output must stop (a held-back `<`), or the count.
  ///
  /// One step per state, each taking the bytes from `index` and returning where the next step
  /// starts (always after `index`); the steps are inlined, so this is one loop over the bytes.
  private mutating func run(_ bytes: UnsafeMutableBufferPointer<UInt8>, isFinal: Bool) -> Int {
    let count = bytes.count
    var index = 0
    while index < count {
      switch state {
      case .data, .rawText:
        guard let next = textStep(bytes, at: index, isFinal: isFinal) else { return index }
        index = next
      case .tagName: index = tagNameStep(bytes, at: index)
      case .beforeAttributeName, .afterAttributeName: index = betweenAttributesStep(bytes, at: index)
      case .attributeName: index = attributeNameStep(bytes, at: index)
      case .beforeAttributeValue: index = beforeAttributeValueStep(bytes, at: index)
      case .doubleQuoted, .singleQuoted: index = quotedValueStep(bytes, at: index)
      case .unquoted: index = unquotedValueStep(bytes, at: index)
      case .endTag, .declaration: index = markupEndStep(bytes, at: index)
      case .comment: index = commentStep(bytes, at: index)
      case .cdata: index = cdataStep(bytes, at: index)
      case .doctype, .internalSubset: index = doctypeStep(bytes, at: index)
      }
    }
    return count
  }

  /// Text or raw text (`script`, `style`): up to the next `<`, which opens markup (or, in raw
  /// text, only the element's end tag). Nil when that `<` is held back for the next chunk.
  @inline(__always)
  private mutating func textStep(_ bytes: UnsafeMutableBufferPointer<UInt8>, at index: Int, isFinal: Bool) -> Int? {
    let count = bytes.count
    guard bytes[index] == 0x3C else {  // "<"
      let next = Self.next(0x3C, in: bytes, from: index + 1)
      if !declaredEntities.isEmpty && state == .data { findEntityReferences(bytes, from: index, to: next) }
      return next
    }
    if !isFinal && count - index < Self.lookahead { return nil }
    guard state == .rawText else { return openMarkup(bytes, at: index) }
    // libxml2 (recovering) ends script/style at "</" + the element's name, in any case.
    if index + 1 < count, bytes[index + 1] == 0x2F, matchesRawTextEnd(bytes, index + 2) {
      state = .endTag
      return index + 2
    }
    return index + 1
  }

  /// A start tag's name: lowercased into ``tagName`` (its first 64 bytes) up to a space, `/` or `>`.
  @inline(__always)
  private mutating func tagNameStep(_ bytes: UnsafeMutableBufferPointer<UInt8>, at index: Int) -> Int {
    let byte = bytes[index]
    if skipsWithinChunks && tagName.count < 64 && Self.isLetter(byte) {
      // The rest of a name's letters in one loop (a tag name is letters, then maybe digits).
      var scan = index
      while scan < bytes.count && tagName.count < 64 && Self.isLetter(bytes[scan]) {
        tagName.append(bytes[scan] | 0x20)
        scan += 1
      }
      return scan
    }
    if Self.isSpace(byte) || byte == 0x2F {
      state = .beforeAttributeName
    } else if byte == 0x3E {
      finishStartTag(bytes, at: index)
    } else if tagName.count < 64 {
      tagName.append(Self.lower(byte))
    }
    return index + 1
  }

  /// Between attributes (or after a name, where `=` starts its value): a new attribute is counted,
  /// and from ``maximumAttributes`` on blanked.
  @inline(__always)
  private mutating func betweenAttributesStep(_ bytes: UnsafeMutableBufferPointer<UInt8>, at index: Int) -> Int {
    let byte = bytes[index]
    if byte == 0x3E {
      finishStartTag(bytes, at: index)
    } else if byte == 0x3D && state == .afterAttributeName {  // "="
      state = .beforeAttributeValue
    } else if !Self.isSpace(byte) && byte != 0x2F {
      attributeCount += 1
      if attributeCount > maximumAttributes {
        if !blanking { blanking = true }
        droppedInTag += 1
      }
      state = .attributeName
    }
    blank(bytes, index)
    return index + 1
  }

  /// An attribute's name, up to a space, `/`, `=` or `>`.
  @inline(__always)
  private mutating func attributeNameStep(_ bytes: UnsafeMutableBufferPointer<UInt8>, at index: Int) -> Int {
    let byte = bytes[index]
    if skipsWithinChunks && !blanking && Self.isNameByte(byte) {
      // Nothing to blank: the rest of the name in one loop.
      return Self.pastNameBytes(bytes, from: index + 1)
    }
    if Self.isSpace(byte) || byte == 0x2F {
      state = .afterAttributeName
    } else if byte == 0x3D {
      state = .beforeAttributeValue
    } else if byte == 0x3E {
      finishStartTag(bytes, at: index)
      return index + 1
    }
    blank(bytes, index)
    return index + 1
  }

  /// After `=`: a quote opens a quoted value, anything but a space an unquoted one.
  @inline(__always)
  private mutating func beforeAttributeValueStep(_ bytes: UnsafeMutableBufferPointer<UInt8>, at index: Int) -> Int {
    let byte = bytes[index]
    if byte == 0x22 {
      state = .doubleQuoted
    } else if byte == 0x27 {
      state = .singleQuoted
    } else if byte == 0x3E {
      finishStartTag(bytes, at: index)
      return index + 1
    } else if !Self.isSpace(byte) {
      state = .unquoted
    }
    blank(bytes, index)
    return index + 1
  }

  /// A quoted value: to the closing quote in one go (values such as data: URIs can be long).
  @inline(__always)
  private mutating func quotedValueStep(_ bytes: UnsafeMutableBufferPointer<UInt8>, at index: Int) -> Int {
    let quote: UInt8 = state == .doubleQuoted ? 0x22 : 0x27
    var scan = index
    // Nothing to blank: straight to the quote.
    if skipsWithinChunks && !blanking { scan = Self.next(quote, in: bytes, from: scan) }
    while scan < bytes.count && bytes[scan] != quote {
      blank(bytes, scan)
      scan += 1
    }
    if scan < bytes.count {
      blank(bytes, scan)
      state = .beforeAttributeName
      scan += 1
    }
    return scan
  }

  /// An unquoted value, up to a space or `>`.
  @inline(__always)
  private mutating func unquotedValueStep(_ bytes: UnsafeMutableBufferPointer<UInt8>, at index: Int) -> Int {
    let byte = bytes[index]
    if skipsWithinChunks && !blanking && Self.isNameByte(byte) {
      return Self.pastNameBytes(bytes, from: index + 1)
    }
    if Self.isSpace(byte) {
      state = .beforeAttributeName
    } else if byte == 0x3E {
      finishStartTag(bytes, at: index)
      return index + 1
    }
    blank(bytes, index)
    return index + 1
  }

  /// The rest of an end tag or a declaration, up to the `>` that ends it.
  @inline(__always)
  private mutating func markupEndStep(_ bytes: UnsafeMutableBufferPointer<UInt8>, at index: Int) -> Int {
    guard skipsWithinChunks else {
      if bytes[index] == 0x3E { state = .data }
      return index + 1
    }
    let end = Self.next(0x3E, in: bytes, from: index)
    guard end < bytes.count else { return end }
    state = .data
    return end + 1
  }

  /// An HTML DOCTYPE, byte by byte (one per page): quoted identifiers are stepped over, a `[`
  /// outside them opens an internal subset, which is blanked (line breaks kept) up to its `]`
  /// outside quoted entity values; `>` ends the DOCTYPE.
  @inline(__always)
  private mutating func doctypeStep(_ bytes: UnsafeMutableBufferPointer<UInt8>, at index: Int) -> Int {
    let byte = bytes[index]
    let inSubset = state == .internalSubset
    if doctypeQuote != 0 {
      if byte == doctypeQuote { doctypeQuote = 0 }
    } else if byte == 0x22 || byte == 0x27 {
      doctypeQuote = byte
    } else if inSubset && byte == 0x5D {  // "]"
      state = .doctype
      declareEntities()
    } else if !inSubset && byte == 0x5B {  // "["
      state = .internalSubset
    } else if !inSubset && byte == 0x3E {
      state = .data
    }
    if inSubset && subset.count < 1 << 16 { subset.append(byte) }
    if inSubset || state == .internalSubset, byte != 0x0A && byte != 0x0D { bytes[index] = 0x20 }
    return index + 1
  }

  /// Reads the `<!ENTITY name …>` declarations of the internal subset just ended (parameter
  /// entities, `<!ENTITY % …>`, name none that text can refer to).
  private mutating func declareEntities() {
    defer { subset = [] }
    var index = 0
    let pattern = Array("<!ENTITY".utf8)
    while index + pattern.count < subset.count {
      guard subset[index] == 0x3C, subset[index..<index + pattern.count].elementsEqual(pattern) else {
        index += 1
        continue
      }
      index += pattern.count
      while index < subset.count, Self.isSpace(subset[index]) { index += 1 }
      let nameStart = index
      while index < subset.count, !Self.isSpace(subset[index]), subset[index] != 0x3E { index += 1 }
      let name = Array(subset[nameStart..<index])
      guard !name.isEmpty, name != [0x25] else { continue }
      while index < subset.count, Self.isSpace(subset[index]) { index += 1 }
      let keyword = subset[index..<min(index + 6, subset.count)].map { $0 | 0x20 }
      let external = keyword.elementsEqual("system".utf8) || keyword.elementsEqual("public".utf8)
      if declaredEntities[name] == nil { declaredEntities[name] = external }
    }
  }

  /// Finds references to declared entities in the text `bytes[start..<end]`; blanks each external one.
  private mutating func findEntityReferences(_ bytes: UnsafeMutableBufferPointer<UInt8>, from start: Int, to end: Int) {
    var index = start
    while index < end {
      guard bytes[index] == 0x26 else {  // "&"
        index += 1
        continue
      }
      var close = index + 1
      while close < end, close - index <= 64, bytes[close] != 0x3B, bytes[close] != 0x26, !Self.isSpace(bytes[close]) {
        close += 1
      }
      guard close < end, bytes[close] == 0x3B, close > index + 1,
        let external = declaredEntities[Array(bytes[index + 1..<close])]
      else {
        index += 1
        continue
      }
      entityReferenceCount += 1
      if entityReferences.count < Self.listedReferences {
        entityReferences.append(
          EntityReference(
            offset: emitted + index, name: String(decoding: bytes[index + 1..<close], as: UTF8.self),
            external: external))
      }
      if external { for blank in index...close { bytes[blank] = 0x20 } }
      index = close + 1
    }
  }

  /// A comment, byte by byte: `-->` ends it (and `--!>` an HTML one).
  @inline(__always)
  private mutating func commentStep(_ bytes: UnsafeMutableBufferPointer<UInt8>, at index: Int) -> Int {
    let byte = bytes[index]
    if byte == 0x2D {  // "-"
      closers = min(closers + 1, 2)
      commentBang = false
    } else if byte == 0x3E && (closers >= 2 || commentBang) {
      state = .data
    } else if byte == 0x21 && closers >= 2 && mode == .html {  // "--!>" also ends an HTML comment
      commentBang = true
      closers = 0
    } else {
      closers = 0
      commentBang = false
    }
    return index + 1
  }

  /// An XML CDATA section, byte by byte: `]]>` ends it.
  @inline(__always)
  private mutating func cdataStep(_ bytes: UnsafeMutableBufferPointer<UInt8>, at index: Int) -> Int {
    let byte = bytes[index]
    if byte == 0x5D {  // "]"
      closers = min(closers + 1, 2)
    } else if byte == 0x3E && closers >= 2 {
      state = .data
    } else {
      closers = 0
    }
    return index + 1
  }

  private func matchesRawTextEnd(_ bytes: UnsafeMutableBufferPointer<UInt8>, _ at: Int) -> Bool {
    guard at + rawTextName.count <= bytes.count else { return false }
    for (offset, letter) in rawTextName.enumerated() where Self.lower(bytes[at + offset]) != letter { return false }
    return true
  }

  /// Decides what the `<` at `index` opens (in text); returns the index to continue at.
  private mutating func openMarkup(_ bytes: UnsafeMutableBufferPointer<UInt8>, at index: Int) -> Int {
    let count = bytes.count
    guard index + 1 < count else { return index + 1 }
    let next = bytes[index + 1]
    if Self.isLetter(next) {
      state = .tagName
      tagName.removeAll(keepingCapacity: true)  // no allocation per tag
      tagName.append(Self.lower(next))
      tagStart = emitted + index
      attributeCount = 0
      droppedInTag = 0
      blanking = false
      return index + 2
    }
    if next == 0x2F {  // "</"
      if mode == .html, index + 2 < count, Self.isLetter(bytes[index + 2]) {
        for word: StaticString in ["html", "body"] where Self.matches(bytes, index + 2, word) {
          let after = index + 6
          if after >= count || Self.isSpace(bytes[after]) || bytes[after] == 0x3E || bytes[after] == 0x2F {
            bytes[index + 1] = 0x3F  // "</html>" → "<?html>": libxml2 reads an empty processing instruction
          }
        }
      }
      state = .endTag
      return index + 2
    }
    if next == 0x21 {  // "<!"
      if Self.matches(bytes, index + 2, "--") {
        if mode == .html, index + 4 < count, bytes[index + 4] == 0x3E {
          replace(bytes, at: index, with: "<?c->")
          return index + 5
        }
        if mode == .html, index + 5 < count, bytes[index + 4] == 0x2D, bytes[index + 5] == 0x3E {
          replace(bytes, at: index, with: "<?c-->")
          return index + 6
        }
        state = .comment
        closers = 0
        commentBang = false
        return index + 4
      }
      if mode == .html, Self.matches(bytes, index + 2, "doctype") {
        state = .doctype
        doctypeQuote = 0
        return index + 9
      }
      if mode == .xml, Self.matches(bytes, index + 2, "[cdata[") {
        state = .cdata
        closers = 0
        return index + 9
      }
      if mode == .html, index + 2 < count, bytes[index + 2] == 0x5B {
        // "<![CDATA[…]]>" in HTML content is a bogus comment up to the first ">" (HTML5), which
        // libxml2 2.9 prints as text; "<![" → "<?c" makes it a processing instruction it drops.
        bytes[index + 1] = 0x3F
        bytes[index + 2] = 0x63
      }
      state = .declaration
      return index + 2
    }
    if next == 0x3F {  // "<?"
      state = .declaration
      return index + 2
    }
    return index + 1
  }

  private func replace(_ bytes: UnsafeMutableBufferPointer<UInt8>, at index: Int, with text: StaticString) {
    let pointer = text.utf8Start
    for offset in 0..<text.utf8CodeUnitCount { bytes[index + offset] = pointer[offset] }
  }

  /// Blanks the byte at `index` while attributes are being cut. Line breaks stay (line numbers), and
  /// so does a `/` between attributes (it may close an empty XML element: `<e … />`).
  @inline(__always)
  private func blank(_ bytes: UnsafeMutableBufferPointer<UInt8>, _ index: Int) {
    guard blanking else { return }
    let byte = bytes[index]
    if byte == 0x0A || byte == 0x0D { return }
    if byte == 0x2F && state != .doubleQuoted && state != .singleQuoted && state != .unquoted { return }
    bytes[index] = 0x20
  }

  private mutating func finishStartTag(_ bytes: UnsafeMutableBufferPointer<UInt8>, at index: Int) {
    if droppedInTag > 0 {
      cutCount += 1
      if cuts.count < 1000 {
        cuts.append(Cut(offset: tagStart, name: String(decoding: tagName, as: UTF8.self), dropped: droppedInTag))
      }
    }
    blanking = false
    droppedInTag = 0
    if mode == .html && (tagName.count == 6 || tagName.count == 5) && (tagName == Self.script || tagName == Self.style)
    {
      // A self-closing "<script/>" still opens raw text in HTML.
      rawTextName = tagName
      state = .rawText
    } else {
      state = .data
    }
  }
}
