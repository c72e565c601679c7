import Testing
import UnicodeSupport

/// BCP 47 tags in ICU's form, and the likely region of a language (a national number's region).
@Suite struct LocaleInfoTests {
  @Test func likelyRegions() {
    #expect(LocaleInfo.likelyRegion(forLanguageTag: "ja") == "JP")
    #expect(LocaleInfo.likelyRegion(forLanguageTag: "vi") == "VN")
    #expect(LocaleInfo.likelyRegion(forLanguageTag: "en-GB") == "GB")
    #expect(LocaleInfo.icuLocale(forLanguageTag: "zh-Hans-CN") == "zh_Hans_CN")
  }
}
