internal import UnicodeSupport

/// Which regions a national phone number ("03-1234-5678") is read in, in order, each with the
/// evidence that named it (issue 44: what the caller and the document say outrank the language):
/// 1. the caller's `--region`;
/// 2. the document's own evidence: regions of international numbers already seen, in order, then
///    the country-code top-level domains of its links and e-mail addresses (".ae" → AE);
/// 3. the language of the run the number sits in — a declared `lang`, else the document's language,
///    else the language identified from the text around it — through ICU likely subtags (ja → JP,
///    de-AT → AT, zh-Hant → TW, vi → VN). A language spoken in many countries (ar, en, es, fr, sw:
///    ``LanguageRegions``) picks none of them unless its tag names a region: its countries are a
///    plausible group, as the regions a script allows are;
/// 4. the process locale's region, when nothing above named one.
///
/// The detector tries them in order and takes the first whose numbering plan the number is valid
/// in, so a later region only matters when the earlier ones reject the number. Never every region
/// at once. A number valid in none of them is refused, even when another region would accept it.
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
    if let explicit { add(explicit.uppercased(), "--region") }
    for region in evidence { add(region, "an international number from \(region) in the document") }
    for region in domainRegions {
      add(region, "a .\(region == "GB" ? "uk" : region.lowercased()) address in the document")
    }
    func addLanguage(_ tag: String, _ why: String) {
      if let countries = manyCountries(tag) {
        for region in countries {
          add(
            region, "\(why), spoken in many countries: the only one of them where the number is valid",
            plausibleOnly: true)
        }
      } else if let region = LocaleInfo.likelyRegion(forLanguageTag: tag) {
        add(region, why)
      }
    }
    if let runLanguage { addLanguage(runLanguage.tag, "\(runLanguage.source) language \(runLanguage.tag)") }
    if let label = runLanguage?.label {
      addLanguage(label.tag, "the label “\(label.word)” (language \(label.tag))")
    }
    for tag in runLanguage?.alternatives ?? [] {
      if let region = LocaleInfo.likelyRegion(forLanguageTag: tag) {
        add(region, "the only plausible region for the script (\(tag)) where the number is valid", plausibleOnly: true)
      }
    }
    if !regions.contains(where: { !$0.plausibleOnly }),
      let region = LocaleInfo.likelyRegion(forLanguageTag: LocaleInfo.defaultLocale)
    {
      add(region, "the locale")
    }
    return regions
  }

  /// The countries of a language spoken in many (``LanguageRegions``), or nil: a tag naming a
  /// region ("ar-AE", "en-GB") names one country, and so does a language most of whose speakers
  /// live in one.
  public static func manyCountries(_ tag: String) -> [String]? {
    var subtags = tag.split(whereSeparator: { $0 == "-" || $0 == "_" })
    guard let language = subtags.first else { return nil }
    subtags.removeFirst()
    let namesRegion = subtags.contains { subtag in
      (subtag.count == 2 && subtag.allSatisfy(\.isLetter)) || (subtag.count == 3 && subtag.allSatisfy(\.isNumber))
    }
    return namesRegion ? nil : LanguageRegions.manyCountries[language.lowercased()]
  }
}
