internal import TextModel

/// Chooses HTML, XML or text from the first bytes of an input, as browsers do for a document of
/// unknown type (WHATWG MIME Sniffing, "rules for identifying an unknown MIME type"), with TextRotor's
/// own XML vocabularies added:
///
/// 1. Leading whitespace, a byte-order mark, comments and processing instructions are skipped
///    (`<?xml …?>` itself means XML).
/// 2. `<!DOCTYPE html` means HTML; a doctype naming a known XML root (DocBook's `book`, DITA's
///    `topic`…) means XML.
/// 3. The first element: a known XML root of TextRotor's readers (`note`, DocBook, DITA) means XML, and
///    so does `<article>`/`<section>` with a namespace declaration (DocBook 5). An element of the HTML
///    standard or a custom element (a name with "-") means HTML, so `<b>Warning</b>: the bridge is
///    closed.` is read whole. Another element with a namespace declaration means XML.
/// 4. Anything else (`<https://example.org> …`, `a < b`) is text.
enum FormatSniffer {
  /// Root elements the XML reader understands (docs/NOTE-FORMAT.md, XMLSemantics.swift).
  static let xmlRoots: Set<String> = [
    "note",  // TextRotor's note vocabulary
    // DocBook
    "book", "chapter", "part", "set", "appendix", "preface", "refentry", "sect1", "sect2", "sect3", "sect4", "sect5",
    "simplesect", "glossary", "bibliography", "reference", "colophon", "dedication",
    // DITA
    "topic", "concept", "task", "glossentry", "troubleshooting", "map", "bookmap", "dita",
  ]

  /// Every element name of the HTML standard, current and obsolete (plus svg and math, which HTML embeds).
  static let htmlElements: Set<String> = [
    "a", "abbr", "address", "area", "article", "aside", "audio", "b", "base", "bdi", "bdo", "blockquote", "body", "br",
    "button", "canvas", "caption", "cite", "code", "col", "colgroup", "data", "datalist", "dd", "del", "details", "dfn",
    "dialog", "div", "dl", "dt", "em", "embed", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3",
    "h4", "h5", "h6", "head", "header", "hgroup", "hr", "html", "i", "iframe", "img", "input", "ins", "kbd", "label",
    "legend", "li", "link", "main", "map", "mark", "menu", "meta", "meter", "nav", "noscript", "object", "ol",
    "optgroup", "option", "output", "p", "param", "picture", "pre", "progress", "q", "rp", "rt", "ruby", "s", "samp",
    "script", "search", "section", "select", "slot", "small", "source", "span", "strong", "style", "sub", "summary",
    "sup", "table", "tbody", "td", "template", "textarea", "tfoot", "th", "thead", "time", "title", "tr", "track", "u",
    "ul", "var", "video", "wbr",
    // obsolete, still parsed by browsers
    "acronym", "applet", "basefont", "bgsound", "big", "blink", "center", "dir", "font", "frame", "frameset", "image",
    "isindex", "keygen", "listing", "marquee", "menuitem", "multicol", "nextid", "nobr", "noembed", "noframes",
    "plaintext", "rb", "rtc", "spacer", "strike", "tt", "xmp",
    "svg", "math",
  ]

  /// The format of an input that starts with `head`.
  static func format(_ head: [UInt8], encoding override: String?) -> InputFormat {
    var decoder = InputDecoder(head: head, format: .text, override: override)
    let text = head.withUnsafeBytes { decoder.decode($0, isFinal: false) }
    return format(decodedHead: text)
  }

  /// The format of an input whose first bytes, decoded to UTF-8, are `text`.
  static func format(decodedHead text: [UInt8]) -> InputFormat {
    var index = 0
    let count = text.count
    func skipSpace() { while index < count && TextEncoding.isASCIIWhitespace(text[index]) { index += 1 } }
    func startsWith(_ literal: String) -> Bool {
      CharsetSniffer.firstIndex(
        of: Array(literal.utf8), in: text, from: index, limit: min(count, index + literal.utf8.count),
        ignoringCase: true) == index
    }
    func name(from start: Int) -> String {
      var end = start
      while end < count, isNameByte(text[end]) { end += 1 }
      return String(decoding: text[start..<end].map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
    }
    while true {
      skipSpace()
      guard index < count, text[index] == UInt8(ascii: "<") else { return .text }
      if startsWith("<?xml") { return .xml }
      if startsWith("<!--") {
        guard let close = CharsetSniffer.firstIndex(of: Array("-->".utf8), in: text, from: index + 4, limit: count)
        else {
          return .html  // WHATWG: a document starting with a comment is HTML
        }
        index = close + 3
        continue
      }
      if startsWith("<?") {
        guard let close = text[index...].firstIndex(of: UInt8(ascii: ">")) else { return .text }
        index = close + 1
        continue
      }
      if startsWith("<!doctype") {
        index += 9
        skipSpace()
        let root = name(from: index)
        return xmlRoots.contains(root) || root == "article" || root == "section" ? .xml : .html
      }
      guard index + 1 < count, isNameStart(text[index + 1]) else { return .text }
      let element = name(from: index + 1)
      let local = element.split(separator: ":").last.map(String.init) ?? element
      if xmlRoots.contains(local) && !(local == "map" && !hasNamespace(text, from: index)) { return .xml }
      let namespaced = hasNamespace(text, from: index)
      if (local == "article" || local == "section") && namespaced { return .xml }
      if htmlElements.contains(local) || local.contains("-") { return .html }
      return namespaced ? .xml : .text
    }
  }

  /// Whether the start tag at `start` declares a namespace (`xmlns=` or `xmlns:`).
  private static func hasNamespace(_ text: [UInt8], from start: Int) -> Bool {
    let end = text[start...].firstIndex(of: UInt8(ascii: ">")) ?? text.count
    guard let found = CharsetSniffer.firstIndex(of: Array("xmlns".utf8), in: text, from: start, limit: end) else {
      return false
    }
    // XHTML's namespace still means HTML.
    let xhtml = Array("http://www.w3.org/1999/xhtml".utf8)
    return CharsetSniffer.firstIndex(of: xhtml, in: text, from: found, limit: end) == nil
  }

  private static func isNameStart(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
  private static func isNameByte(_ byte: UInt8) -> Bool {
    isNameStart(byte) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x5F || byte == 0x3A || byte == 0x2E
  }
}
