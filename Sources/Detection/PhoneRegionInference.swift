internal import UnicodeSupport

/// Which regions national phone numbers ("03-1234-5678") are read in, from the evidence: the
/// caller's `--region`, else the regions of international numbers already seen in the document (in
/// the order they appear), then the document language's likely region (ICU likely subtags: ja → JP,
/// zh → CN, vi → VN, ar → EG, en → US), else the process locale's region. Never every region at once.
public enum PhoneRegionInference {
  /// The ordered regions to try.
  public static func regions(explicit: String?, evidence: [String], language: String?) -> [String] {
    if let explicit { return [explicit.uppercased()] }
    var regions = evidence
    if let language, let region = LocaleInfo.likelyRegion(forLanguageTag: language), !regions.contains(region) {
      regions.append(region)
      // A tag that names its region ("en-GB") has said it already; likely subtags keep it.
    }
    if regions.isEmpty, let region = LocaleInfo.likelyRegion(forLanguageTag: LocaleInfo.defaultLocale) {
      regions.append(region)
    }
    return regions
  }
}
