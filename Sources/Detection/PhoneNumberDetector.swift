internal import ParallelSupport
internal import TextModel

#if canImport(Glibc)
  internal import Glibc
#endif

/// Finds telephone numbers for every region, validated against libphonenumber's numbering plans
/// (compiled into `PhoneMetadata` by tools/generate_phone_metadata.py).
///
/// A fast byte scan finds digit runs (ASCII, fullwidth and Arabic-Indic digits; spaces, hyphens,
/// dots, slashes and parentheses between groups; direction marks ignored), then look-alikes are
/// rejected before validation: dates and date ranges, times, ISBNs (checksum), IP addresses,
/// versions, coordinates, prices, postal codes, scores, "1920x1080", long order or account numbers.
/// International numbers ("+81 3-1234-5678") are validated in the regions of their country code;
/// national ones ("03-1234-5678") in the regions the evidence names (``PhoneRegionInference``): first
/// the language of the run the number sits in (declared, else identified from the text around it by
/// `LanguageIdentifier`), never in all regions at once. The value is `tel:+E164` with `;ext=` for an extension.
///
/// Its stages: the scan (international numbers settled at once, national ones kept), the languages
/// of the national numbers, their regions (the only stage that needs the document's domain regions,
/// asked for only then), their validation.
///
/// - Complexity: O(n) over the UTF-8 text; validation walks one automaton per candidate and region.
package struct PhoneNumberDetector: TextDetector {
  /// Creates a phone-number detector with the generated metadata tables.
  package init() {}

  /// The regions of the document's link and e-mail domains: evidence for the region of national
  /// numbers.
  package var requires: DetectionEvidence { .domainRegions }

  /// The phone numbers in `text`, in order, with E.164 values; national numbers are read in
  /// `context.region` (or the region of `context.language`).
  /// - Complexity: O(n) in the length of `text`.
  package func detect(in text: String, context: DetectionContext) -> [Detection] {
    var copy = text
    var results: [Detection] = []
    copy.withUTF8 { bytes in
      detect(
        bytes: bytes, context: context, inputs: DetectionInputs(domainRegions: context.domainRegions), into: &results)
    }
    // National numbers are settled after the scan, so they come last; the document's list is sorted
    // once, by DocumentDetector.resolve.
    results.sort { $0.range.start < $1.range.start }
    return results
  }

  /// Appends the phone numbers in `text` to `detections`, in order.
  package func detect(in text: String, context: DetectionContext, appendingTo detections: inout DetectionList) {
    detect(
      in: text, context: context, inputs: DetectionInputs(domainRegions: context.domainRegions),
      appendingTo: &detections)
  }

  /// Appends the phone numbers in `text` to `detections`, in order, asking `inputs` for the regions
  /// of the document's link and e-mail domains only when national numbers need them, after their
  /// scan and languages (another thread may still be finding them meanwhile). The languages and the
  /// validation of national numbers run in `inputs`' blocks.
  package func detect(
    in text: String, context: DetectionContext, inputs: DetectionInputs, appendingTo detections: inout DetectionList
  ) {
    var copy = text
    copy.withUTF8 { bytes in detect(bytes: bytes, context: context, inputs: inputs, into: &detections) }
  }

  /// The languages of a block of national numbers: each distinct one once, and per number its index.
  struct LanguageBlock {
    var distinct: [PhoneRegionInference.RunLanguage?] = []
    var indices: [Int32] = []

    mutating func add(_ language: PhoneRegionInference.RunLanguage?) {
      if let index = distinct.firstIndex(of: language) {
        indices.append(Int32(index))
      } else {
        indices.append(Int32(distinct.count))
        distinct.append(language)
      }
    }
  }

  // MARK: stages

  /// The stages in order: the scan; then, if it kept national numbers, their languages, the domain
  /// regions (asked for only now), the regions to try per language, and the validation.
  private func detect(
    bytes: UnsafeBufferPointer<UInt8>, context: DetectionContext, inputs: DetectionInputs,
    into results: inout some DetectionAppending
  ) {
    let metadata = PhoneMetadata.shared
    let scan = scan(bytes, context: context, metadata: metadata, into: &results)
    guard !scan.nationals.isEmpty else { return }
    // Every national number's language first (identifying it, CLD2, is most of this phase), then
    // the domain regions: on two cores those come from the links and e-mails the other thread is
    // still finding, and asking for them first made this thread wait before it identified anything.
    let languages = nationalLanguages(of: scan.nationals, in: bytes, context: context, blocks: inputs.blocks)
    let domainRegions = inputs.domainRegions()
    // The regions to try, per distinct language, with their numbering plans (looked up once per
    // language, not per number: the lookup uppercased and hashed the code and copied the plan).
    let plans = languages.distinct.map { language in
      PhoneRegionInference.regions(
        runLanguage: language, evidence: scan.evidence, domainRegions: domainRegions, explicit: context.region
      ).map { NationalPlan(region: $0, plan: metadata.region($0.region)) }
    }
    validateNationals(
      scan.nationals, languages: languages, plans: plans, metadata: metadata, context: context,
      blocks: inputs.blocks, into: &results)
  }

  /// What the scan leaves for the later stages: the national candidates, in order, and the regions
  /// of the international numbers found (evidence for the national ones).
  private struct Scan {
    var nationals = PackedPhoneCandidates()
    var evidence: [String] = []
  }

  /// Scans `bytes` for candidates as the scanner finds them: tel: URIs and international numbers
  /// are validated and appended to `results` at once; look-alikes are dropped; national numbers
  /// are kept, since they wait for the whole text's evidence.
  private func scan(
    _ bytes: UnsafeBufferPointer<UInt8>, context: DetectionContext, metadata: PhoneMetadata,
    into results: inout some DetectionAppending
  ) -> Scan {
    var scan = Scan()
    var reasons = ReasonTable()
    PhoneScanner.forEachCandidate(in: bytes) { candidate in
      let telURI = PhoneScanner.isTelURI(bytes, numberStart: candidate.start)
      if telURI && candidate.international {
        // A tel: URI says what it is: a valid number keeps its plan; another global number is still one.
        let match =
          international(candidate, metadata: metadata)
          ?? Match(region: "", type: "number", countryCode: 0, national: candidate.digits[...])
        if !match.region.isEmpty, !scan.evidence.contains(match.region) { scan.evidence.append(match.region) }
        append(
          match, candidate,
          reason: match.region.isEmpty ? "tel: URI, global number" : "tel: URI, valid \(match.region) \(match.type)",
          confidence: match.region.isEmpty ? 0.8 : 0.99, context: context, reasons: &reasons, into: &results)
        return
      }
      if !telURI && PhoneScanner.precededByKeyword(bytes, at: candidate.start) { return }
      if !telURI && candidate.lookAlikeReason() != nil { return }
      guard candidate.international else {
        scan.nationals.append(candidate)
        return
      }
      if let match = international(candidate, metadata: metadata) {
        if !scan.evidence.contains(match.region) { scan.evidence.append(match.region) }
        append(
          match, candidate, reason: "valid \(match.region) \(match.type), international format", confidence: 0.97,
          context: context, reasons: &reasons, into: &results)
      }
    }
    return scan
  }

  /// The language of each national number: each distinct language once, and per number its index.
  private struct NationalLanguages {
    var distinct: [PhoneRegionInference.RunLanguage?] = []
    var indexOf: [Int32] = []
  }

  /// The language of every national number, identified in `blocks` (another thread may help: a
  /// number's language depends only on the text around it, so any thread finds the same), then
  /// merged in block order.
  private func nationalLanguages(
    of nationals: PackedPhoneCandidates, in bytes: UnsafeBufferPointer<UInt8>, context: DetectionContext,
    blocks: DetectionBlocks
  ) -> NationalLanguages {
    let lines = NationalLines(nationals, in: bytes)
    let languageBlock: (Int) -> LanguageBlock = { block in
      var resolver = RunLanguageResolver(context: context, bytes: bytes)
      var found = LanguageBlock()
      let numbers = blocks.items(of: block, among: nationals.count)
      let first = numbers.lowerBound
      // A line's language is identified around its first number and kept for the others on it
      // (`RunLanguageResolver.lastLine`): a block starting mid-line first asks about that number.
      let lineFirst = lines.firstNumber(onLineOf: first)
      if lineFirst < first {
        _ = resolver.language(at: nationals.start(at: lineFirst), line: lines.line(of: lineFirst))
      }
      for stored in numbers {
        found.add(resolver.language(at: nationals.start(at: stored), line: lines.line(of: stored)))
      }
      return found
    }
    var languages = NationalLanguages()
    var languageIndex: [PhoneRegionInference.RunLanguage?: Int32] = [:]
    languages.indexOf.reserveCapacity(nationals.count)
    for block in blocks.map(blocks.count(of: nationals.count), languageBlock) {
      let global = block.distinct.map { language in
        if let index = languageIndex[language] { return index }
        languageIndex[language] = Int32(languages.distinct.count)
        languages.distinct.append(language)
        return Int32(languages.distinct.count - 1)
      }
      for local in block.indices { languages.indexOf.append(global[Int(local)]) }
    }
    return languages
  }

  /// Validates the national numbers in `blocks` (another thread may help: a number's validation
  /// depends on nothing another number's changes) and appends them in block order. Each block has
  /// its own prefix matchers and reason strings.
  private func validateNationals(
    _ nationals: PackedPhoneCandidates, languages: NationalLanguages, plans: [[NationalPlan]],
    metadata: PhoneMetadata, context: DetectionContext, blocks: DetectionBlocks,
    into results: inout some DetectionAppending
  ) {
    let validationBlock: (Int) -> [Detection] = { block in
      var matchers = NationalPrefixParsing.Matchers()
      var reasons = ReasonTable()
      var found: [Detection] = []
      for stored in blocks.items(of: block, among: nationals.count) {
        let index = Int(languages.indexOf[stored])
        validateNational(
          nationals[stored], regions: plans[index], detected: languages.distinct[index]?.source == "detected",
          metadata: metadata, context: context, matchers: &matchers, reasons: &reasons, into: &found)
      }
      return found
    }
    blocks.forEach(blocks.count(of: nationals.count), validationBlock) { block in
      for detection in block { results.append(detection) }
    }
  }

  /// A region national numbers of a language may be from, with its numbering plan.
  private struct NationalPlan {
    var region: PhoneRegionInference.Candidate
    var plan: PhoneMetadata.Region?
  }

  /// Appends `candidate` if it is a valid national number of one of `regions` (in order; plausible
  /// regions count only when exactly one of their group accepts it). `detected`: the regions come
  /// from a language identified from the text, not declared.
  private func validateNational(
    _ candidate: PhoneCandidate, regions: [NationalPlan], detected: Bool, metadata: PhoneMetadata,
    context: DetectionContext, matchers: inout NationalPrefixParsing.Matchers, reasons: inout ReasonTable,
    into results: inout some DetectionAppending
  ) {
    var position = 0
    while position < regions.count {
      let candidateRegion = regions[position].region
      let region = candidateRegion.region
      defer { position += 1 }
      if candidateRegion.plausibleOnly {
        // Plausible regions come as a group: the number counts only when exactly one accepts it.
        var end = position
        while end < regions.count && regions[end].region.plausibleOnly { end += 1 }
        // "00967 …" in Arabic text: dialled with an international prefix of the group, the number
        // says its own country.
        for plausible in regions[position..<end] {
          guard let plan = plausible.plan, let match = dialledAbroad(candidate, plan: plan, metadata: metadata)
          else { continue }
          append(
            match, candidate,
            reason:
              "valid \(match.region) \(match.type), dialled from \(plausible.region.region) with its international "
              + "prefix; region: \(plausible.region.evidence)",
            confidence: 0.9, context: context, reasons: &reasons, into: &results)
          return
        }
        // A region whose national numbers are written with the trunk prefix 0 does not count for a
        // number written without it ("(415) 555-0188" is valid in India and Pakistan as 0415…;
        // a page range "19419–23" in Malawi as 01941923): one region accepting it as written
        // decides. Two such already leave it undecided.
        var valid: [(PhoneRegionInference.Candidate, Match)] = []
        for plausible in regions[position..<end] where valid.count < 2 {
          guard let plan = plausible.plan,
            let match = national(candidate, plan: plan, matchers: &matchers, parsingRules: false)
          else { continue }
          if match.prefixed || plan.nationalPrefix != [0] { valid.append((plausible.region, match)) }
        }
        if valid.count == 1, let (plausible, match) = valid.first {
          append(
            match, candidate,
            reason: "valid \(plausible.region) \(match.type), national format; region: \(plausible.evidence)",
            confidence: 0.75, context: context, reasons: &reasons, into: &results)
          return
        }
        position = end - 1
        continue
      }
      guard let plan = regions[position].plan else { continue }
      if let match = dialledAbroad(candidate, plan: plan, metadata: metadata) {
        append(
          match, candidate,
          reason:
            "valid \(match.region) \(match.type), dialled from \(region) with its international prefix; "
            + "region from \(candidateRegion.evidence)",
          confidence: 0.9, context: context, reasons: &reasons, into: &results)
        return
      }
      guard let match = national(candidate, plan: plan, matchers: &matchers) else { continue }
      var confidence = (match.prefixed || plan.countryCode == 1 ? 0.93 : 0.85) - (position > 0 ? 0.03 : 0)
      if detected && position == 0 { confidence -= 0.02 }
      append(
        match, candidate,
        reason: "valid \(region) \(match.type), national format; region from \(candidateRegion.evidence)",
        confidence: confidence, context: context, reasons: &reasons, into: &results)
      return
    }
    appendIfNorthAmericanShape(candidate, regions: regions, context: context, reasons: &reasons, into: &results)
  }

  /// No plan accepts `candidate`, but it is written in the North American Numbering Plan's own shape
  /// and a NANP region was named: a number a reader takes for a phone (the "555" numbers of examples
  /// and fiction), kept with a lower confidence and said so.
  private func appendIfNorthAmericanShape(
    _ candidate: PhoneCandidate, regions: [NationalPlan], context: DetectionContext, reasons: inout ReasonTable,
    into results: inout some DetectionAppending
  ) {
    if let nanp = regions.first(where: { $0.plan?.countryCode == 1 && !$0.region.plausibleOnly }),
      let national = Self.northAmericanShape(candidate)
    {
      append(
        Match(region: nanp.region.region, type: "", countryCode: 1, national: national), candidate,
        reason:
          "a number in the North American plan's shape (NXX NXX XXXX), not in service in \(nanp.region.region); "
          + "region from \(nanp.region.evidence)",
        confidence: 0.6, context: context, reasons: &reasons, into: &results)
    }
  }

  /// The ten national digits of a candidate written in the North American Numbering Plan's shape:
  /// three groups of 3, 3 and 4 digits (after an optional leading 1), an area code and an exchange
  /// that start with 2–9, an area code that is not a service code (N11), not one digit repeated.
  /// ATIS-0300051, 2.
  static func northAmericanShape(_ candidate: PhoneCandidate) -> ArraySlice<UInt8>? {
    var digits = candidate.digits[...]
    var groups = candidate.groups[...]
    if digits.count == 11, digits.first == 1, groups.first == 1 {
      digits = digits.dropFirst()
      groups = groups.dropFirst()
    }
    guard !candidate.international, digits.count == 10, Array(groups) == [3, 3, 4] else { return nil }
    let d = Array(digits)
    guard (2...9).contains(d[0]), (2...9).contains(d[3]), !(d[1] == 1 && d[2] == 1),
      // One digit repeated ("999-999-9999") is a form's placeholder, not a number.
      d.contains(where: { $0 != d[0] })
    else { return nil }
    return digits
  }

  private struct Match {
    var region: String
    var type: String
    var countryCode: Int
    var national: ArraySlice<UInt8>
    var prefixed = false
  }

  private func international(_ candidate: PhoneCandidate, metadata: PhoneMetadata) -> Match? {
    international(candidate.digits[...], metadata: metadata)
  }

  /// A number dialled from `plan`'s region with its international (IDD) prefix: "0064 3 331 6005"
  /// in NZ, "011 44 20 7946 0018" in the US.
  private func dialledAbroad(_ candidate: PhoneCandidate, plan: PhoneMetadata.Region, metadata: PhoneMetadata)
    -> Match?
  {
    for length in plan.internationalPrefixLengths(of: candidate.digits) {
      if let match = international(candidate.digits.dropFirst(length), metadata: metadata) { return match }
    }
    return nil
  }

  private func international(_ digits: ArraySlice<UInt8>, metadata: PhoneMetadata) -> Match? {
    for length in 1...3 where digits.count > length + 3 {
      let code = digits.prefix(length).reduce(0) { $0 * 10 + Int($1) }
      guard let regions = metadata.regionsByCountryCode[code] else { continue }
      let rest = digits.dropFirst(length)
      for plan in regions {
        if let type = plan.validType(of: rest) {
          return Match(region: plan.code, type: type, countryCode: code, national: rest)
        }
        // "+44 (0)20 …": a trunk prefix written in parentheses.
        if !plan.nationalPrefix.isEmpty, rest.starts(with: plan.nationalPrefix) {
          let stripped = rest.dropFirst(plan.nationalPrefix.count)
          if let type = plan.validType(of: stripped) {
            return Match(region: plan.code, type: type, countryCode: code, national: stripped)
          }
        }
      }
      return nil
    }
    return nil
  }

  /// `parsingRules`: also try the region's national prefix for parsing (a regular expression: only
  /// for regions the evidence names, not for every region a script makes plausible).
  private func national(
    _ candidate: PhoneCandidate, plan: PhoneMetadata.Region, matchers: inout NationalPrefixParsing.Matchers,
    parsingRules: Bool = true
  ) -> Match? {
    let digits = candidate.digits[...]
    if !plan.nationalPrefix.isEmpty, digits.starts(with: plan.nationalPrefix) {
      let stripped = digits.dropFirst(plan.nationalPrefix.count)
      if let type = plan.validType(of: stripped) {
        return Match(region: plan.code, type: type, countryCode: plan.countryCode, national: stripped, prefixed: true)
      }
    }
    if let type = plan.validType(of: digits) {
      return Match(region: plan.code, type: type, countryCode: plan.countryCode, national: digits)
    }
    // More than a trunk prefix: Argentina's "0343 15 555 1212", a NANP island's seven-digit number.
    if let national = matchers.national(digits, region: plan.code), let type = plan.validType(of: national) {
      return Match(
        region: plan.code, type: type, countryCode: plan.countryCode, national: national[...], prefixed: true)
    }
    return nil
  }

  private func append(
    _ match: Match, _ candidate: PhoneCandidate, reason: String, confidence: Double,
    context: DetectionContext, reasons: inout ReasonTable, into results: inout some DetectionAppending
  ) {
    let range = TextRange(start: candidate.start, end: candidate.end)
    guard !context.isExcluded(range) else { return }
    // "tel:+", the country code, the national digits, ";ext=" and the extension's: made as bytes,
    // then one string (the pieces joined as strings cost five allocations a number).
    var bytes: [UInt8] = []
    bytes.reserveCapacity(9 + match.national.count + candidate.extensionDigits.count + 5)
    bytes.append(contentsOf: "tel:+".utf8)
    if match.countryCode != 0 { bytes.append(contentsOf: String(match.countryCode).utf8) }
    for digit in match.national { bytes.append(digit + 0x30) }
    var fullReason = reason
    if !candidate.extensionDigits.isEmpty {
      bytes.append(contentsOf: ";ext=".utf8)
      for digit in candidate.extensionDigits { bytes.append(digit + 0x30) }
      fullReason += ", with extension"
    }
    let value = String(decoding: bytes, as: UTF8.self)
    results.append(
      Detection(
        kind: .phone, range: range, value: value, source: .text, confidence: confidence,
        reason: reasons.shared(fullReason)))
  }

}

/// The language a national number sits in: the innermost declared `lang`, else the document's
/// language, else (when allowed) the language identified from its line or paragraph, each line
/// identified at most once.
private struct RunLanguageResolver {
  let context: DetectionContext
  let bytes: UnsafeBufferPointer<UInt8>
  /// The stretches of lines too short to identify (each identified once, issue 42).
  private var stretches = LanguageIdentifier.Stretches(LanguageIdentifier())
  /// The language identified for the last line asked about. Numbers are asked about in document
  /// order, so one line remembered is every line's answer computed once (a dictionary of every line
  /// held ~20 MB for a 50 MB text's 200,000 numbers).
  private var lastLine: (start: Int, language: PhoneRegionInference.RunLanguage?)?
  /// Bytes either side of a number identified first.
  static let radius = 96

  init(context: DetectionContext, bytes: UnsafeBufferPointer<UInt8>) {
    self.context = context
    self.bytes = bytes
  }

  /// The language of the number at `offset`, on `line` (its `TextSegments.line(containing:in:)`).
  mutating func language(at offset: Int, line: Range<Int>) -> PhoneRegionInference.RunLanguage? {
    if let tag = context.languageRuns.tag(at: offset) { return .init(tag: tag, source: "declared") }
    if let tag = context.language { return .init(tag: tag, source: "declared") }
    if let entry = context.languageRuns.entry(at: offset) { return .init(tag: entry.tag, source: "detected") }
    guard context.identifiesLanguages else { return nil }
    // As if every line had been identified up front: a line whose start declares a language has no
    // detected run, and its numbers are identified by their words as below.
    if context.identifiesWholeLines, context.languageRuns.tag(at: line.lowerBound) == nil {
      if let lastLine, lastLine.start == line.lowerBound { return lastLine.language }
      let found = stretches.identifyLine(line, in: bytes).map {
        PhoneRegionInference.RunLanguage(tag: $0.language, source: "detected")
      }
      lastLine = (line.lowerBound, found)
      return found
    }
    let found: PhoneRegionInference.RunLanguage?
    if let lastLine, lastLine.start == line.lowerBound {
      found = lastLine.language
    } else {
      // The words around the number first (CLD2 scores about 17 MB/s here, so a 3 KB paragraph per
      // number would cost more than all detection), then its line and paragraph when those are unclear.
      let window = TextSegments.window(around: offset, within: line, radius: Self.radius, in: bytes)
      var identification = stretches.identifyShort(bytes[window])
      if identification == nil {
        // The line is not identified again when it is the window.
        identification =
          window == line
          ? stretches.identifyStretch(around: line, in: bytes) : stretches.identifyLine(line, in: bytes)
      }
      found = identification.map {
        PhoneRegionInference.RunLanguage(tag: $0.language, source: "detected", alternatives: $0.alternatives)
      }
      lastLine = (line.lowerBound, found)
    }
    // The word labelling the number ("Telefone :", "Тел.:", "Fax-Nummer:") says its language too:
    // the language when the text is too short to identify, else evidence right after it (CLD2 calls
    // "Fax-Nummer: 07321/9469577" Swedish). Per number: a line may hold labels in two languages.
    guard let label = PhoneLabelWords.language(before: offset, line: line, in: bytes) else { return found }
    guard var found else {
      return PhoneRegionInference.RunLanguage(tag: label.tag, source: "the label “\(label.word)”, so")
    }
    if label.tag != found.tag { found.label = .init(tag: label.tag, word: label.word) }
    return found
  }
}

/// The line of each national number (`TextSegments.line(containing:in:)`), found in one forward
/// pass: asked anew per number, each scanned its whole line, so a long line with many numbers cost
/// the line's length per number (a 390 KB line of 10,000 numbers took 1.1 s, twice that 5.3 s).
/// Also which number is the first on each line, for blocks that start mid-line.
struct NationalLines {
  private var lines: [Range<Int>] = []
  private var lineOf: [Int32] = []
  private var firstOnLine: [Int32] = []

  init(_ nationals: PackedPhoneCandidates, in bytes: UnsafeBufferPointer<UInt8>) {
    lineOf.reserveCapacity(nationals.count)
    for stored in 0..<nationals.count {
      let offset = nationals.start(at: stored)
      if lines.last.map({ offset > $0.upperBound }) ?? true {
        // Back to the line feed before the number, but never into the previous line found.
        let floor = lines.last.map { $0.upperBound + 1 } ?? 0
        var start = min(offset, bytes.count)
        while start > floor && bytes[start - 1] != 0x0A { start -= 1 }
        var end = min(offset, bytes.count)
        if end < bytes.count, let base = bytes.baseAddress,
          let found = memchr(base + end, 0x0A, bytes.count - end)
        {
          end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        } else {
          end = bytes.count
        }
        lines.append(start..<end)
        firstOnLine.append(Int32(stored))
      }
      lineOf.append(Int32(lines.count - 1))
    }
  }

  func line(of stored: Int) -> Range<Int> { lines[Int(lineOf[stored])] }
  func firstNumber(onLineOf stored: Int) -> Int { Int(firstOnLine[Int(lineOf[stored])]) }
}

/// One stored copy of each distinct reason: a large text has hundreds of thousands of phone numbers
/// and a few dozen reasons, each otherwise its own heap string in every detection.
struct ReasonTable {
  private var seen: Set<String> = []

  mutating func shared(_ reason: String) -> String { seen.insert(reason).memberAfterInsert }
}
