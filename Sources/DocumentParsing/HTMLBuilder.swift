@_spi(Plumbing) internal import TextModel

/// The building side of an HTML read: what elements mean (``HTMLSemantics``, the page's style
/// sheets, closed `<details>`, SVG names, character references libxml2 left as text) and the
/// document they make, from the events a ``SAXParser`` recorded.
///
/// Owned by the building thread (see ``SAXBuilder``); ``HTMLSession`` drives it.
final class HTMLBuilder: SAXBuilder {
  private let options: ReaderOptions
  /// Whether the bytes pass through ``MarkupFilter`` (always, but for a test of the safety net that
  /// reports libxml2 ending the document early).
  var filtering = true

  init(name: String, options: ReaderOptions) {
    self.options = options
    super.init(name: name, options: options, mode: .html)
  }

  /// Decodes a chunk to UTF-8 and runs the length-preserving filter over it: what the parser gets.
  func prepare(_ chunk: UnsafeRawBufferPointer, isFinal: Bool) -> SAXInputChunk {
    decodedKeepsAnchors = false
    let decoded = decodeInput(chunk, isFinal: isFinal, format: .html, encoding: options.encoding)
    // libxml2 gets UTF-8, ASCII-compatible, so the length-preserving filter always runs.
    let filtered = filtering ? decoded.withUnsafeBytes { filter.filter($0, isFinal: isFinal) } : decoded
    return SAXInputChunk(bytes: filtered, isFinal: isFinal, keepsAnchors: decodedKeepsAnchors)
  }

  /// The document, once every batch was replayed: pending text, decoding, limits and libxml2's
  /// early end reported.
  func finish() -> TextDocument {
    flushReference()
    finishDecoding()
    reportLimits()
    if let earlyEnd {
      let (line, column) = lineAndColumn(ofParserOffset: earlyEnd)
      assembler.builder.diagnostics.append(
        Diagnostic(
          .error, "libxml2 ended the HTML document here, before the end of the input: the text after it is missing",
          line: line, column: column, changesText: true))
    }
    var document = assembler.finish(format: .html, language: documentLanguage ?? options.defaultLanguage)
    attachFacts(to: &document)
    return document
  }

  // MARK: element events

  /// One open element: what its children need to know (what selectors see of it is in `openCSS`, at
  /// the same index: kept once, as every copy of it retained its strings and arrays).
  private struct OpenElement {
    var name: String
    /// A `<details>` without `open`: only its `<summary>` shows.
    var closedDetails: Bool
    /// Its keys in ``HTMLBuilder/ancestorKeys`` (empty while the page has no style rule).
    var keys: [Int] = []
    /// What it is, for the sectioning depths.
    var kind = HTMLElementKind.other
    /// A table element (`table`, a row group, `tr`, a cell, `colgroup`) the table model was told of.
    var inTableModel = false
    /// The text its `::after` rule generates, read before it closes.
    var generatedAfter: String?
    /// The language it declares (`lang`, `xml:lang`), for the quotation marks of a `<q>` inside.
    var language: String?
    /// A `<q>` that opened a quotation (its marks nest: the next one inside takes the inner marks).
    var opensQuote = false
  }

  /// How many `<q>` quotations are open.
  @exclusivity(unchecked) private var quoteDepth = 0

  /// The open elements, outermost first (kept balanced as the assembler's stack is).
  @exclusivity(unchecked) private var openElements: [OpenElement] = []
  /// The open elements as selectors see them (the same stack, kept apart to match without copying).
  @exclusivity(unchecked) private var openCSS: [CSSStyleSheet.Element] = []
  /// How many open elements carry each selector key (`#id`, `.class`, name): the ancestor filter.
  @exclusivity(unchecked) private var ancestorKeys: [Int: Int] = [:]
  /// The rules of the page's `<style>` sheets read so far.
  @exclusivity(unchecked) private var styleSheet = CSSStyleSheet()
  /// The text of the `<style>` element being read.
  @exclusivity(unchecked) private var styleText: [UInt8]?
  /// The SVG being read for its name: the assembler depth it opened at, and its `<title>` text.
  @exclusivity(unchecked) private var svg: (depth: Int, title: [UInt8], collecting: Bool, done: Bool, used: Bool)?
  /// The `<select>` being read for the option it shows: the assembler depth it opened at, whether
  /// it is a list box (`multiple`), its options' texts and whether each is selected, and the option
  /// being read.
  @exclusivity(unchecked) private var select:
    (depth: Int, multiple: Bool, options: [(text: [UInt8], selected: Bool)], current: Int?)?
  /// The SVG `<text>` elements open inside the SVG being read, and their text so far (an SVG
  /// without a name shows its text, as Chromium reads it).
  @exclusivity(unchecked) private var svgText: (open: Int, text: [UInt8]) = (0, [])
  /// The SVG `<symbol>` being read (sprites, usually hidden): its id, depth and `<title>` text.
  @exclusivity(unchecked) private var symbol: (id: String, depth: Int, title: [UInt8], collecting: Bool)?
  /// The `<title>` of each SVG symbol read so far: an SVG that only `<use>`s a symbol is named by it.
  @exclusivity(unchecked) private var symbolTitles: [String: String] = [:]
  /// A character reference libxml2 left as text, held until its name is read; C1 references mapped.
  @exclusivity(unchecked) private var references = CharacterReferenceJoiner()
  /// The text CSS generates before and after the element being started (``CSSStyleSheet/generatedContent(of:ancestors:ancestorKeys:)``).
  @exclusivity(unchecked) private var startingGenerated: (before: String?, after: String?)?
  /// The element being started, computed in `meaning(of:_:)` and pushed after it.
  @exclusivity(unchecked) private var starting: (css: CSSStyleSheet.Element, closedDetails: Bool)?

  /// Elements whose children live in a section: header/footer and aside depend on them.
  @exclusivity(unchecked) private var sectioningDepth = 0
  @exclusivity(unchecked) private var sectioningContentDepth = 0
  /// The tables being read (HTML's table model).
  @exclusivity(unchecked) private var tableModel = HTMLTableModel()

  override func meaning(of element: ElementName, _ attributes: ElementAttributes) -> ElementMeaning {
    let name = element.string
    let context = HTMLSemantics.Context(
      insideSectioning: sectioningDepth > 0, insideSectioningContent: sectioningContentDepth > 0)
    var meaning = plainMeaning(of: element, attributes, context: context)
    let css = CSSStyleSheet.Element(
      name: name, id: attributes[.id],
      classes: attributes[.class].map { $0.split(whereSeparator: \.isWhitespace).map(String.init) } ?? [],
      attributes: attributes)
    let parent = openElements.last
    starting = (css, element.kind == .details && !attributes.has(.open))
    guard !meaning.skip, !assembler.isSkipping else {
      // An element whose content is not read (an image without alt) may still be in the audit's
      // accessibility tree: the audit learns what the style sheet hides (it reads inline styles itself).
      if facts != nil, !assembler.isSkipping, !styleSheet.isEmpty, element.kind != .html, element.kind != .body {
        let style = styleSheet.style(of: css, ancestors: openCSS[...], ancestorKeys: ancestorKeys)
        if style.display == .notRendered || style.visibility == .hidden { facts!.hideLastStartedByStyleSheet() }
      }
      return meaning
    }
    if let parent, parent.closedDetails, element.kind != .summary {
      meaning.skip = true
      return meaning
    }
    var style =
      styleSheet.isEmpty
      ? CSSStyleSheet.Style() : styleSheet.style(of: css, ancestors: openCSS[...], ancestorKeys: ancestorKeys)
    if let inline = attributes[.style] { style = style.overlaid(by: CSSStyleSheet.inlineStyle(inline)) }
    // A page hidden as a whole (`html` or `body` with display:none or visibility:hidden) waits for a
    // script to show it: a reader with JavaScript on meets the page, so the whole is never hidden.
    if (style.display == .notRendered || style.visibility == .hidden) && element.kind != .html && element.kind != .body
    {
      meaning.skip = true
      // The audit's accessibility tree leaves it out too (it reads inline styles itself).
      if facts != nil { facts!.hideLastStartedByStyleSheet() }
      return meaning
    }
    if style.display == .box, meaning.block == nil { meaning.separateWords = true }
    if styleSheet.generatesContent, meaning.replacement == nil, !meaning.showsSelectedOption {
      // `::before` and `::after` text, read as Chromium reads it (within the element).
      let generated = styleSheet.generatedContent(of: css, ancestors: openCSS[...], ancestorKeys: ancestorKeys)
      if generated.before != nil || generated.after != nil { startingGenerated = generated }
    }
    if element.kind == .q, meaning.replacement == nil {
      // Chromium's html.css: q::before { content: open-quote } q::after { content: close-quote },
      // with the marks of the quotation's language (`quotes: auto`); a page's own rule wins.
      let language = attributes[.lang] ?? attributes[.xmlLang] ?? inheritedLanguage
      let marks = Self.quoteMarks(language: language)
      var generated = startingGenerated ?? (nil, nil)
      if generated.before == nil { generated.before = quoteDepth > 0 ? marks.2 : marks.0 }
      if generated.after == nil { generated.after = quoteDepth > 0 ? marks.3 : marks.1 }
      startingGenerated = generated
    }
    if element.kind == .svg, meaning.replacement == nil, svg == nil {
      // Read for its <title>: a named SVG is an image, its drawing is not text.
      svg = (assembler.depth, [], false, false, false)
      svgText = (0, [])
      meaning.skip = true
    }
    if meaning.showsSelectedOption, select == nil {
      let listBox = attributes.has("multiple") || (HTMLTableModel.integer(attributes["size"]) ?? 1) > 1
      select = (assembler.depth, listBox, [], nil)
      meaning.skip = true
    }
    return meaning
  }

  /// What elements without attributes mean, by kind and context (see ``plainMeaning(of:_:context:)``).
  @exclusivity(unchecked) private var plainMeanings = [ElementMeaning?](
    repeating: nil, count: (HTMLElementKind.byName.count + 1) * 4)

  /// ``HTMLSemantics/meaning(of:_:context:)``, remembered for elements without attributes: what they
  /// mean depends only on their kind and the two context flags (most of a page's `<p>`, `<li>`,
  /// `<td>`, `<section>` carry none), and working it out was a fifth of building a page.
  private func plainMeaning(of element: ElementName, _ attributes: ElementAttributes, context: HTMLSemantics.Context)
    -> ElementMeaning
  {
    guard attributes.pairs.isEmpty else { return HTMLSemantics.meaning(of: element, attributes, context: context) }
    let index =
      Int(element.kind.rawValue) * 4 + (context.insideSectioning ? 2 : 0) + (context.insideSectioningContent ? 1 : 0)
    if let known = plainMeanings[index] { return known }
    let meaning = HTMLSemantics.meaning(of: element, attributes, context: context)
    plainMeanings[index] = meaning
    return meaning
  }

  override func handleStart(_ element: ElementName, _ attributes: ElementAttributes) {
    flushReference()
    var attributes = attributes
    if attributes.pairs.contains(where: { $0.value.utf8.contains(0x26) }) {
      attributes = ElementAttributes(
        attributes.pairs.map { ($0.name, HTMLNamedReferences.decodingAttribute($0.value)) })
    }
    let original = element.kind
    let element = element.kind == .image ? Self.img : element
    let kind = element.kind
    if let svg, !svg.done, kind == .title, assembler.depth == svg.depth + 1 { self.svg!.collecting = true }
    if kind == .symbol, let id = attributes[.id] { symbol = (id, assembler.depth, [], false) }
    if svg != nil, kind == .other, element.string == "text" { svgText.open += 1 }
    if select != nil, kind == .option {
      select!.options.append(([], attributes["selected"] != nil))
      select!.current = select!.options.count - 1
    }
    if let symbol, kind == .title, assembler.depth == symbol.depth + 1 { self.symbol!.collecting = true }
    if kind == .use, let svg, !svg.done, svg.title.isEmpty,
      let target = attributes[.href] ?? attributes[.xlinkHref], target.hasPrefix("#"),
      let title = symbolTitles[String(target.dropFirst())]
    {
      self.svg!.title = Array(title.utf8)
      self.svg!.done = true
      self.svg!.used = true
    }
    if kind == .style, !assembler.isSkipping, attributes[.media].map(CSSStyleSheet.mediaMatches) ?? true,
      (attributes[.type].map { $0.isEmpty || $0.lowercased().trimmingSpaces() == "text/css" } ?? true)
    {
      styleText = []
    }
    starting = nil
    startingGenerated = nil
    super.handleStart(element, attributes)
    let generated = startingGenerated.take()
    if let before = generated?.before { assembler.generatedText(before, sourceOffset: sourceOffset) }
    // Moved out, not copied: a copy and the reset after it retained and released every string and
    // array of the element once more.
    let (css, closedDetails) =
      starting.take() ?? (.init(name: element.string, classes: [], attributes: attributes), false)
    var open = OpenElement(name: element.string, closedDetails: closedDetails, kind: kind)
    open.generatedAfter = generated?.after
    if let language = attributes[.lang] ?? attributes[.xmlLang], !language.isEmpty { open.language = language }
    if kind == .q, generated != nil {
      open.opensQuote = true
      quoteDepth += 1
    }
    if kind.isTablePart { open.inTableModel = tableModel.start(kind, attributes, in: &assembler) }
    if !styleSheet.isEmpty {
      open.keys = CSSStyleSheet.keys(of: css)
      for key in open.keys { ancestorKeys[key, default: 0] += 1 }
    }
    openElements.append(open)
    openCSS.append(consume css)
    if kind == .article || kind == .section || kind == .aside || kind == .nav {
      sectioningContentDepth += 1
      sectioningDepth += 1
    } else if kind == .main {
      sectioningDepth += 1
    }
    if original.isUnknownVoid { handleEnd(element) }
  }

  /// The language in force where the next element opens: the innermost open element's that
  /// declares one, else the document's, else the reader's default.
  private var inheritedLanguage: String? {
    var position = openElements.count - 1
    while position >= 0 {
      if let language = openElements[position].language { return language }
      position -= 1
    }
    return documentLanguage ?? options.defaultLanguage
  }

  /// The quotation marks (open, close, nested open, nested close) of a language: CLDR's, looked up
  /// by the tag and then by its shorter prefixes ("fr-CA", "fr"), else CLDR's root marks (“ ” ‘ ’).
  static func quoteMarks(language: String?) -> (String, String, String, String) {
    guard var tag = language.map({ String($0.lowercased().map { $0 == "_" ? "-" : $0 }) }) else {
      return QuoteMarks.root
    }
    while true {
      if let marks = QuoteMarks.byTag[tag] { return marks }
      guard let cut = tag.lastIndex(of: "-") else { return QuoteMarks.root }
      tag = String(tag[..<cut])
    }
  }

  /// `image` is read as `img`, as HTML5 does.
  private static let img = ElementName("img")

  override func handleEnd(_ element: ElementName) {
    flushReference()
    let element = element.kind == .image ? Self.img : element
    let kind = element.kind
    noteEnd(element, kind)
    // The innermost element is the one closed, but for misnested markup.
    let last = openElements.count - 1
    guard
      let index = last >= 0 && openElements[last].name == element.string
        ? last : openElements.lastIndex(where: { $0.name == element.string })
    else { return }
    // The closed elements are read in place, by index: a loop over them copied each (its name, keys
    // and generated text retained and released) once per loop.
    for position in (index...last).reversed() {
      if let after = openElements[position].generatedAfter {
        assembler.generatedText(after, sourceOffset: sourceOffset)
      }
    }
    super.handleEnd(element)
    for position in index...last {
      switch openElements[position].kind {
      case .article, .section, .aside, .nav:
        sectioningContentDepth -= 1
        sectioningDepth -= 1
      case .main: sectioningDepth -= 1
      case .q: if openElements[position].opensQuote { quoteDepth -= 1 }
      default: break
      }
      if !openElements[position].keys.isEmpty {
        for key in openElements[position].keys { ancestorKeys[key, default: 1] -= 1 }
      }
    }
    for position in (index...last).reversed() where openElements[position].inTableModel {
      tableModel.end(openElements[position].kind, in: &assembler)
    }
    if index == last {
      openElements.removeLast()
      openCSS.removeLast()
    } else {
      openElements.removeSubrange(index...)
      openCSS.removeSubrange(index...)
    }
    finishReadAside()
  }

  /// What an element's end finishes before it closes: a `<style>` sheet, an SVG's or a symbol's
  /// `<title>`, an SVG `<text>`, a `<select>`'s `<option>`.
  private func noteEnd(_ element: ElementName, _ kind: HTMLElementKind) {
    if kind == .style, let text = styleText {
      styleText = nil
      let wasEmpty = styleSheet.isEmpty
      styleSheet.add(sheet: String(decoding: text, as: UTF8.self))
      if wasEmpty && !styleSheet.isEmpty {
        // The first rules: the elements already open join the ancestor filter now.
        for index in openElements.indices {
          openElements[index].keys = CSSStyleSheet.keys(of: openCSS[index])
          for key in openElements[index].keys { ancestorKeys[key, default: 0] += 1 }
        }
      }
    }
    if kind == .title, svg?.collecting == true {
      svg!.collecting = false
      svg!.done = true
    }
    if kind == .title, let symbol, symbol.collecting {
      self.symbol!.collecting = false
      let title = String(decoding: symbol.title, as: UTF8.self).split(whereSeparator: \.isWhitespace)
      if !title.isEmpty, symbolTitles[symbol.id] == nil { symbolTitles[symbol.id] = title.joined(separator: " ") }
    }
    if kind == .symbol { symbol = nil }
    if svg != nil, svgText.open > 0, kind == .other, element.string == "text" {
      svgText.open -= 1
      svgText.text.append(0x20)
    }
    if select != nil, kind == .option { select!.current = nil }
  }

  /// An SVG or `<select>` read aside ends once the assembler is back at its depth: its name or
  /// shown option is read as an image's name.
  private func finishReadAside() {
    if let svg, assembler.depth <= svg.depth {
      self.svg = nil
      let title = String(decoding: svg.title, as: UTF8.self).split(whereSeparator: \.isWhitespace).joined(
        separator: " ")
      // A symbol's title names what holds the SVG (an icon link), but the SVG is no image of its own.
      if !title.isEmpty {
        assembler.image(named: title, sourceOffset: sourceOffset, marked: !svg.used)
      } else if !svgText.text.isEmpty {
        // An SVG without a name is no image: its <text> is read (an image's content is not).
        let text = String(decoding: svgText.text, as: UTF8.self).split(whereSeparator: \.isWhitespace)
        if !text.isEmpty {
          assembler.image(named: text.joined(separator: " "), sourceOffset: sourceOffset, marked: false)
        }
      }
      svgText = (0, [])
    }
    if let select, assembler.depth <= select.depth {
      self.select = nil
      // A drop-down shows its last selected option, else its first; a list box its selected ones.
      let shown =
        select.multiple
        ? select.options.filter(\.selected)
        : (select.options.last(where: \.selected) ?? select.options.first).map { [$0] } ?? []
      let text = shown.map {
        String(decoding: $0.text, as: UTF8.self).split(whereSeparator: \.isWhitespace).joined(separator: " ")
      }
      .filter { !$0.isEmpty }.joined(separator: ", ")
      if !text.isEmpty { assembler.image(named: text, sourceOffset: sourceOffset, marked: false) }
    }
  }

  /// HTML's numeric references &#128;–&#159; name windows-1252 characters (`&#146;` is ’), but
  /// libxml2 gives U+0080–U+009F: map them here (``HTMLC1Characters``). Named references libxml2
  /// does not know arrive as "&" and then the name: they are decoded here (``HTMLNamedReferences``).
  override func handleText(_ text: UnsafeBufferPointer<UInt8>) {
    if styleText != nil {
      styleText!.append(contentsOf: text)
      return
    }
    if let svg, svg.collecting {
      self.svg!.title.append(contentsOf: text)
      return
    }
    if let symbol, symbol.collecting {
      self.symbol!.title.append(contentsOf: text)
      return
    }
    if svg != nil, svgText.open > 0 {
      svgText.text.append(contentsOf: text)
      return
    }
    if let select {
      if let current = select.current { self.select!.options[current].text.append(contentsOf: text) }
      return
    }
    references.text(text, offset: sourceOffset(backBy: text.count), into: &assembler)
  }

  /// Ends a pending character reference that nothing more follows (`&copy` before a tag).
  private func flushReference() { references.flush(into: &assembler) }
}
