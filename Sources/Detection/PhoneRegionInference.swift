internal import UnicodeSupport

/// Which regions a national phone number ("03-1234-5678") is read in, in order, each with the
/// evidence that named it:
/// 1. the language of the run the number sits in — a declared `lang`, else the document's language,
///    else the language identified from the text around it — through ICU likely subtags (ja → JP,
///    de-AT → AT, zh-Hant → TW, vi → VN);
/// 2. the document's evidence: regions of international numbers already seen, in order, then the
///    country-code top-level domains of its links and e-mail addresses (".de" → DE);
/// 3. the caller's `--region`;
/// 4. the process locale's region, when nothing above named one.
///
/// The detector tries them in order and takes the first whose numbering plan the number is valid
/// in, so a later region only matters when the earlier ones reject the number. Never every region
/// at once.
public enum PhoneRegionInference {
  /// A region to try and why.
  public struct Candidate: Hashable, Sendable {
    public var region: String
    public var evidence: String
    /// A region the text's script makes plausible without naming it: accepted only when the number
    /// is valid in exactly one such region.
    public var plausibleOnly = false
  }

  /// The language a number sits in and where that language came from.
  public struct RunLanguage: Hashable, Sendable {
    public var tag: String
    /// "declared" (a `lang` run or the document's language) or "detected".
    public var source: String
    /// Languages the text could as well be in (``LanguageIdentifier/Identification/alternatives``).
    public var alternatives: [String]
    /// The language of a word labelling the number ("Fax-Nummer" → de) when it differs from `tag`.
    public var label: Label?

    /// A word labelling a number and its language.
    public struct Label: Hashable, Sendable {
      public var tag: String
      public var word: String
    }
    public init(tag: String, source: String, alternatives: [String] = []) {
      self.tag = tag
      self.source = source
      self.alternatives = alternatives
    }
  }

  /// The ordered regions to try.
  public static func regions(
    runLanguage: RunLanguage?, evidence: [String], domainRegions: [String] = [], explicit: String?
  ) -> [Candidate] {
    var regions: [Candidate] = []
    func add(_ region: String, _ why: String, plausibleOnly: Bool = false) {
      if !regions.contains(where: { $0.region == region }) {
        regions.append(Candidate(region: region, evidence: why, plausibleOnly: plausibleOnly))
      }
    }
    if let runLanguage, let region = LocaleInfo.likelyRegion(forLanguageTag: runLanguage.tag) {
      add(region, "\(runLanguage.source) language \(runLanguage.tag)")
    }
    if let label = runLanguage?.label, let region = LocaleInfo.likelyRegion(forLanguageTag: label.tag) {
      add(region, "the label “\(label.word)” (language \(label.tag))")
    }
    for tag in runLanguage?.alternatives ?? [] {
      if let region = LocaleInfo.likelyRegion(forLanguageTag: tag) {
        add(region, "the only plausible region for the script (\(tag)) where the number is valid", plausibleOnly: true)
      }
    }
    for region in evidence { add(region, "an international number from \(region) in the document") }
    for region in domainRegions {
      add(region, "a .\(region == "GB" ? "uk" : region.lowercased()) address in the document")
    }
    if let explicit {
      let explicit = explicit.uppercased()
      if let plausible = regions.firstIndex(where: { $0.region == explicit && $0.plausibleOnly }) {
        // The script left several regions open and the caller names one of them: that one, in
        // the place of the open group.
        let groupStart = regions.firstIndex(where: \.plausibleOnly) ?? plausible
        regions.removeAll { $0.plausibleOnly }
        regions.insert(
          Candidate(region: explicit, evidence: "--region, among the regions the script allows"), at: groupStart)
      } else {
        add(explicit, "--region")
      }
    }
    if regions.isEmpty, let region = LocaleInfo.likelyRegion(forLanguageTag: LocaleInfo.defaultLocale) {
      add(region, "the locale")
    }
    return regions
  }
}
