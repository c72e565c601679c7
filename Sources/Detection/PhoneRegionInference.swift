internal import UnicodeSupport

/// Which regions a national phone number ("03-1234-5678") is read in, in order, each with the
/// evidence that named it (issue 44: the caller first; a language of many countries names none):
/// 1. the caller's `--region`, which is a constraint, not a first guess: when given it is the only
///    region tried, so a national number not valid there is left undetected rather than re-homed by
///    the language around it;
/// 2. the language of the run the number sits in when it names one country — a declared `lang`,
///    else the document's language, else the language identified from the text around it — through
///    ICU likely subtags (ja → JP, de-AT → AT, zh-Hant → TW, vi → VN);
/// 3. the document's own evidence: regions of international numbers already seen, in order, then
///    the country-code top-level domains of its links and e-mail addresses (".ae" → AE);
///    then the countries of a declared language spoken in many (ar, en, es, fr, sw:
///    `LanguageRegions`), which picks none of them unless its tag names a region: a plausible
///    group, as the regions a script allows are;
/// 4. the process locale's region, when nothing above named one (a plausible group names none, nor
///    does a link's country-code domain).
///
/// The detector tries them in order and takes the first whose numbering plan the number is valid
/// in, so a later region only matters when the earlier ones reject the number. Never every region
/// at once. A number valid in none of them is refused, even when another region would accept it.
package enum PhoneRegionInference {
  /// A region to try and why.
  package struct Candidate: Hashable, Sendable {
    package var region: String
    package var evidence: String
    /// A region the text's script makes plausible without naming it: accepted only when the number
    /// is valid in exactly one such region.
    package var plausibleOnly = false
  }

  /// The language a number sits in and where that language came from.
  package struct RunLanguage: Hashable, Sendable {
    package var tag: String
    /// "declared" (a `lang` run or the document's language) or "detected".
    package var source: String
    /// Languages the text could as well be in (`LanguageIdentifier/Identification/alternatives`).
    package var alternatives: [String]
    /// The language of a word labelling the number ("Fax-Nummer" → de) when it differs from `tag`.
    package var label: Label?

    /// A word labelling a number and its language.
    package struct Label: Hashable, Sendable {
      package var tag: String
      package var word: String
    }
    package init(tag: String, source: String, alternatives: [String] = []) {
      self.tag = tag
      self.source = source
      self.alternatives = alternatives
    }
  }

  /// The ordered regions to try.
  package static func regions(
    runLanguage: RunLanguage?, evidence: [String], domainRegions: [String] = [], explicit: String?
  ) -> [Candidate] {
    var regions: [Candidate] = []
    func add(_ region: String, _ why: String, plausibleOnly: Bool = false) {
      // A region named outright is tried on its own even when a plausible group holds it (the
      // locale's US after English's countries: valid in the US and in India, the group is undecided).
      if !regions.contains(where: { $0.region == region && ($0.plausibleOnly == plausibleOnly || !$0.plausibleOnly) }) {
        regions.append(Candidate(region: region, evidence: why, plausibleOnly: plausibleOnly))
      }
    }
    if let explicit { return [Candidate(region: explicit.uppercased(), evidence: "--region")] }
    // The run's language when it names one country, then the document's evidence, then the
    // countries of a language spoken in many (a plausible group, as the script's regions are).
    var languages: [(tag: String, why: String)] = []
    if let runLanguage { languages.append((runLanguage.tag, "\(runLanguage.source) language \(runLanguage.tag)")) }
    if let label = runLanguage?.label {
      languages.append((label.tag, "the label “\(label.word)” (language \(label.tag))"))
    }
    // A declared language spoken in many countries names none of them; one identified from the
    // words around the number, or a label's, still names its likely region (identification says
    // the language of a few words, and the labelled set's Spanish, English and Arabic numbers are
    // read in Spain, the US and Egypt: `91 577 18 49` is valid in Peru too).
    let many = { (index: Int, tag: String) -> [String]? in
      index == 0 && runLanguage?.source == "declared" ? manyCountries(tag) : nil
    }
    for (index, (tag, why)) in languages.enumerated() where many(index, tag) == nil {
      if let region = LocaleInfo.likelyRegion(forLanguageTag: tag) { add(region, why) }
    }
    for region in evidence { add(region, "an international number from \(region) in the document") }
    let named = regions.contains { !$0.plausibleOnly }
    for region in domainRegions {
      add(region, "a .\(region == "GB" ? "uk" : region.lowercased()) address in the document")
    }
    for (index, (tag, why)) in languages.enumerated() {
      for region in many(index, tag) ?? [] {
        add(
          region, "\(why), spoken in many countries: the only one of them where the number is valid",
          plausibleOnly: true)
      }
    }
    for tag in runLanguage?.alternatives ?? [] {
      if let region = LocaleInfo.likelyRegion(forLanguageTag: tag) {
        add(region, "the only plausible region for the script (\(tag)) where the number is valid", plausibleOnly: true)
      }
    }
    // A link's country-code domain is weak evidence (".io", ".co" and ".tv" name no country to most
    // who use them): it is tried first, but it does not stand in for the locale.
    if !named,
      let region = LocaleInfo.likelyRegion(forLanguageTag: LocaleInfo.defaultLocale)
    {
      add(region, "the locale")
    }
    return regions
  }

  /// The countries of a language spoken in many (`LanguageRegions`), or nil: a tag naming a
  /// region ("ar-AE", "en-GB") names one country, and so does a language most of whose speakers
  /// live in one.
  package static func manyCountries(_ tag: String) -> [String]? {
    var subtags = tag.split(whereSeparator: { $0 == "-" || $0 == "_" })
    guard let language = subtags.first else { return nil }
    subtags.removeFirst()
    let namesRegion = subtags.contains { subtag in
      (subtag.count == 2 && subtag.allSatisfy(\.isLetter)) || (subtag.count == 3 && subtag.allSatisfy(\.isNumber))
    }
    return namesRegion ? nil : LanguageRegions.manyCountries[language.lowercased()]
  }
}
