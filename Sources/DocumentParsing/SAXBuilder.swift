@_spi(Plumbing) internal import TextModel

/// The building side of one markup read: it prepares the input for the parser (decoding,
/// ``MarkupFilter``, line starts) and replays what the parser reported (``SAXBatch``es from a
/// ``SAXParser``) into the document being built. Subclasses decide what elements mean.
///
/// It owns the decoder, the filter, the input's line starts, the ``MarkupAssembler`` and (in
/// subclasses) the element semantics' state. Exactly one thread uses it: the calling thread of a
/// read, on one core or two; no libxml2 state is reachable from here, only the events it reported.
///
/// The stored properties skip the run-time exclusivity checks (on a class they cost a thread-local
/// access set per access, ~5% of reading a large page): one thread uses a builder, and nothing in
/// a replay opens a second access to a property it is in the middle of.
class SAXBuilder {
  @exclusivity(unchecked) var assembler: MarkupAssembler
  @exclusivity(unchecked) var documentLanguage: String?
  /// Decodes the input to UTF-8 for libxml2 (made from the first chunk; see SAXBuilder+Decoding.swift).
  @exclusivity(unchecked) var decoder: InputDecoder?
  let name: String
  /// The length-preserving pass that runs before libxml2 (attribute cap; HTML's lossy tokens).
  @exclusivity(unchecked) var filter: MarkupFilter
  /// Reading on two threads (``SAXPipeline``): the input's line starts, scanned while chunks are
  /// prepared ahead of the replay and kept apart from the builder's source map (adopted after the
  /// parse). Nil on one thread, where they go straight into the source map.
  @exclusivity(unchecked) var inputLines: SourceMap?
  /// Set by `decodeInput` when decoded offsets differ from the input's (see ``SAXEvent/keepAnchors``).
  @exclusivity(unchecked) var decodedKeepsAnchors = false
  /// Where the parser was at the event being replayed, in the bytes it was fed.
  @exclusivity(unchecked) private var eventConsumed = 0
  /// Where libxml2 ended an HTML document early, if it did (a parser offset).
  @exclusivity(unchecked) private(set) var earlyEnd: Int?
  /// The element events kept for the audit (``ReaderOptions/collectsMarkupFacts``); nil otherwise,
  /// and then each event costs one test of it.
  @exclusivity(unchecked) var facts: MarkupFactsCollector?

  init(name: String, options: ReaderOptions, mode: MarkupFilter.Mode) {
    self.name = name
    assembler = MarkupAssembler(maximumDepth: options.maximumDepth, spokenForms: options.spokenForms)
    filter = MarkupFilter(mode: mode, maximumAttributes: options.maximumAttributes)
    if options.collectsMarkupFacts { facts = MarkupFactsCollector(maximumDepth: options.maximumDepth) }
  }

  /// What an element means; subclasses override.
  func meaning(of name: ElementName, _ attributes: ElementAttributes) -> ElementMeaning { ElementMeaning() }

  /// The parser offset of the event being replayed (decoded UTF-8; `finishDecoding` maps offsets
  /// back to the input).
  var sourceOffset: Int { sourceOffset(backBy: 0) }

  /// The offset `count` bytes before where the parser was at the event being replayed.
  func sourceOffset(backBy count: Int) -> Int { max(0, eventConsumed - count) }

  /// Replays what the parser reported, in order, as if libxml2 were calling back now; leaves the
  /// batch empty, its storage kept for the next one.
  func replay(_ batch: inout SAXBatch) {
    for index in batch.events.indices {
      // Each event is moved out, a payload-free one left in its place: a copy retained and
      // released its strings and arrays once more.
      var event = SAXEvent.keepAnchors
      swap(&event, &batch.events[index])
      switch consume event {
      case .start(let name, let attributes, let consumed):
        eventConsumed = consumed
        handleStart(name, attributes)
      case .end(let name, let consumed):
        eventConsumed = consumed
        handleEnd(name)
      case .text(let range, let consumed):
        eventConsumed = consumed
        batch.text.withUnsafeBufferPointer {
          if facts != nil { facts!.text(UnsafeBufferPointer(rebasing: $0[range])) }
          handleText(UnsafeBufferPointer(rebasing: $0[range]))
        }
      case .problem(let diagnostic):
        assembler.builder.diagnostics.append(diagnostic)
      case .keepAnchors:
        assembler.builder.sourceMap.skipsPredictedAnchors = false
      case .endedEarly(let consumed):
        if earlyEnd == nil { earlyEnd = consumed }
      }
    }
    batch.empty()
  }

  /// The input line and column of an offset in the bytes fed to libxml2.
  func lineAndColumn(ofParserOffset offset: Int) -> (line: Int, column: Int) {
    // Call after finishDecoding(), which maps the line starts back to the input.
    let source = decoder.map { $0.isIdentity ? offset : $0.originalOffset(offset) } ?? offset
    return assembler.builder.sourceMap.lineAndColumn(forSourceOffset: source)
  }

  /// Adds the diagnostics of limits hit while reading: attributes cut by the filter, nesting too deep.
  func reportLimits() {
    for cut in filter.cuts {
      let (line, column) = lineAndColumn(ofParserOffset: cut.offset)
      assembler.builder.diagnostics.append(
        Diagnostic(
          .warning,
          "element <\(cut.name)> has more than \(filter.maximumAttributes) attributes: "
            + "\(cut.dropped) attribute(s) after the first \(filter.maximumAttributes) were dropped (limit: --max-attributes)",
          line: line, column: column, changesText: true))
    }
    if filter.cutCount > filter.cuts.count {
      assembler.builder.diagnostics.append(
        Diagnostic(
          .warning,
          "\(filter.cutCount - filter.cuts.count) more element(s) had attributes dropped (limit: --max-attributes)",
          changesText: true))
    }
    assembler.builder.diagnostics.append(
      contentsOf: filter.entityDiagnostics { offset in
        let (line, column) = lineAndColumn(ofParserOffset: offset)
        return (line, column)
      })
    if let first = filter.firstControl {
      let (line, column) = lineAndColumn(ofParserOffset: first.offset)
      assembler.builder.diagnostics.append(
        MarkupFilter.controlDiagnostic(count: filter.controlCount, first: first.byte, line: line, column: column))
    }
    if let offset = assembler.tooDeepOffset {
      let (line, column) = lineAndColumn(ofParserOffset: offset)
      assembler.builder.diagnostics.append(assembler.tooDeepDiagnostic(line: line, column: column))
    }
  }

  func handleStart(_ name: ElementName, _ attributes: ElementAttributes) {
    if facts != nil {
      for attribute in attributes.pairs { facts!.attribute(attribute.name, attribute.value) }
      facts!.start(name.string, sourceOffset: sourceOffset)
    }
    var meaning = meaning(of: name, attributes)
    if !meaning.skip, !assembler.isSkipping, let language = attributes[.lang] ?? attributes[.xmlLang],
      !language.isEmpty
    {
      if documentLanguage == nil && (assembler.depth <= 1) {
        documentLanguage = language
      } else {
        meaning.runs.insert(.language(language), at: 0)
      }
    }
    assembler.start(name.string, meaning: meaning, sourceOffset: sourceOffset)
    // MathML: the formula's structure is kept beside its text (MathMLReader.swift).
    if assembler.math != nil {
      if !assembler.isSkipping { assembler.math!.start(name.string, attributes) }
    } else if name.kind == .other, !assembler.isSkipping, MathMLReader.opensFormula(name.string) {
      assembler.math = MathMLReader(
        attributes, textStart: assembler.builder.length, maximumDepth: assembler.maximumDepth)
      assembler.math!.sourceOffset = sourceOffset
      assembler.math!.language = attributes[.lang] ?? attributes[.xmlLang] ?? assembler.language ?? documentLanguage
    }
  }

  func handleEnd(_ name: ElementName) {
    if facts != nil { facts!.end(name.string) }
    assembler.end(name.string, sourceOffset: sourceOffset)
  }

  /// Puts the collected markup facts, their offsets mapped to the input, on `document` (after
  /// `finishDecoding()`).
  func attachFacts(to document: inout TextDocument) {
    guard facts != nil else { return }
    let decoder = self.decoder
    let sourceMap = document.sourceMap
    document.markupFacts = facts!.finish(
      mapping: { offset in decoder.map { $0.isIdentity ? offset : $0.originalOffset(offset) } ?? offset },
      lineAndColumn: { sourceMap.lineAndColumn(forSourceOffset: $0) })
    facts = nil
  }

  func handleText(_ text: UnsafeBufferPointer<UInt8>) {
    // libxml2 reports text once it has scanned it, so the text started `count` bytes back.
    assembler.text(text, sourceOffset: sourceOffset(backBy: text.count))
  }

  /// Scans the raw chunk for line starts (for line:column mapping).
  func noteInput(_ chunk: UnsafeRawBufferPointer) {
    if inputLines != nil {
      inputLines!.scanLines(chunk)
    } else {
      assembler.builder.sourceMap.scanLines(chunk)
    }
  }
}
