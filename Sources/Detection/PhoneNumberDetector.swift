internal import TextModel

/// Finds telephone numbers for every region, validated against libphonenumber's numbering plans
/// (compiled into `PhoneMetadata` by tools/generate_phone_metadata.py).
///
/// A fast byte scan finds digit runs (ASCII, fullwidth and Arabic-Indic digits; spaces, hyphens,
/// dots, slashes and parentheses between groups; direction marks ignored), then look-alikes are
/// rejected before validation: dates and date ranges, times, ISBNs (checksum), IP addresses,
/// versions, coordinates, prices, postal codes, scores, "1920x1080", long order or account numbers.
/// International numbers ("+81 3-1234-5678") are validated in the regions of their country code;
/// national ones ("03-1234-5678") in the regions the evidence names (``PhoneRegionInference``), never
/// in all regions at once. The value is `tel:+E164` with `;ext=` for an extension.
///
/// - Complexity: O(n) over the UTF-8 text; validation walks one automaton per candidate and region.
public struct PhoneNumberDetector: TextDetector {
  /// Creates a phone-number detector with the generated metadata tables.
  public init() {}

  /// The phone numbers in `text`, in order, with E.164 values; national numbers are read in
  /// `context.region` (or the region of `context.language`).
  /// - Complexity: O(n) in the length of `text`.
  public func detect(in text: String, context: DetectionContext) -> [Detection] {
    var copy = text
    return copy.withUTF8 { bytes in
      let candidates = scan(bytes)
      guard !candidates.isEmpty else { return [] }
      return validate(candidates, bytes: bytes, context: context)
    }
  }

  // MARK: validation

  private func validate(_ candidates: [PhoneCandidate], bytes: UnsafeBufferPointer<UInt8>, context: DetectionContext)
    -> [Detection]
  {
    let metadata = PhoneMetadata.shared
    var results: [Detection] = []
    var nationals: [PhoneCandidate] = []
    var evidence: [String] = []
    for candidate in candidates {
      if PhoneScanner.precededByKeyword(bytes, at: candidate.start) { continue }
      if candidate.lookAlikeReason() != nil { continue }
      guard candidate.international else {
        nationals.append(candidate)
        continue
      }
      if let match = international(candidate, metadata: metadata) {
        if !evidence.contains(match.region) { evidence.append(match.region) }
        append(
          match, candidate, reason: "valid \(match.region) \(match.type), international format", confidence: 0.97,
          context: context, into: &results)
      }
    }
    if !nationals.isEmpty {
      let regions = PhoneRegionInference.regions(
        explicit: context.region, evidence: evidence, language: context.language)
      for candidate in nationals {
        for (position, region) in regions.enumerated() {
          guard let plan = metadata.region(region), let match = national(candidate, plan: plan) else { continue }
          let confidence = (match.prefixed || plan.countryCode == 1 ? 0.93 : 0.85) - (position > 0 ? 0.03 : 0)
          append(
            match, candidate, reason: "valid \(region) \(match.type), national format", confidence: confidence,
            context: context, into: &results)
          break
        }
      }
      results.sort { $0.range.start < $1.range.start }
    }
    return results
  }

  private struct Match {
    var region: String
    var type: String
    var countryCode: Int
    var national: ArraySlice<UInt8>
    var prefixed = false
  }

  private func international(_ candidate: PhoneCandidate, metadata: PhoneMetadata) -> Match? {
    let digits = candidate.digits[...]
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

  private func national(_ candidate: PhoneCandidate, plan: PhoneMetadata.Region) -> Match? {
    let digits = candidate.digits[...]
    if !plan.nationalPrefix.isEmpty, digits.starts(with: plan.nationalPrefix) {
      let stripped = digits.dropFirst(plan.nationalPrefix.count)
      if let type = plan.validType(of: stripped) {
        return Match(region: plan.code, type: type, countryCode: plan.countryCode, national: stripped, prefixed: true)
      }
    }
    guard let type = plan.validType(of: digits) else { return nil }
    return Match(region: plan.code, type: type, countryCode: plan.countryCode, national: digits)
  }

  private func append(
    _ match: Match, _ candidate: PhoneCandidate, reason: String, confidence: Double,
    context: DetectionContext, into results: inout [Detection]
  ) {
    let range = TextRange(start: candidate.start, end: candidate.end)
    guard !context.isExcluded(range) else { return }
    var value = "tel:+\(match.countryCode)" + String(decoding: match.national.map { $0 + 0x30 }, as: UTF8.self)
    var fullReason = reason
    if !candidate.extensionDigits.isEmpty {
      value += ";ext=" + String(decoding: candidate.extensionDigits.map { $0 + 0x30 }, as: UTF8.self)
      fullReason += ", with extension"
    }
    results.append(
      Detection(
        kind: .phone, range: range, value: value, source: .text, confidence: confidence,
        reason: fullReason))
  }

  private func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> [PhoneCandidate] {
    PhoneScanner.candidates(in: bytes)
  }
}
